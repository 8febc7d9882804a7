import type { Db } from '../connection';

/** The stored value of each requested section; a section never saved is absent. */
export async function preferenceSections(
  db: Db,
  shopId: string,
  sections: readonly string[],
): Promise<Record<string, Record<string, unknown>>> {
  const rows = await db('shop_preferences')
    .where({ shop_id: shopId })
    .whereIn('section', [...sections]);
  return Object.fromEntries(rows.map((r: { section: string; value: Record<string, unknown> }) => [r.section, r.value]));
}

/** Every stored section of the shop, by name. */
export async function allPreferenceSections(db: Db, shopId: string): Promise<Record<string, unknown>> {
  const rows = await db('shop_preferences').where({ shop_id: shopId }).select('section', 'value');
  return Object.fromEntries(rows.map((r: { section: string; value: unknown }) => [r.section, r.value]));
}

/** Writes several sections at once (one transaction when `db` is one), replacing each value. */
export async function savePreferenceSections(
  db: Db,
  shopId: string,
  values: Record<string, Record<string, unknown>>,
): Promise<void> {
  const rows = Object.entries(values).map(([section, value]) => ({
    shop_id: shopId,
    section,
    value: JSON.stringify(value),
    updated_at: db.fn.now(),
  }));
  if (rows.length === 0) return;
  await db('shop_preferences').insert(rows).onConflict(['shop_id', 'section']).merge(['value', 'updated_at']);
}
