import type { VatIdEvidence } from '@belegfluss/shared';
import type { Db } from '../connection';
import { fromRow, isoOf } from '../rows';

/** The columns of a kept VIES answer (the test table reads the same list). */
export const VAT_ID_CHECK_COLUMNS = [
  'vat_id',
  'valid',
  'request_date',
  'request_identifier',
  'name',
  'address',
  'refusal',
  'checked_at',
  'email',
  'order_id',
] as const;

export interface VatIdCheckRow extends Omit<VatIdEvidence, 'cached' | 'refusal'> {
  refusal: string | null;
  email: string | null;
  orderId: string | null;
}

/** The newest VIES answer on this ID for the shop, or null. */
export async function latestVatIdCheck(db: Db, shopId: string, vatId: string): Promise<VatIdCheckRow | null> {
  const row = await db('vat_id_checks').where({ shop_id: shopId, vat_id: vatId }).first(VAT_ID_CHECK_COLUMNS);
  if (!row) return null;
  const r = fromRow<VatIdCheckRow & { checkedAt: Date }>(row, VAT_ID_CHECK_COLUMNS);
  return { ...r, checkedAt: isoOf(r.checkedAt) };
}

/** Keeps VIES's answer with the customer it was asked for (the newest answer replaces the one before). */
export async function saveVatIdCheck(
  db: Db,
  shopId: string,
  evidence: VatIdEvidence,
  customer: { email: string | null; orderId: string | null },
): Promise<void> {
  const row = {
    valid: evidence.valid,
    request_date: evidence.requestDate,
    request_identifier: evidence.requestIdentifier,
    name: evidence.name,
    address: evidence.address,
    refusal: evidence.refusal ?? null,
    checked_at: new Date(evidence.checkedAt),
    email: customer.email?.toLowerCase() ?? null,
    order_id: customer.orderId,
  };
  await db('vat_id_checks')
    .insert({ shop_id: shopId, vat_id: evidence.vatId, ...row })
    .onConflict(['shop_id', 'vat_id'])
    .merge(row);
}
