import type { Context, Next } from 'koa';
import { lex } from './middleware.js';

/** Requests per organisation and answer status, for tests and benchmarks (GET /control/lexware/stats). */
export interface RequestStats {
  requests: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
  /** 429s of the rate limit itself (2 per second per organisation), apart from 429s the fault knobs inject. */
  rateLimited: number;
}

const stats = new Map<string, RequestStats>();

export function countRequests() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } finally {
      const orgId = lex(ctx).org.id;
      const entry = stats.get(orgId) ?? { requests: 0, byStatus: {}, byRoute: {}, rateLimited: 0 };
      entry.requests++;
      if (ctx.state.rateLimited) entry.rateLimited++;
      entry.byStatus[ctx.status] = (entry.byStatus[ctx.status] ?? 0) + 1;
      const route = `${ctx.method} ${ctx.path.replace(/\/[0-9a-f-]{36}/g, '/{id}')}`;
      entry.byRoute[route] = (entry.byRoute[route] ?? 0) + 1;
      stats.set(orgId, entry);
    }
  };
}

export function requestStats(): Record<string, RequestStats> {
  return Object.fromEntries(stats);
}

export function resetRequestStats(): void {
  stats.clear();
}
