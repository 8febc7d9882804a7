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
/** One payout item as PayPal reports it; `senderItemId` is the id we gave it (our payout's id). */
export interface PayPalItemState {
  itemId: string;
  senderItemId: string;
  status: string;
  error?: string;
}
type RawItem = {
  payout_item_id?: string;
  transaction_status?: string;
  payout_item?: { sender_item_id?: string };
  errors?: { name?: string; message?: string };
};
const itemState = (i: RawItem): PayPalItemState => ({
  itemId: i.payout_item_id ?? '',
  senderItemId: i.payout_item?.sender_item_id ?? '',
  status: i.transaction_status ?? 'PENDING',
  ...(i.errors?.name ? { error: i.errors.name } : {}),
});
/** PayPal's largest page of batch items; a run pays far fewer partners than MAX_PAGES pages hold. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 100;

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
    /**
     * The batch's status and every item's (`GET /v1/payments/payouts/{id}`, page by page as PayPal
     * pages them): a batch reports SUCCESS once its items are processed, even when single items
     * failed or wait to be claimed, so only the items say which payout was paid.
     */
    async readBatch(batchId: string): Promise<{ status: BatchStatus; items: PayPalItemState[] }> {
      type Page = {
        batch_header?: { batch_status: BatchStatus };
        items?: RawItem[];
        links?: { href: string; rel: string }[];
      };
      const items: PayPalItemState[] = [];
      let status: BatchStatus | undefined;
      for (let page = 1; page <= MAX_PAGES; page++) {
        const res = await call<Page>(
          'GET',
          `/v1/payments/payouts/${encodeURIComponent(batchId)}?page=${page}&page_size=${PAGE_SIZE}`,
        );
        if (res.status !== 200 || !res.body.batch_header)
          throw new PayPalError('PAYPAL_REJECTED', `PayPal kennt den Stapel ${batchId} nicht (${res.status})`);
        status = res.body.batch_header.batch_status;
        items.push(...(res.body.items ?? []).map(itemState));
        if (!res.body.links?.some((l) => l.rel === 'next')) break;
      }
      return { status: status!, items };
    },
    /** One item (`GET /v1/payments/payouts-item/{id}`). */
    async readItem(itemId: string): Promise<PayPalItemState> {
      const res = await call<RawItem>('GET', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}`);
      if (res.status !== 200)
        throw new PayPalError('PAYPAL_REJECTED', `PayPal kennt die Zahlung ${itemId} nicht (${res.status})`);
      return itemState(res.body);
    },
    /**
     * Cancels an unclaimed item, so PayPal gives the money back now instead of after its 30 days
     * (`POST /v1/payments/payouts-item/{id}/cancel`). An item that is no longer unclaimed (claimed
     * or returned meanwhile) is simply read again: its state is the answer either way.
     */
    async cancelItem(itemId: string): Promise<PayPalItemState> {
      const res = await call<RawItem>('POST', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}/cancel`);
      if (res.status === 200 && res.body.transaction_status) return itemState(res.body);
      return this.readItem(itemId);
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
