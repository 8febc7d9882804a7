import { createLexwareClient, type LexwareClient } from './client';
import { LexwareError, LexwareNotConnectedError, LexwareOauthError } from './errors';
import { refreshTokens, type LexwareOauthConfig } from './oauth';
import type { Db, SecretBox } from '@belegfluss/db';
import { getConnection, sharedThrottle, updateTokens, withLockedConnection } from '@belegfluss/db';

export interface LexwareDeps {
  apiUrl: string;
  oauth: LexwareOauthConfig;
  requestsPerSecond?: number;
  /** Told when Lexware refuses the refresh token (invalid_grant, 401): the merchant must connect again. Must not throw. */
  onConnectionLost?: (shopId: string) => Promise<void>;
}

/** The token endpoint refused the refresh token itself, not just this attempt. */
const refreshRefused = (error: unknown) => error instanceof LexwareOauthError && error.refused;

/**
 * A client for one shop's connection. The access token is refreshed a minute before
 * it expires, under a row lock so that two activities never spend the same refresh token.
 */
/** background: the historical import's calls, which give way to the shop's live orders. */
export function lexwareFor(
  db: Db,
  box: SecretBox,
  deps: LexwareDeps,
  shopId: string,
  opts: { background?: boolean } = {},
): LexwareClient {
  const client = createLexwareClient({
    baseUrl: deps.apiUrl,
    throttle: sharedThrottle(db, `lexware:${shopId}`, deps.requestsPerSecond ?? 2, opts),
    accessToken: async () => {
      const connection = await getConnection(db, shopId);
      if (!connection) throw new LexwareNotConnectedError();
      if (connection.expiresAt.getTime() > Date.now() + 60_000) return box.open(connection.accessTokenEnc);
      return withLockedConnection(db, shopId, async (row, trx) => {
        if (!row) throw new LexwareNotConnectedError();
        if (new Date(row.expiresAt).getTime() > Date.now() + 60_000) return box.open(row.accessTokenEnc);
        const tokens = await refreshTokens(deps.oauth, box.open(row.refreshTokenEnc));
        await updateTokens(trx, shopId, {
          accessTokenEnc: box.seal(tokens.accessToken),
          refreshTokenEnc: box.seal(tokens.refreshToken),
          expiresAt: tokens.expiresAt,
        });
        return tokens.accessToken;
      }).catch(async (error: unknown) => {
        // after the transaction, so that the row lock is not held while the merchant is told
        if (refreshRefused(error)) await deps.onConnectionLost?.(shopId);
        throw error;
      });
    },
  });
  return deps.onConnectionLost ? withConnectionWatch(client, () => deps.onConnectionLost!(shopId)) : client;
}

/**
 * Our access token is renewed before it expires, so a 401 from the API means the merchant
 * revoked the app's access in Lexware: every call's rejection is checked for it.
 */
function withConnectionWatch(client: LexwareClient, lost: () => Promise<void>): LexwareClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch(async (error: unknown) => {
          if (error instanceof LexwareError && error.status === 401) await lost();
          throw error;
        });
      };
    },
  });
}
