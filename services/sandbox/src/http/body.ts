import type { Context } from 'koa';
import getRawBody from 'raw-body';

/**
 * Reads the request body once and keeps the raw bytes, because webhook signatures and
 * Lexware's 415 check need the body exactly as sent, before any parser touches it.
 */
export async function readRaw(ctx: Context): Promise<Buffer> {
  const cached = ctx.state.rawBody as Buffer | undefined;
  if (cached) return cached;
  const raw = await getRawBody(ctx.req, { limit: '20mb' });
  ctx.state.rawBody = raw;
  return raw;
}

export class BadBodyError extends Error {}

export async function readJson(ctx: Context): Promise<unknown> {
  const raw = await readRaw(ctx);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new BadBodyError('Malformed JSON');
  }
}

/** Form bodies (OAuth token endpoints, HTML forms) as a plain record; JSON is accepted too. */
export async function readForm(ctx: Context): Promise<Record<string, string>> {
  const raw = (await readRaw(ctx)).toString('utf8');
  if (ctx.is('application/json')) {
    const parsed = JSON.parse(raw || '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/** The base URL the client used, for resourceUri and Location headers. */
export function origin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.get('host')}`;
}
