import type { Db } from '../connection';

/** The contact we last pushed for this customer e-mail, if what we would push now hashes the same. */
export async function unchangedContact(db: Db, shopId: string, email: string, pushedHash: string): Promise<string | undefined> {
  const row = await db('contact_links').where({ shop_id: shopId, email: email.toLowerCase(), pushed_hash: pushedHash }).first('contact_id');
  return (row?.contact_id as string | undefined) ?? undefined;
}

export async function rememberContact(db: Db, shopId: string, email: string, contactId: string, pushedHash: string): Promise<void> {
  await db('contact_links')
    .insert({ shop_id: shopId, email: email.toLowerCase(), contact_id: contactId, pushed_hash: pushedHash })
    .onConflict(['shop_id', 'email']).merge({ contact_id: contactId, pushed_hash: pushedHash, updated_at: db.fn.now() });
}

/** Lexware refused a document for this contact (merged or removed there): search again next time. */
export async function forgetContact(db: Db, shopId: string, contactId: string): Promise<void> {
  await db('contact_links').where({ shop_id: shopId, contact_id: contactId }).delete();
}
