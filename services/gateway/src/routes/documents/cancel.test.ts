import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectLexware,
  createLexwareVoucher,
  seedDocument,
  seedOrder,
  startHarness,
  startWorker,
  type Harness,
} from '../../../test/harness';
import { CANCEL_MESSAGES } from './cancel';
import { documentsTable, eventLogTable, shopsTable, transferLedgerTable } from '@belegfluss/db/testing';

/**
 * Cancelling an invoice against the sandbox's Lexware: a credit note continued from
 * the invoice (precedingSalesVoucherId), over every position, closes it; the invoice is cancelled.
 * The order's workflow makes that note (the gateway only asks it), so the worker runs here too.
 */
let h: Harness;
let worker: { stop(): Promise<void> } | undefined;
let accessToken = '';
const A = 'storno.myshopify.com';
let invoiceId = '';
let draftId = '';

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  worker = await startWorker(h);
  await h.install(A);
  accessToken = (await connectLexware(h, A)).access_token;
  await seedOrder(h.db, A, { id: 6001, name: '#6001' });
  invoiceId = await createLexwareVoucher(h, accessToken, { finalize: true });
  draftId = await createLexwareVoucher(h, accessToken, { finalize: false });
  await seedDocument(h.db, A, { orderId: 6001, lexwareId: invoiceId, number: 'RE6001', status: 'open' });
  await seedDocument(h.db, A, { orderId: 6001, lexwareId: draftId, status: 'draft' });
});
// The worker's stop stops the harness too.
afterAll(async () => (worker ? worker.stop() : h?.stop()));

const cancel = (orderId: number, receipt: string) =>
  h.call(A, 'POST', `/api/orders/${orderId}/invoice/${receipt}/cancel`);

/** The credit notes that pursue this invoice in the sandbox's Lexware. */
const notesPursuing = (receipt: string) =>
  Object.values(Object.values(h.sandbox!.state.lexware.organizations)[0]!.vouchers).filter(
    (v) => v.precedingSalesVoucherId === receipt,
  );

/** A finalised invoice of a fresh order, in Lexware and in our records. */
async function invoicedOrder(orderId: number): Promise<string> {
  await seedOrder(h.db, A, { id: orderId, name: `#${orderId}` });
  const receipt = await createLexwareVoucher(h, accessToken, { finalize: true });
  await seedDocument(h.db, A, { orderId, lexwareId: receipt, number: `RE${orderId}`, status: 'open' });
  return receipt;
}

/** Exactly one closing credit note in Lexware and in our records, charged once, and the invoice cancelled. */
async function expectClosedOnce(receipt: string) {
  expect(notesPursuing(receipt)).toHaveLength(1);
  const credits = await documentsTable.list(h.db, { shopId: A, type: 'credit', intentKey: `cancel:${receipt}` });
  expect(credits).toHaveLength(1);
  expect(credits[0]!.lexwareId).toBe(notesPursuing(receipt)[0]!.id);
  expect(await transferLedgerTable.count(h.db, { shopId: A, documentId: credits[0]!.id })).toBe(1);
  expect((await documentsTable.one(h.db, { shopId: A, lexwareId: receipt })).cancelled).toBe(true);
}

describe('POST /api/orders/{id}/invoice/{receipt}/cancel', () => {
  it('creates the credit note that closes the invoice, once, and marks the invoice cancelled', async () => {
    const res = await cancel(6001, invoiceId);
    expect(res).toMatchObject({ status: 200, body: { cancelled: true, message: CANCEL_MESSAGES.done } });
    const credit = await documentsTable.one(h.db, { shopId: A, type: 'credit', intentKey: `cancel:${invoiceId}` });
    expect(credit.lexwareId).toBeTruthy();
    expect(credit.status).not.toBe('draft');
    // In Lexware the credit note follows the invoice, names it by Lexware's number, and names the order so a
    // retry after a lost answer can find it.
    const org = Object.values(h.sandbox!.state.lexware.organizations)[0]!;
    const voucher = org.vouchers[credit.lexwareId!]!;
    expect(voucher).toMatchObject({ kind: 'creditnote', precedingSalesVoucherId: invoiceId });
    expect(voucher.json.introduction).toBe(
      `Stornierung der Rechnung ${org.vouchers[invoiceId]!.voucherNumber} zur Bestellung #6001`,
    );
    await expectClosedOnce(invoiceId);
    expect(await eventLogTable.count(h.db, { shopId: A, event: 'invoice.cancelled', orderId: '6001' })).toBe(1);

    const again = await cancel(6001, invoiceId);
    expect(again).toMatchObject({ status: 409, body: { message: CANCEL_MESSAGES.cancelled } });
    expect(await documentsTable.list(h.db, { shopId: A, type: 'credit' })).toHaveLength(1);
    expect(
      (await h.call(A, 'GET', '/api/orders/6001')).body.invoices.find((i: { _key: string }) => i._key === invoiceId),
    ).toMatchObject({ cancelled: true });
  });

  it('says why a draft cannot be cancelled here, and 404 for an invoice of another order', async () => {
    expect(await cancel(6001, draftId)).toMatchObject({
      status: 409,
      body: { message: CANCEL_MESSAGES.draft },
    });
    expect((await cancel(6002, invoiceId)).status).toBe(404);
  });

  it('makes one credit note, charged once, when Lexware made it but answered 504', async () => {
    const receipt = await invoicedOrder(6003);
    // The next write (the credit note's create) is performed, then answered 504: the answer is lost.
    const knobs = await fetch(`${h.sandbox!.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lexware: { write504: true, failNextWrite: [504] } }),
    });
    expect(knobs.status).toBe(200);
    expect(await cancel(6003, receipt)).toMatchObject({
      status: 200,
      body: { cancelled: true, message: CANCEL_MESSAGES.done },
    });
    expect(h.sandbox!.state.knobs.lexware.failNextWrite).toEqual([]);
    await expectClosedOnce(receipt);
    // The retry found the note the lost answer had made instead of making another.
    expect(await eventLogTable.count(h.db, { shopId: A, event: 'credit.matched', orderId: '6003' })).toBe(1);
  });

  it('makes one credit note when the merchant clicks cancel twice at once', async () => {
    const receipt = await invoicedOrder(6004);
    const answers = await Promise.all([cancel(6004, receipt), cancel(6004, receipt)]);
    // Each click is told the invoice is cancelled: by the workflow, or (if it came after the first was done) by the check.
    for (const answer of answers)
      expect([CANCEL_MESSAGES.done, CANCEL_MESSAGES.cancelled]).toContain(answer.body.message);
    expect(answers.map((a) => a.status)).toContain(200);
    await expectClosedOnce(receipt);
    expect(await eventLogTable.count(h.db, { shopId: A, event: 'invoice.cancelled', orderId: '6004' })).toBe(1);
  });

  it('says in German when no transfer is left, and makes the note on a later click once one is free', async () => {
    const receipt = await invoicedOrder(6005);
    const { transfersQuota } = await shopsTable.one(h.db, { id: A });
    const used = await transferLedgerTable.count(h.db, { shopId: A });
    await shopsTable.update(h.db, { id: A }, { transfersQuota: used });
    try {
      expect(await cancel(6005, receipt)).toMatchObject({
        status: 409,
        body: { error: 'NO_CREDITS', message: CANCEL_MESSAGES.noCredits },
      });
      expect(notesPursuing(receipt)).toHaveLength(0);
      expect((await documentsTable.one(h.db, { shopId: A, lexwareId: receipt })).cancelled).toBe(false);
    } finally {
      await shopsTable.update(h.db, { id: A }, { transfersQuota });
    }
    expect(await cancel(6005, receipt)).toMatchObject({ status: 200, body: { message: CANCEL_MESSAGES.done } });
    await expectClosedOnce(receipt);
  });

  it("answers Lexware's refusal in German with a 502, and marks nothing cancelled", async () => {
    const receipt = await invoicedOrder(6006);
    // The invoice is gone from Lexware (deleted there by hand): pursuing it is refused.
    delete Object.values(h.sandbox!.state.lexware.organizations)[0]!.vouchers[receipt];
    const res = await cancel(6006, receipt);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Lexware Office hat die Gutschrift abgelehnt: /);
    expect((await documentsTable.one(h.db, { shopId: A, lexwareId: receipt })).cancelled).toBe(false);
    expect(await documentsTable.count(h.db, { shopId: A, intentKey: `cancel:${receipt}` })).toBe(0);
  });
});
