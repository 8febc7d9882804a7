import type { Context, Next } from 'koa';
import { BadBodyError } from '../http/body.js';
import type { SandboxState } from '../state.js';
import { unauthorized } from './errors.js';
import type { TokenBuckets } from './rate-limit.js';
import { resolveAccessToken, type Resolved } from './tokens.js';

export function lex(ctx: Context): Resolved {
  return ctx.state.lex as Resolved;
}

/** Bearer token → connection and organisation; 401 in Lexware's shape otherwise. */
export function authenticate(state: SandboxState) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('authorization');
    const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
    const resolved = token ? resolveAccessToken(state, token) : null;
    if (!resolved) return unauthorized(ctx);
    ctx.state.lex = resolved;
    await next();
  };
}

/**
 * Counted per organisation, not per connection: Lexware's "A client can make up to 2 requests per second"
 * does not say which, and the stricter reading is the one a client must survive (two connections to one
 * organisation share one bucket).
 */
export function rateLimit(buckets: TokenBuckets) {
  return async (ctx: Context, next: Next) => {
    if (!buckets.take(lex(ctx).org.id)) {
      ctx.state.rateLimited = true;
      ctx.status = 429;
      ctx.body = { message: 'Rate limit exceeded' };
      return;
    }
    await next();
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fault knobs. 429 and 500 are answered before the work (the call was not performed); a 504 may
 * perform the write first and still answer 504, which is what makes blind POST retries dangerous.
 */
export function faults(state: SandboxState) {
  return async (ctx: Context, next: Next) => {
    const k = state.knobs.lexware;
    if (k.latencyMs > 0) await sleep(k.latencyMs);
    const write = ctx.method === 'POST' || ctx.method === 'PUT';
    const queued = (write ? k.failNextWrite.shift() : undefined) ?? k.failNext.shift();
    const roll = Math.random();
    const status =
      queued ??
      (roll < k.rate429
        ? 429
        : roll < k.rate429 + k.rate500
          ? 500
          : roll < k.rate429 + k.rate500 + k.rate504
            ? 504
            : undefined);
    if (status === 429) {
      ctx.status = 429;
      ctx.body = { message: 'Rate limit exceeded' };
      return;
    }
    if (status === 500) {
      ctx.status = 500;
      ctx.body = { message: null };
      return;
    }
    if (status === 504) {
      if (k.write504 && ctx.method !== 'GET') await next();
      ctx.status = 504;
      ctx.body = { message: 'Endpoint request timed out' };
      ctx.remove('Location');
      return;
    }
    if (status !== undefined) {
      // Any other queued status (502, 503…): the gateway answered for an API it never reached.
      ctx.status = status;
      ctx.body = { message: null };
      return;
    }
    await next();
    if (k.latencyAfterWriteMs > 0 && ctx.method !== 'GET') await sleep(k.latencyAfterWriteMs);
  };
}

/**
 * Writes must say they are JSON (415 otherwise, documented: "Missing Content-Type header for POST and PUT
 * requests"), even without a body; file uploads are multipart. Malformed JSON is a 400, as on the real gateway.
 */
export function jsonOnly() {
  return async (ctx: Context, next: Next) => {
    const type = ctx.request.type;
    if (
      (ctx.method === 'POST' || ctx.method === 'PUT') &&
      type !== 'application/json' &&
      type !== 'multipart/form-data'
    ) {
      ctx.status = 415;
      ctx.body = { message: 'Unsupported Media Type' };
      return;
    }
    try {
      await next();
    } catch (err) {
      if (!(err instanceof BadBodyError)) throw err;
      ctx.status = 400;
      ctx.body = { message: err.message };
    }
  };
}
