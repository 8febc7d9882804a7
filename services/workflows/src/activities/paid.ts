import type { ShopifyAdminDeps } from '@belegfluss/shopify';
import type { Db, SecretBox } from '@belegfluss/db';
import { writeLog, documentStateByLexwareId, recordLexwareStatus } from '@belegfluss/db';
import type { LexwareClient } from '@belegfluss/lexware';
import { ADMIN_DOCUMENTS, unlessNotConnected } from '@belegfluss/shopify';
import { shopifyOf } from './clients';
import type { ShopifyOrder } from '@belegfluss/shared';
import type { ActivityDeps } from './deps';
import { lexwareAccess } from './lexware-step';

/** The Admin API's address and version: the shopify package's own shape. */
export type ShopifyDeps = ShopifyAdminDeps;

/** Lexware's word on one of our documents after an event: voucher status and open amount. */
export async function refreshDocument(
  db: Db,
  api: LexwareClient,
  shopId: string,
  lexwareId: string,
): Promise<{ status: string; openAmount: number } | null> {
  const doc = await documentStateByLexwareId(db, shopId, lexwareId);
  if (!doc) return null;
  // Lexware's payments endpoint answers no credit note that follows an invoice (ours all do): its status is on the credit note.
  const payment =
    doc.type === 'credit'
      ? { voucherStatus: (await api.creditNote(lexwareId)).voucherStatus, paymentStatus: 'balanced', openAmount: 0 }
      : await api.payment(lexwareId);
  const status = payment.paymentStatus === 'balanced' && doc.type === 'invoice' ? 'paid' : payment.voucherStatus;
  if (status !== doc.status) {
    await recordLexwareStatus(db, shopId, doc, status);
    await writeLog(db, {
      shopId,
      origin: doc.type,
      event: `${doc.type}.status`,
      status: 'info',
      orderId: doc.orderId,
      orderName: doc.orderName,
      ref: { [doc.type]: lexwareId },
      body: { status, openAmount: payment.openAmount },
    });
  }
  return { status, openAmount: payment.openAmount };
}

/**
 * The invoice was paid in Lexware: mark the Shopify order paid, but only while Shopify
 * still shows it unpaid (orderMarkAsPaid needs write_orders and an outstanding balance).
 */
export async function markOrderPaid(
  db: Db,
  box: SecretBox,
  shopify: ShopifyDeps,
  shopId: string,
  order: ShopifyOrder,
): Promise<'marked' | 'already_paid' | 'MISSING_SCOPE'> {
  const base = { shopId, origin: 'shopify', orderId: String(order.id), orderName: order.name } as const;
  if (['paid', 'refunded', 'partially_refunded'].includes(order.financial_status ?? '')) return 'already_paid';
  // A shop Shopify no longer lets us reach is logged as the missing write scope: only a new install helps.
  const shop = await shopifyOf(db, box, shopify, shopId).catch(unlessNotConnected);
  if (!shop?.scopes.includes('write_orders')) {
    await writeLog(db, {
      ...base,
      event: 'order.paid.failed',
      status: 'warning',
      body: { reason: 'MISSING_SCOPE', scope: 'write_orders' },
    });
    return 'MISSING_SCOPE';
  }
  const { graphql } = shop;
  const id = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  const result = await graphql<{ orderMarkAsPaid: { userErrors: { message: string }[] } }>(ADMIN_DOCUMENTS.MarkPaid, {
    input: { id },
  });
  const errors = result.orderMarkAsPaid.userErrors;
  if (errors.length > 0) {
    await writeLog(db, {
      ...base,
      event: 'order.paid.failed',
      status: 'warning',
      body: { message: errors.map((e) => e.message).join('; ') },
    });
    return 'already_paid';
  }
  await writeLog(db, { ...base, event: 'order.paid', status: 'success', body: {} });
  return 'marked';
}

/** Payment news both ways: Lexware's status of a document, and the Shopify order marked paid. */
export function createPaidActivities(deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify'>) {
  const { db, box, shopify } = deps;
  const { client } = lexwareAccess(deps);
  return {
    refreshDocument: (shopId: string, lexwareId: string) => refreshDocument(db, client(shopId), shopId, lexwareId),
    markOrderPaid: (shopId: string, order: ShopifyOrder) => markOrderPaid(db, box, shopify, shopId, order),
  };
}
