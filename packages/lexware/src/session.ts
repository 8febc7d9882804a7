import { createLexwareClient, type LexwareClient } from './client';
import { LexwareError, LexwareNotConnectedError, LexwareOauthError } from './errors';
import { refreshTokens, type LexwareOauthConfig } from './oauth';
import type { LexwareSessionStore } from './store';

export interface LexwareDeps {
  apiUrl: string;
  oauth: LexwareOauthConfig;
  requestsPerSecond?: number;
  /** Told when Lexware refuses the refresh token (invalid_grant, 401): the merchant must connect again. Must not throw. */
  onConnectionLost?: (shopId: string) => Promise<void>;
}

/** Still good for a minute: long enough for the call about to use it. */
const fresh = (expiresAt: Date) => new Date(expiresAt).getTime() > Date.now() + 60_000;

/** The token endpoint refused the refresh token itself, not just this attempt. */
const refreshRefused = (error: unknown) => error instanceof LexwareOauthError && error.refused;

/**
 * Whose budget a request spends. Lexware's documentation says "A client can make up to 2 requests per
 * second to the Lexware API" without saying whether that counts per access token or per organisation, so
 * we count per organisation: that holds under either reading, also when two shops reach one organisation
 * through two connections. Until the organisation is known (the first profile read), the shop's own budget.
 */
export const rateKey = (shopId: string, organizationId?: string | null) =>
  organizationId ? `lexware:org:${organizationId}` : `lexware:${shopId}`;

/**
 * A client for one shop's connection. The access token is refreshed a minute before
 * it expires, under a row lock so that two activities never spend the same refresh token.
 * background: the historical import's calls, which give way to live orders.
 */
export function lexwareFor(
  store: LexwareSessionStore,
  deps: LexwareDeps,
  shopId: string,
  opts: { background?: boolean } = {},
): LexwareClient {
  const perSecond = deps.requestsPerSecond ?? 2;
  // Learned with the tokens, which the first request reads before it waits for its slot.
  let organizationId: string | null | undefined;
  // A client serves one activity's few calls, seconds apart: a token read fresh serves the next ones while it stays
  // fresh, without a database read per call. A revoked one answers 401 like any other (withConnectionWatch).
  let held: { accessToken: string; expiresAt: Date } | undefined;
  const client = createLexwareClient({
    baseUrl: deps.apiUrl,
    throttle: () => store.throttle(rateKey(shopId, organizationId), perSecond, { ...opts, turn: shopId })(),
    accessToken: async () => {
      if (held && fresh(held.expiresAt)) return held.accessToken;
      const current = await store.tokens(shopId);
      if (!current) throw new LexwareNotConnectedError();
      organizationId = current.organizationId;
      if (fresh(current.expiresAt)) {
        held = current;
        return current.accessToken;
      }
      return store
        .refreshing(shopId, async (locked, save) => {
          if (!locked) throw new LexwareNotConnectedError();
          // another process may have refreshed while this one waited for the hold
          if (fresh(locked.expiresAt)) return locked.accessToken;
          const tokens = await refreshTokens(deps.oauth, locked.refreshToken);
          await save(tokens);
          return tokens.accessToken;
        })
        .catch(async (error: unknown) => {
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
