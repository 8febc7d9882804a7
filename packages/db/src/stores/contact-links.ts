import type { Db } from '../connection';

/**
 * Contacts live in one Lexware organisation: every link and claim is keyed by it, so a shop that
 * reconnects to another organisation starts afresh there (found by e-mail, or created once).
 */

/** The organisation the shop is connected to ('' for a connection from before organisations were stored). */
export async function connectedOrganization(db: Db, shopId: string): Promise<string> {
  const row = await db('lexware_connections').where({ shop_id: shopId }).first('organization_id');
  return (row?.organization_id as string | null | undefined) ?? '';
}

/**
 * The organisation the shop's connection reaches ('' before it is known) and, for a customer e-mail, the contact we
 * last pushed for it there if what we would push now hashes the same: what every contact step reads first, in one
 * query.
 */
export async function contactStart(
  db: Db,
  shopId: string,
  customer?: { email: string; pushedHash: string },
): Promise<{ organizationId: string; unchanged?: string }> {
  if (!customer) return { organizationId: await connectedOrganization(db, shopId) };
  const row = await db('lexware_connections as c')
    .leftJoin('contact_links as l', (on) =>
      on
        .on('l.shop_id', 'c.shop_id')
        .andOn(db.raw("l.organization_id = coalesce(c.organization_id, '')"))
        .andOnVal('l.email', customer.email.toLowerCase())
        .andOnVal('l.pushed_hash', customer.pushedHash),
    )
    .where('c.shop_id', shopId)
    .first('c.organization_id', 'l.contact_id');
  const organizationId = (row?.organization_id as string | null | undefined) ?? '';
  const unchanged = (row?.contact_id as string | null | undefined) ?? undefined;
  return unchanged ? { organizationId, unchanged } : { organizationId };
}

/** The contact we last pushed for this customer e-mail, if what we would push now hashes the same. */
export async function unchangedContact(
  db: Db,
  shopId: string,
  organizationId: string,
  email: string,
  pushedHash: string,
): Promise<string | undefined> {
  const row = await db('contact_links')
    .where({ shop_id: shopId, organization_id: organizationId, email: email.toLowerCase(), pushed_hash: pushedHash })
    .first('contact_id');
  return (row?.contact_id as string | undefined) ?? undefined;
}

export async function rememberContact(
  db: Db,
  shopId: string,
  organizationId: string,
  email: string,
  contactId: string,
  pushedHash: string,
): Promise<void> {
  await db('contact_links')
    .insert({
      shop_id: shopId,
      organization_id: organizationId,
      email: email.toLowerCase(),
      contact_id: contactId,
      pushed_hash: pushedHash,
    })
    .onConflict(['shop_id', 'organization_id', 'email'])
    .merge({ contact_id: contactId, pushed_hash: pushedHash, updated_at: db.fn.now() });
}

/** Lexware refused a document for this contact (merged or removed there): search again, or create, next time. */
export async function forgetContact(db: Db, shopId: string, contactId: string): Promise<void> {
  await db('contact_links').where({ shop_id: shopId, contact_id: contactId }).delete();
  await db('contact_claims').where({ contact_id: contactId }).update({ contact_id: null });
}

export type ContactClaim = { owned: true; contactId: string | null; createStarted: boolean } | { owned: false };

/**
 * Takes the claim on one customer of an organisation for `leaseMs`, unless someone else holds it.
 * `customerKey` names the customer (their e-mail, else their Shopify customer, else the guest order).
 * The owner learns the contact an earlier owner made, if any, and whether an earlier owner began a
 * creation whose outcome it never recorded.
 */
export async function claimContact(
  db: Db,
  organizationId: string,
  customerKey: string,
  owner: string,
  leaseMs: number,
): Promise<ContactClaim> {
  const until = new Date(Date.now() + leaseMs);
  const { rows } = await db.raw<{ rows: { contact_id: string | null; create_started_at: Date | null }[] }>(
    `insert into contact_claims (organization_id, customer_key, owner, claimed_until) values (?, ?, ?, ?)
     on conflict (organization_id, customer_key) do update set owner = excluded.owner, claimed_until = excluded.claimed_until
     where contact_claims.claimed_until is null or contact_claims.claimed_until < now() or contact_claims.owner = excluded.owner
     returning contact_id, create_started_at`,
    [organizationId, customerKey.toLowerCase(), owner, until],
  );
  return rows[0]
    ? { owned: true, contactId: rows[0].contact_id, createStarted: rows[0].create_started_at !== null }
    : { owned: false };
}

const ownClaim = (db: Db, organizationId: string, customerKey: string, owner: string) =>
  db('contact_claims').where({ organization_id: organizationId, customer_key: customerKey.toLowerCase(), owner });

/** Keeps a claim while its owner is still working (a dead owner's claim lapses). */
export async function renewContactClaim(
  db: Db,
  organizationId: string,
  customerKey: string,
  owner: string,
  leaseMs: number,
): Promise<void> {
  await ownClaim(db, organizationId, customerKey, owner).update({ claimed_until: new Date(Date.now() + leaseMs) });
}

/** The owner is about to create the contact: until it records the id, the outcome is unknown. */
export async function markContactCreateStarted(
  db: Db,
  organizationId: string,
  customerKey: string,
  owner: string,
): Promise<void> {
  await ownClaim(db, organizationId, customerKey, owner).update({ create_started_at: db.fn.now() });
}

/** Lets go of the claim, recording the contact when one was found or made (its creation is then settled). */
export async function releaseContactClaim(
  db: Db,
  organizationId: string,
  customerKey: string,
  owner: string,
  contactId?: string,
): Promise<void> {
  await ownClaim(db, organizationId, customerKey, owner).update({
    claimed_until: null,
    owner: null,
    ...(contactId ? { contact_id: contactId, create_started_at: null } : {}),
  });
}
