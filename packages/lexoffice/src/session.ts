import { createLexofficeClient, type LexofficeClient } from './client';
import { refreshTokens, type LexofficeOauthConfig } from './oauth';
import type { Db, SecretBox } from '@belegfluss/db';
import { getConnection, sharedThrottle, updateTokens } from '@belegfluss/db';

export interface LexofficeDeps { apiUrl: string; oauth: LexofficeOauthConfig; requestsPerSecond?: number }

/**
 * A client for one shop's connection. The access token is refreshed a minute before
 * it expires, under a row lock so that two activities never spend the same refresh token.
 */
export function lexofficeFor(db: Db, box: SecretBox, deps: LexofficeDeps, shopId: string): LexofficeClient {
  return createLexofficeClient({
    baseUrl: deps.apiUrl,
    throttle: sharedThrottle(db, `lexoffice:${shopId}`, deps.requestsPerSecond ?? 2),
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
