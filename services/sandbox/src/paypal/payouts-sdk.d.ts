// PayPal's Payouts SDK ships no types; these cover what the contract test calls.
declare module '@paypal/payouts-sdk' {
  interface PayPalRequest {
    path: string;
    verb: string;
    headers: Record<string, string>;
  }
  interface PayPalResponse<T = unknown> {
    statusCode: number;
    headers: Record<string, string>;
    result: T;
  }
  interface PayoutsGetRequest extends PayPalRequest {
    page(page: number): PayoutsGetRequest;
    pageSize(size: number): PayoutsGetRequest;
    totalRequired(required: boolean): PayoutsGetRequest;
  }
  interface PayPalEnvironment {
    baseUrl: string;
  }
  const sdk: {
    core: {
      PayPalEnvironment: new (
        clientId: string,
        clientSecret: string,
        baseUrl: string,
        webUrl: string,
      ) => PayPalEnvironment;
      PayPalHttpClient: new (environment: PayPalEnvironment) => {
        execute<T = unknown>(request: PayPalRequest): Promise<PayPalResponse<T>>;
      };
    };
    payouts: {
      PayoutsPostRequest: new () => PayPalRequest & { requestBody(body: unknown): PayPalRequest };
      PayoutsGetRequest: new (batchId: string) => PayoutsGetRequest;
      PayoutsItemGetRequest: new (itemId: string) => PayPalRequest;
      PayoutsItemCancelRequest: new (itemId: string) => PayPalRequest;
    };
  };
  export = sdk;
}
