import type { Context } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRateLimiter, type Db } from '@belegfluss/db';
import { TooManyRequests, type HttpError } from './errors';

/**
 * Limits for the calls that cost us (or others) something and can be made in a loop: the SMTP check
 * opens a connection to a server the merchant names, the install link writes an OAuth state without a
 * login, document links are guessed by their token, and the send dialog and the help form send mail
 * to addresses and with texts the caller chooses. Counted in PostgreSQL (`sharedRateLimiter`), so
 * however many gateway processes run, together they allow each limit once.
 */
export const RATE_LIMITS = {
  /** SMTP checks per shop. */
  smtpCheck: { points: 5, duration: 10 * 60 },
  /** Unauthenticated install starts (GET /api/auth) per client address. */
  install: { points: 60, duration: 60 },
  /** Document links that found nothing, per client address; then the address waits. */
  documentMisses: { points: 20, duration: 10 * 60 },
  /**
   * Documents sent from the send dialog per shop and hour: a merchant re-sending a morning's invoices
   * by hand stays well inside it; a loop sending mail of its choosing through our server doesn't.
   */
  manualMail: { points: 60, duration: 60 * 60 },
  /** Help requests per shop and hour, each mailed to support. */
  helpContact: { points: 5, duration: 60 * 60 },
} as const;

export type RateLimits = Record<keyof typeof RATE_LIMITS, RateLimiterAbstract>;

export const createRateLimits = (db: Db): RateLimits => ({
  smtpCheck: sharedRateLimiter(db, 'smtp-check', RATE_LIMITS.smtpCheck),
  install: sharedRateLimiter(db, 'install', RATE_LIMITS.install),
  documentMisses: sharedRateLimiter(db, 'document-misses', RATE_LIMITS.documentMisses),
  manualMail: sharedRateLimiter(db, 'manual-mail', RATE_LIMITS.manualMail),
  helpContact: sharedRateLimiter(db, 'help-contact', RATE_LIMITS.helpContact),
});

const MESSAGE = 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.';

function tooMany(ctx: Context, res: RateLimiterRes): HttpError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))));
  return TooManyRequests(MESSAGE);
}

/** Counts one call for `key`; over the limit the call is answered 429 with Retry-After. */
export async function consume(ctx: Context, limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejected) {
    if (rejected instanceof RateLimiterRes) throw tooMany(ctx, rejected);
    throw rejected;
  }
}

/** Refuses `key` while its allowance is used up, without counting this call (misses are counted apart). */
export async function refuseWhileExhausted(ctx: Context, limiter: RateLimiterAbstract, key: string): Promise<void> {
  const res = await limiter.get(key);
  if (res && res.remainingPoints <= 0) throw tooMany(ctx, res);
}

/** The client's address as the first of our proxies saw it (TRUSTED_PROXY_HOPS), which a client can't forge. */
export const clientKey = (ctx: Context) => ctx.ip || 'unknown';
