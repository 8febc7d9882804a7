/** Thrown for answers that won't get better by retrying (`retryable` false): refused credentials or requests. */
export class PayPalError extends Error {
  constructor(
    readonly type: 'PAYPAL_AUTH' | 'PAYPAL_REJECTED',
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

export interface PayPalSettings {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}
export interface PayPalItem {
  senderItemId: string;
  receiver: string;
  amount: number;
  currency: string;
  note: string;
}
export type BatchStatus = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED' | 'CANCELED';

/**
 * The PayPal Payouts API, as much as the payout run needs: a client-credentials token, one
 * batch per run (its `sender_batch_id` is the run id, so a retried create is refused as a
 * duplicate instead of paying twice), and the batch's status.
 */
export function paypalClient(s: PayPalSettings) {
  let token: { value: string; until: number } | null = null;
  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await fetch(`${s.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${s.clientId}:${s.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; error_description?: string };
    if (!res.ok || !body.access_token)
      throw new PayPalError(
        'PAYPAL_AUTH',
        `PayPal-Anmeldung fehlgeschlagen: ${body.error_description ?? res.status}`,
        res.status !== 401,
      );
    token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }
  async function call<T>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${s.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    if (res.status === 401) token = null;
    // 429 and 5xx are worth another try (Temporal retries the activity); PayPal says a 5xx may be retried with the same sender_batch_id.
    if (res.status === 401 || res.status === 429 || res.status >= 500)
      throw new Error(`PayPal ${method} ${path}: ${res.status}`);
    return { status: res.status, body: (await res.json()) as T };
  }
  return {
    async createBatch(senderBatchId: string, items: PayPalItem[]): Promise<{ batchId: string; status: BatchStatus }> {
      type Created = {
        batch_header?: { payout_batch_id: string; batch_status: BatchStatus };
        name?: string;
        message?: string;
        details?: { field?: string; issue?: string }[];
        links?: { href: string; rel: string }[];
      };
      const res = await call<Created>('POST', '/v1/payments/payouts', {
        sender_batch_header: {
          sender_batch_id: senderBatchId,
          recipient_type: 'EMAIL',
          email_subject: 'Deine Belegfluss-Provision',
          email_message: 'Deine Provision aus dem Belegfluss-Partnerprogramm.',
        },
        items: items.map((i) => ({
          recipient_type: 'EMAIL',
          amount: { value: i.amount.toFixed(2), currency: i.currency },
          receiver: i.receiver,
          note: i.note,
          sender_item_id: i.senderItemId,
        })),
      });
      if (res.status === 201 && res.body.batch_header)
        return { batchId: res.body.batch_header.payout_batch_id, status: res.body.batch_header.batch_status };
      // A retry after a lost answer: PayPal refuses the same sender_batch_id and links the batch it already has.
      const original = res.body.details?.some((d) => d.field === 'SENDER_BATCH_ID')
        ? res.body.links?.find((l) => l.rel === 'self')?.href
        : undefined;
      if (original) return { batchId: original.slice(original.lastIndexOf('/') + 1), status: 'PENDING' };
      throw new PayPalError(
        'PAYPAL_REJECTED',
        `PayPal lehnt die Auszahlung ab: ${res.body.name ?? res.status} ${JSON.stringify(res.body.details ?? [])}`,
      );
    },
    async batchStatus(batchId: string): Promise<BatchStatus> {
      const res = await call<{ batch_header?: { batch_status: BatchStatus } }>(
        'GET',
        `/v1/payments/payouts/${encodeURIComponent(batchId)}`,
      );
      if (res.status !== 200 || !res.body.batch_header)
        throw new PayPalError('PAYPAL_REJECTED', `PayPal kennt den Stapel ${batchId} nicht (${res.status})`);
      return res.body.batch_header.batch_status;
    },
    /**
     * PayPal's own check of a webhook (`POST /v1/notifications/verify-webhook-signature`): the
     * transmission headers and the event exactly as received, against our webhook id.
     */
    async verifyWebhook(
      headers: (name: string) => string | undefined,
      event: unknown,
      webhookId: string,
    ): Promise<boolean> {
      const h = (name: string) => headers(name) ?? '';
      const res = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: h('paypal-auth-algo'),
        cert_url: h('paypal-cert-url'),
        transmission_id: h('paypal-transmission-id'),
        transmission_sig: h('paypal-transmission-sig'),
        transmission_time: h('paypal-transmission-time'),
        webhook_id: webhookId,
        webhook_event: event,
      });
      return res.status === 200 && res.body.verification_status === 'SUCCESS';
    },
  };
}
