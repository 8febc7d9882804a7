import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../connection';

export interface RateLimitRule {
  /** Calls allowed per window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
}

/**
 * A rate limit every gateway process on this database shares: rate-limiter-flexible counts in the
 * `rate_limits` table (one row per `name:key`, one atomic upsert per call), so two processes together
 * allow the limit once, not twice. Should PostgreSQL not answer, each process counts in its own memory
 * meanwhile (the insurance limiter): the limit still holds per process and no call fails for it.
 * Rows an hour past their window are deleted every five minutes by the library.
 */
export function sharedRateLimiter(db: Db, name: string, rule: RateLimitRule): RateLimiterAbstract {
  return new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true, // by the migration 20261124_1401_rate_limits
    keyPrefix: name,
    points: rule.points,
    duration: rule.duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.duration }),
  });
}
