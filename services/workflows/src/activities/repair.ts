import { cancelInvoice } from './cancel';
import type { CancelInvoiceRequest } from '../api';
import type { Db, DocumentRow, SecretBox } from '@belegfluss/db';
import { documentByIntent, markCancelled, releaseIntent, writeLog } from '@belegfluss/db';
import { LexwareError, type LexwareClient } from '@belegfluss/lexware';
import { closingIntentKey, type ShopifyOrder } from '@belegfluss/shared';
import { orderById } from '@belegfluss/shopify';
import { issueClosingCreditNote, type IssueResult } from './documents';
import { shopifyOf } from './clients';
import type { Notifier } from './notify';
import type { ShopifyDeps } from './paid';
import type { ActivityDeps } from './deps';
import { lexwareAccess } from './lexware-step';

/*
 * The one-click repairs of the completeness audit, run by the order workflow so that every rule
 * and the exactly-once guarantee of a document still apply. Each repair is logged on the order.
 */

/** The order as Shopify has it now, with its refunds: a repair never works from an old snapshot. */
export async function freshOrder(
  deps: { db: Db; box: SecretBox; shopify: ShopifyDeps },
  shopId: string,
  orderId: string,
): Promise<ShopifyOrder | null> {
  return (await orderById((await shopifyOf(deps.db, deps.box, deps.shopify, shopId)).graphql, orderId)) ?? null;
}

const voucherOf = async (api: LexwareClient, doc: DocumentRow) =>
  doc.type === 'invoice' ? api.invoice(doc.lexwareId!) : api.creditNote(doc.lexwareId!);

/**
 * `recreate`: our document of this intent is to be made anew only when Lexware confirms it is gone (deleted, or
 * voided there); then the intent is freed and the workflow makes it under today's rules. A voucher still in
 * Lexware is left alone. 'free': the intent holds no document (the workflow makes it if due).
 */
export async function releaseLostDocument(
  db: Db,
  api: LexwareClient,
  shopId: string,
  order: { id: string; name: string },
  intentKey: string,
): Promise<'released' | 'present' | 'free'> {
  const doc = await documentByIntent(db, shopId, intentKey);
  if (!doc?.lexwareId) return 'free';
  // An invoice the merchant cancelled (closed by its credit note) is as good as gone.
  const cancelled = doc.type === 'invoice' && (await documentByIntent(db, shopId, closingIntentKey(doc.lexwareId)));
  const gone = cancelled
    ? Boolean(cancelled.lexwareId)
    : await voucherOf(api, doc).then(
        (v) => v.voucherStatus === 'voided',
        (error: unknown) => {
          if (error instanceof LexwareError && error.status === 404) return true;
          throw error;
        },
      );
  if (gone) await releaseIntent(db, doc, 'gone');
  await writeLog(db, {
    shopId,
    origin: doc.type === 'credit' ? 'credit' : 'invoice',
    event: 'audit.repair',
    status: gone ? 'info' : 'warning',
    orderId: order.id,
    orderName: order.name,
    ref: { [doc.type]: doc.lexwareId },
    body: {
      action: 'recreate',
      message: gone
        ? `Beleg ${doc.number ?? doc.lexwareId} fehlt in Lexware Office und wird neu erstellt.`
        : `Beleg ${doc.number ?? doc.lexwareId} ist in Lexware Office vorhanden; nichts zu tun.`,
    },
  });
  return gone ? 'released' : 'present';
}

/** Why an invoice is closed: the audit found it doubled or wrong, or the merchant edited the order after it. */
export type CloseReason = 'audit' | 'edit';

const CLOSE_WORDS: Record<
  CloseReason,
  { event: string; remark: string; closed: (number: string, reopened: boolean) => string }
> = {
  audit: {
    event: 'audit.repair',
    remark: 'Korrektur aus der Vollständigkeitsprüfung: diese Gutschrift hebt die Rechnung vollständig auf.',
    closed: (number, reopened) =>
      reopened
        ? `Rechnung ${number} mit abweichendem Betrag per Gutschrift aufgehoben; eine neue Rechnung folgt.`
        : `Doppelte Rechnung ${number} per Gutschrift aufgehoben.`,
  },
  edit: {
    event: 'order.edited',
    remark: 'Storno wegen nachträglicher Änderung der Bestellung: diese Gutschrift hebt die Rechnung vollständig auf.',
    closed: (number) =>
      `Bestellung nach der Rechnung geändert: Rechnung ${number} per Stornogutschrift aufgehoben; eine neue Rechnung über die Bestellung, wie sie jetzt ist, folgt.`,
  },
};

/**
 * `close`: a doubled or wrong invoice is taken back with a linked credit note, once (the intent the merchant's
 * cancel uses too, cancel:{invoice}).
 * When it was the order's own invoice (a wrong total), its intent is freed: the workflow makes a fresh one.
 */
export async function closeInvoice(
  db: Db,
  api: LexwareClient,
  shopId: string,
  order: ShopifyOrder,
  lexwareId: string,
  notifier?: Pick<Notifier, 'credits'>,
  why: CloseReason = 'audit',
): Promise<{ result: IssueResult | null; reopened: boolean }> {
  const base = { shopId, origin: 'credit', orderId: String(order.id), orderName: order.name } as const;
  const words = CLOSE_WORDS[why];
  const closing = await issueClosingCreditNote(db, api, { shopId, order, lexwareId, remark: words.remark }, notifier);
  const { invoice } = closing;
  if ('refused' in closing) {
    await writeLog(db, {
      ...base,
      event: words.event,
      status: 'warning',
      ref: { invoice: lexwareId },
      body: {
        action: 'close',
        message:
          closing.refused === 'DRAFT'
            ? `Rechnung ${invoice.voucherNumber ?? lexwareId} ist ein Entwurf: bitte in Lexware Office löschen.`
            : `Rechnung ${invoice.voucherNumber ?? lexwareId} ist bereits storniert; nichts zu tun.`,
      },
    });
    return { result: null, reopened: false };
  }
  const { result } = closing;
  if (result.outcome === 'NO_CREDITS') return { result, reopened: false };
  const own = await documentByIntent(db, shopId, `invoice:${order.id}`);
  const reopened = own?.lexwareId === lexwareId;
  if (reopened) {
    // Shown struck through like an invoice the merchant cancelled; the fresh invoice takes over the order.
    await markCancelled(db, own!.id);
    await releaseIntent(db, own!, 'closed');
  }
  await writeLog(db, {
    ...base,
    event: words.event,
    status: 'info',
    ref: { invoice: lexwareId, credit: result.lexwareId },
    body: { action: 'close', message: words.closed(invoice.voucherNumber ?? lexwareId, reopened) },
  });
  return { result, reopened };
}

/** The audit's repairs, as the order workflow runs them: the order afresh, a lost document's intent freed, an invoice closed. */
export function createRepairActivities(deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'shopify'>) {
  const { db } = deps;
  const { notifier, client, clientFor, step } = lexwareAccess(deps);
  return {
    freshOrder: (shopId: string, orderId: string) => freshOrder(deps, shopId, orderId),
    releaseLostDocument: (shopId: string, order: { id: string; name: string }, intentKey: string) =>
      releaseLostDocument(db, client(shopId), shopId, order, intentKey),
    closeInvoice: (shopId: string, order: ShopifyOrder, lexwareId: string) =>
      step(shopId, order, 'credit', async () =>
        closeInvoice(db, await clientFor(shopId, order), shopId, order, lexwareId, notifier),
      ),

    /** The merchant's cancel of one invoice, asked of the order's workflow by the gateway. */
    cancelInvoice: (shopId: string, orderId: string, req: CancelInvoiceRequest) =>
      step(shopId, { id: orderId, name: req.orderName }, 'credit', () =>
        cancelInvoice(db, client(shopId), shopId, orderId, req, notifier),
      ),
  };
}
