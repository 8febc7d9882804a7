import {
  customerDataReport,
  deleteShopData,
  redactCustomer,
  setDeliveryStatus,
  writeLog,
  type Db,
  type WebhookDelivery,
} from '@belegfluss/db';

export const COMPLIANCE_TOPICS = new Set(['customers/redact', 'customers/data_request', 'shop/redact']);

interface CompliancePayload {
  customer?: { id?: number | string | null; email?: string | null; phone?: string | null } | null;
  orders_to_redact?: (number | string)[];
  orders_requested?: (number | string)[];
  data_request?: { id?: number | string } | null;
}

const ids = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string | number => typeof x === 'string' || typeof x === 'number') : [];

/**
 * Shopify's mandatory compliance topics, handled from the inbox like every webhook
 * (so a crash between the 200 and the work is retried by the relay). Each is idempotent.
 */
export async function handleCompliance(db: Db, d: WebhookDelivery): Promise<void> {
  const body = (d.body ?? {}) as CompliancePayload;
  const customer = body.customer ?? {};
  if (d.topic === 'shop/redact') {
    await deleteShopData(db, d.shopId, d.webhookId);
  } else if (d.topic === 'customers/redact') {
    const counts = await redactCustomer(db, d.shopId, customer, ids(body.orders_to_redact));
    await writeLog(db, {
      shopId: d.shopId,
      origin: 'shopify',
      event: 'customers.redact',
      status: 'info',
      ref: { webhook: d.webhookId, customer: customer.id == null ? null : String(customer.id) },
      body: { ...counts },
    }).catch(() => undefined); // a shop we never installed has no log
  } else if (d.topic === 'customers/data_request') {
    const report = await customerDataReport(db, d.shopId, customer, ids(body.orders_requested));
    // The merchant answers the customer; the log entry records what we hold and that it was asked for.
    await writeLog(db, {
      shopId: d.shopId,
      origin: 'shopify',
      event: 'customers.data_request',
      status: 'warning',
      ref: { webhook: d.webhookId, customer: customer.id == null ? null : String(customer.id) },
      body: {
        id: body.data_request?.id ?? null,
        email: customer.email ?? null,
        orders: report.orders,
        documents: report.documents,
        logEntries: report.logEntries,
      },
    }).catch(() => undefined);
  }
  await setDeliveryStatus(db, d.webhookId, 'successful');
}
