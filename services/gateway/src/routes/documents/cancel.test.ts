import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectLexware,
  createLexwareVoucher,
  seedDocument,
  seedOrder,
  startHarness,
  type Harness,
} from '../../../test/harness';
import { CANCEL_MESSAGES } from './cancel';
import { documentsTable } from '@belegfluss/db/testing';

/**
 * Cancelling an invoice (spec 2 §4) against the sandbox's Lexware: a credit note continued from
 * the invoice (precedingSalesVoucherId), over every position, closes it; the invoice is cancelled.
 */
let h: Harness;
const A = 'storno.myshopify.com';
let invoiceId = '';
let draftId = '';

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  await h.install(A);
  const lexware = await connectLexware(h, A);
  await seedOrder(h.db, A, { id: 6001, name: '#6001' });
  invoiceId = await createLexwareVoucher(h, lexware.access_token, { finalize: true });
  draftId = await createLexwareVoucher(h, lexware.access_token, { finalize: false });
  await seedDocument(h.db, A, { orderId: 6001, lexwareId: invoiceId, number: 'RE6001', status: 'open' });
  await seedDocument(h.db, A, { orderId: 6001, lexwareId: draftId, status: 'draft' });
});
afterAll(async () => h?.stop());

describe('POST /api/orders/{id}/invoice/{receipt}/cancel', () => {
  it('creates the credit note that closes the invoice, once, and marks the invoice cancelled', async () => {
    const res = await h.call(A, 'POST', `/api/orders/6001/invoice/${invoiceId}/cancel`);
    expect(res).toMatchObject({ status: 200, body: { cancelled: true, message: CANCEL_MESSAGES.done } });
    const credit = await documentsTable.one(h.db, { shopId: A, type: 'credit', intentKey: `cancel:${invoiceId}` });
    expect(credit.lexwareId).toBeTruthy();
    expect(credit.status).not.toBe('draft');
    // In Lexware the credit note follows the invoice.
    const org = Object.values(h.sandbox!.state.lexware.organizations)[0]!;
    const voucher = org.vouchers[credit.lexwareId!] as unknown as { precedingSalesVoucherId?: string; kind: string };
    expect(voucher).toMatchObject({ kind: 'creditnote', precedingSalesVoucherId: invoiceId });
    expect((await documentsTable.one(h.db, { shopId: A, lexwareId: invoiceId })).cancelled).toBe(true);

    const again = await h.call(A, 'POST', `/api/orders/6001/invoice/${invoiceId}/cancel`);
    expect(again).toMatchObject({ status: 409, body: { message: CANCEL_MESSAGES.cancelled } });
    expect(await documentsTable.list(h.db, { shopId: A, type: 'credit' })).toHaveLength(1);
    expect(
      (await h.call(A, 'GET', '/api/orders/6001')).body.invoices.find((i: { _key: string }) => i._key === invoiceId),
    ).toMatchObject({ cancelled: true });
  });

  it('says why a draft cannot be cancelled here, and 404 for an invoice of another order', async () => {
    expect(await h.call(A, 'POST', `/api/orders/6001/invoice/${draftId}/cancel`)).toMatchObject({
      status: 409,
      body: { message: CANCEL_MESSAGES.draft },
    });
    expect((await h.call(A, 'POST', `/api/orders/6002/invoice/${invoiceId}/cancel`)).status).toBe(404);
  });
});
