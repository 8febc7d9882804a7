import type { Db } from '../connection';
import { fromRow } from '../rows';

export interface LexwareConnection {
  shopId: string;
  organizationId: string | null;
  connectionId: string | null;
  accessTokenEnc: string;
  refreshTokenEnc: string;
  expiresAt: Date;
  scope: string;
  profile: Record<string, unknown> | null;
  connectedAt: Date;
}

export async function getConnection(db: Db, shopId: string): Promise<LexwareConnection | undefined> {
  return toConnection(await db('lexware_connections').where({ shop_id: shopId }).first());
}

const toConnection = (r: Record<string, unknown> | undefined): LexwareConnection | undefined =>
  r ? fromRow<LexwareConnection>(r, CONNECTION_COLUMNS) : undefined;
const CONNECTION_COLUMNS = [
  'shop_id',
  'organization_id',
  'connection_id',
  'access_token_enc',
  'refresh_token_enc',
  'expires_at',
  'scope',
  'profile',
  'connected_at',
];

export async function saveConnection(
  db: Db,
  c: { shopId: string; accessTokenEnc: string; refreshTokenEnc: string; expiresAt: Date; scope: string },
): Promise<void> {
  await db('lexware_connections')
    .insert({
      shop_id: c.shopId,
      access_token_enc: c.accessTokenEnc,
      refresh_token_enc: c.refreshTokenEnc,
      expires_at: c.expiresAt,
      scope: c.scope,
    })
    .onConflict('shop_id')
    .merge({
      access_token_enc: c.accessTokenEnc,
      refresh_token_enc: c.refreshTokenEnc,
      expires_at: c.expiresAt,
      scope: c.scope,
      connected_at: db.fn.now(),
    });
}

export async function updateTokens(
  db: Db,
  shopId: string,
  t: { accessTokenEnc: string; refreshTokenEnc: string; expiresAt: Date },
): Promise<void> {
  await db('lexware_connections')
    .where({ shop_id: shopId })
    .update({ access_token_enc: t.accessTokenEnc, refresh_token_enc: t.refreshTokenEnc, expires_at: t.expiresAt });
}

export async function saveProfile(db: Db, shopId: string, profile: Record<string, unknown>): Promise<void> {
  await db('lexware_connections')
    .where({ shop_id: shopId })
    .update({
      profile: JSON.stringify(profile),
      pulled_at: db.fn.now(),
      organization_id: (profile.organizationId as string | undefined) ?? null,
      connection_id: (profile.connectionId as string | undefined) ?? null,
    });
}

/** Lexware revoked a connection (token.revoked): its rows go; the shops that had it are answered. */
export async function deleteRevokedConnection(db: Db, connectionId: string, organizationId: string): Promise<string[]> {
  const gone = await db('lexware_connections')
    .where({ connection_id: connectionId, organization_id: organizationId })
    .delete()
    .returning('shop_id');
  return (gone as { shop_id: string }[]).map((r) => r.shop_id);
}

/**
 * Runs `work` with the shop's connection row locked (FOR UPDATE) in one transaction, so two token
 * refreshes never spend the same refresh token; `work` writes through the transaction it is given.
 */
export async function withLockedConnection<T>(
  db: Db,
  shopId: string,
  work: (connection: LexwareConnection | undefined, trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (trx) =>
    work(toConnection(await trx('lexware_connections').where({ shop_id: shopId }).forUpdate().first()), trx),
  );
}

export async function deleteConnection(db: Db, shopId: string): Promise<void> {
  await db('lexware_connections').where({ shop_id: shopId }).delete();
}

/** At most this many open OAuth attempts per shop and provider; older ones lapse when a new one starts. */
export const OAUTH_STATES_PER_SHOP = 5;

/**
 * A single-use OAuth state nonce, valid for ten minutes. The table stays bounded: expired rows go,
 * and a shop keeps only its newest few open attempts (the install link needs no login to start one).
 */
export async function createOauthState(
  db: Db,
  provider: 'shopify' | 'lexoffice',
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
  provider: 'shopify' | 'lexoffice',
  nonce: string,
): Promise<string | undefined> {
  const [row] = await db('oauth_states')
    .where({ nonce, provider })
    .where('expires_at', '>', db.fn.now())
    .delete()
    .returning('shop_id');
  return row?.shop_id as string | undefined;
}
