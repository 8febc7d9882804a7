import { createLexofficeClient, type LexofficeClient } from './client';
import { refreshTokens, type LexofficeOauthConfig } from './oauth';
import type { Db, SecretBox } from '@belegfluss/db';
import { getConnection, updateTokens } from '@belegfluss/db';

export interface LexofficeDeps { apiUrl: string; oauth: LexofficeOauthConfig }

/** Lexware allows 2 requests/s per connection; this bucket spaces the calls of one process. */
function createThrottle(perSecond: number) {
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + 1000 / perSecond;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}

const throttles = new Map<string, () => Promise<void>>();

/**
 * A client for one shop's connection. The access token is refreshed a minute before
 * it expires, under a row lock so that two activities never spend the same refresh token.
 */
export function lexofficeFor(db: Db, box: SecretBox, deps: LexofficeDeps, shopId: string): LexofficeClient {
  if (!throttles.has(shopId)) throttles.set(shopId, createThrottle(2));
  return createLexofficeClient({
    baseUrl: deps.apiUrl,
    throttle: throttles.get(shopId),
    accessToken: async () => {
      const connection = await getConnection(db, shopId);
      if (!connection) throw new Error('NOT_CONNECTED');
      if (connection.expiresAt.getTime() > Date.now() + 60_000) return box.open(connection.accessTokenEnc);
      return db.transaction(async (trx) => {
        const row = await trx('lexoffice_connections').where({ shop_id: shopId }).forUpdate().first();
        if (new Date(row.expires_at).getTime() > Date.now() + 60_000) return box.open(row.access_token_enc);
        const tokens = await refreshTokens(deps.oauth, box.open(row.refresh_token_enc));
        await updateTokens(trx, shopId, { accessTokenEnc: box.seal(tokens.accessToken), refreshTokenEnc: box.seal(tokens.refreshToken), expiresAt: tokens.expiresAt });
        return tokens.accessToken;
      });
    },
  });
}
