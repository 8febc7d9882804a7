import type { Db } from '../connection';
import { fromRow } from '../rows';

export interface LexwareConnection {
  shopId: string;
  /** The grant whose tokens the shop uses, shared with the merchant's other shops that joined it. */
  grantId: string | null;
  organizationId: string | null;
  connectionId: string | null;
  accessTokenEnc: string;
  refreshTokenEnc: string;
  expiresAt: Date;
  scope: string;
  profile: Record<string, unknown> | null;
  connectedAt: Date;
}

/**
 * The shop's row with its grant's tokens. A row written without a grant (only test seeds do that since grants
 * exist) keeps its tokens itself.
 */
const connections = (db: Db) =>
  db('lexware_connections as c')
    .leftJoin('lexware_grants as g', 'g.id', 'c.grant_id')
    .select(
      'c.shop_id',
      'c.grant_id',
      'c.organization_id',
      'c.connection_id',
      db.raw('coalesce(g.access_token_enc, c.access_token_enc) as access_token_enc'),
      db.raw('coalesce(g.refresh_token_enc, c.refresh_token_enc) as refresh_token_enc'),
      db.raw('coalesce(g.expires_at, c.expires_at) as expires_at'),
      db.raw('coalesce(g.scope, c.scope) as scope'),
      'c.profile',
      'c.connected_at',
    );

export async function getConnection(db: Db, shopId: string): Promise<LexwareConnection | undefined> {
  return toConnection(await connections(db).where('c.shop_id', shopId).first());
}

const toConnection = (r: Record<string, unknown> | undefined): LexwareConnection | undefined =>
  r ? fromRow<LexwareConnection>(r, CONNECTION_COLUMNS) : undefined;
const CONNECTION_COLUMNS = [
  'shop_id',
  'grant_id',
  'organization_id',
  'connection_id',
  'access_token_enc',
  'refresh_token_enc',
  'expires_at',
  'scope',
  'profile',
  'connected_at',
];

/**
 * A new consent: its tokens become a grant of their own, and the shop uses it. A grant the shop used before
 * and nobody else uses any more is returned, so the caller can revoke it at Lexware.
 */
export async function saveConnection(
  db: Db,
  c: { shopId: string; accessTokenEnc: string; refreshTokenEnc: string; expiresAt: Date; scope: string },
): Promise<{ refreshTokenEnc: string } | undefined> {
  return db.transaction(async (trx) => {
    const [grant] = await trx('lexware_grants')
      .insert({
        access_token_enc: c.accessTokenEnc,
        refresh_token_enc: c.refreshTokenEnc,
        expires_at: c.expiresAt,
        scope: c.scope,
      })
      .returning('id');
    const before = await trx('lexware_connections').where({ shop_id: c.shopId }).forUpdate().first('grant_id');
    await trx('lexware_connections')
      .insert({ shop_id: c.shopId, grant_id: (grant as { id: string }).id, scope: c.scope })
      .onConflict('shop_id')
      .merge({
        grant_id: (grant as { id: string }).id,
        access_token_enc: null,
        refresh_token_enc: null,
        expires_at: null,
        scope: c.scope,
        organization_id: null,
        connection_id: null,
        profile: null,
        connected_at: trx.fn.now(),
      });
    return dropUnusedGrant(trx, (before?.grant_id as string | null | undefined) ?? null);
  });
}

/** Deletes the grant when no shop uses it any more; returns its refresh token for the revocation. */
async function dropUnusedGrant(trx: Db, grantId: string | null): Promise<{ refreshTokenEnc: string } | undefined> {
  if (!grantId) return undefined;
  const grant = await trx('lexware_grants').where({ id: grantId }).forUpdate().first('refresh_token_enc');
  if (!grant) return undefined;
  const users = await trx('lexware_connections').where({ grant_id: grantId }).count<{ n: number }[]>('* as n');
  if (Number(users[0]?.n ?? 0) > 0) return undefined;
  await trx('lexware_grants').where({ id: grantId }).delete();
  return { refreshTokenEnc: grant.refresh_token_enc as string };
}

/** Renewed tokens go where the shop's tokens live: its grant, shared with the shops that joined it. */
export async function updateTokens(
  db: Db,
  shopId: string,
  t: { accessTokenEnc: string; refreshTokenEnc: string; expiresAt: Date },
): Promise<void> {
  const tokens = { access_token_enc: t.accessTokenEnc, refresh_token_enc: t.refreshTokenEnc, expires_at: t.expiresAt };
  const row = await db('lexware_connections').where({ shop_id: shopId }).first('grant_id');
  if (row?.grant_id)
    await db('lexware_grants')
      .where({ id: row.grant_id as string })
      .update(tokens);
  else await db('lexware_connections').where({ shop_id: shopId }).update(tokens);
}

export async function saveProfile(db: Db, shopId: string, profile: Record<string, unknown>): Promise<void> {
  const ids = {
    organization_id: (profile.organizationId as string | undefined) ?? null,
    connection_id: (profile.connectionId as string | undefined) ?? null,
  };
  await db('lexware_connections')
    .where({ shop_id: shopId })
    .update({ profile: JSON.stringify(profile), pulled_at: db.fn.now(), ...ids });
  const row = await db('lexware_connections').where({ shop_id: shopId }).first('grant_id');
  if (row?.grant_id)
    await db('lexware_grants')
      .where({ id: row.grant_id as string })
      .update(ids);
}

/** Lexware revoked a connection (token.revoked): its grant and every shop's row on it go; those shops are answered. */
export async function deleteRevokedConnection(db: Db, connectionId: string, organizationId: string): Promise<string[]> {
  return db.transaction(async (trx) => {
    const gone = await trx('lexware_connections')
      .where({ connection_id: connectionId, organization_id: organizationId })
      .delete()
      .returning(['shop_id', 'grant_id']);
    const grants = [...new Set((gone as { grant_id: string | null }[]).map((r) => r.grant_id).filter(Boolean))];
    if (grants.length > 0)
      await trx('lexware_grants')
        .whereIn('id', grants as string[])
        .delete();
    return (gone as { shop_id: string }[]).map((r) => r.shop_id);
  });
}

/**
 * Runs `work` with the shop's tokens locked (FOR UPDATE on its grant, which the shops sharing it all lock) in
 * one transaction, so two token refreshes never spend the same refresh token, whichever shop asks;
 * `work` writes through the transaction it is given.
 */
export async function withLockedConnection<T>(
  db: Db,
  shopId: string,
  work: (connection: LexwareConnection | undefined, trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (trx) => {
    const own = await trx('lexware_connections').where({ shop_id: shopId }).forUpdate().first('grant_id');
    if (own?.grant_id)
      await trx('lexware_grants')
        .where({ id: own.grant_id as string })
        .forUpdate()
        .first('id');
    return work(toConnection(await connections(trx).where('c.shop_id', shopId).first()), trx);
  });
}

/**
 * Lets one shop go of its connection. Its grant stays while another shop still uses it (the merchant's other
 * store keeps working); the last one out gets the grant's refresh token back, to revoke it at Lexware.
 */
export async function deleteConnection(db: Db, shopId: string): Promise<{ refreshTokenEnc: string } | undefined> {
  return db.transaction(async (trx) => {
    const own = await trx('lexware_connections')
      .where({ shop_id: shopId })
      .forUpdate()
      .first('grant_id', 'refresh_token_enc');
    if (!own) return undefined;
    const grantId = (own.grant_id as string | null) ?? null;
    // Locked first, so that two shops leaving at once can't both see the other one still there.
    if (grantId) await trx('lexware_grants').where({ id: grantId }).forUpdate().first('id');
    await trx('lexware_connections').where({ shop_id: shopId }).delete();
    if (!grantId) return own.refresh_token_enc ? { refreshTokenEnc: own.refresh_token_enc as string } : undefined;
    return dropUnusedGrant(trx, grantId);
  });
}

/** The other shops using this shop's grant. */
export async function shopsSharingGrant(db: Db, shopId: string): Promise<string[]> {
  const rows = await db('lexware_connections as mine')
    .join('lexware_connections as other', 'other.grant_id', 'mine.grant_id')
    .where('mine.shop_id', shopId)
    .whereNot('other.shop_id', shopId)
    .orderBy('other.shop_id')
    .select('other.shop_id');
  return (rows as { shop_id: string }[]).map((r) => r.shop_id);
}

/**
 * The shop joins the grant of another shop of the same merchant (who proved it with a link code from that
 * shop): it books into the same organisation with the same tokens. A shop already connected must disconnect first.
 */
export async function joinGrant(db: Db, shopId: string, fromShopId: string): Promise<'joined' | 'connected' | 'gone'> {
  return db.transaction(async (trx) => {
    const from = await trx('lexware_connections').where({ shop_id: fromShopId }).forUpdate().first();
    if (!from?.grant_id) return 'gone';
    if (await trx('lexware_connections').where({ shop_id: shopId }).first('shop_id')) return 'connected';
    await trx('lexware_connections').insert({
      shop_id: shopId,
      grant_id: from.grant_id,
      organization_id: from.organization_id,
      connection_id: from.connection_id,
      scope: from.scope,
      profile: from.profile === null ? null : JSON.stringify(from.profile),
    });
    return 'joined';
  });
}

/** At most this many open OAuth attempts per shop and provider; older ones lapse when a new one starts. */
export const OAUTH_STATES_PER_SHOP = 5;

/**
 * A single-use OAuth state nonce, valid for ten minutes. The table stays bounded: expired rows go,
 * and a shop keeps only its newest few open attempts (the install link needs no login to start one).
 */
/** lexoffice-link: a code one shop hands out so that another store of the merchant joins its Lexware grant. */
export type OauthStateProvider = 'shopify' | 'lexoffice' | 'lexoffice-link';

export async function createOauthState(
  db: Db,
  provider: OauthStateProvider,
  shopId: string,
  nonce: string,
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('oauth_states').where('expires_at', '<=', trx.fn.now()).delete();
    await trx('oauth_states').insert({
      nonce,
      provider,
      shop_id: shopId,
      expires_at: new Date(Date.now() + 10 * 60_000),
    });
    const keep = trx('oauth_states')
      .where({ provider, shop_id: shopId })
      .orderBy('expires_at', 'desc')
      .limit(OAUTH_STATES_PER_SHOP)
      .select('nonce');
    await trx('oauth_states').where({ provider, shop_id: shopId }).whereNotIn('nonce', keep).delete();
  });
}

export async function consumeOauthState(
  db: Db,
  provider: OauthStateProvider,
  nonce: string,
): Promise<string | undefined> {
  const [row] = await db('oauth_states')
    .where({ nonce, provider })
    .where('expires_at', '>', db.fn.now())
    .delete()
    .returning('shop_id');
  return row?.shop_id as string | undefined;
}
