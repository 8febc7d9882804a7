import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { z } from 'zod';
import type { IncomingMessage } from 'node:http';
import { BadRequest, BadRequestWith, HttpError, Invalid, PayloadTooLarge, UnsupportedMediaType } from './errors';

// Zod's own messages in German for every check the shared schemas don't word themselves.
z.config(z.locales.de());

export const MB = 1024 * 1024;

/**
 * The raw body, at most `limit` bytes. A Content-Length over the limit is answered 413 at once, before
 * a byte is read, and the connection is closed, so a client can't hold it open by promising more.
 */
export async function readRawBody(ctx: Context, limit: number): Promise<Buffer> {
  try {
    return await readRequestBody(ctx.req, limit);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) ctx.set('Connection', 'close');
    throw error;
  }
}

/** readRawBody for a request outside Koa (the webhook fast path); the caller closes the connection on 413. */
export async function readRequestBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'] ?? '';
  try {
    return await getRawBody(req, { limit, ...(/^\d+$/.test(declared) ? { length: Number(declared) } : {}) });
  } catch (error) {
    if ((error as { status?: number }).status === 413)
      throw PayloadTooLarge(`Die Anfrage ist zu groß (höchstens ${Math.round(limit / MB)} MB).`);
    throw BadRequest('Die Anfrage konnte nicht gelesen werden.');
  }
}

/** The JSON body of a request; an empty body is `{}`. Parsed here so webhook routes keep their raw body. */
export async function readJson(ctx: Context): Promise<unknown> {
  const raw = (await readRawBody(ctx, MB)).toString('utf8');
  if (raw.trim() === '') return {};
  if (!ctx.is('json')) throw UnsupportedMediaType('Bitte sende die Daten als JSON (Content-Type: application/json).');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw BadRequestWith('INVALID_JSON', 'Der Inhalt ist kein gültiges JSON.');
  }
}

/** Parses input with a schema; the first issue becomes a 400 with its field and German message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw Invalid(issue?.message ?? 'Ungültige Eingabe', issue?.path.join('.') || undefined);
}

export const body = async <S extends z.ZodType>(ctx: Context, schema: S): Promise<z.infer<S>> =>
  validate(schema, await readJson(ctx));
export const query = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> => validate(schema, ctx.query);

/** Query helpers: one value even when a parameter is repeated, lists from repeats or commas. */
export const single = (v: unknown) => (Array.isArray(v) ? v[0] : v);
export const list = (v: unknown) =>
  v === undefined || v === ''
    ? undefined
    : (Array.isArray(v) ? v : [v])
        .flatMap((s) => String(s).split(','))
        .map((s) => s.trim())
        .filter(Boolean);
export const page = z.preprocess(
  single,
  z.coerce
    .number({ error: 'Die Seite muss eine Zahl sein' })
    .int('Die Seite muss eine ganze Zahl sein')
    .min(1, 'Die Seite beginnt bei 1')
    .max(100_000)
    .default(1),
);
export const sortDir = z.preprocess(
  single,
  z.enum(['asc', 'desc'], { error: 'Sortierrichtung ist asc oder desc' }).default('desc'),
);
export const search = z
  .preprocess(single, z.string().trim().max(200, 'Maximal 200 Zeichen').optional())
  .transform((s) => s || undefined);

/** A POST that carries no data: anything sent is refused rather than ignored. */
export const NoBody = z.strictObject({}, { error: 'Diese Anfrage erwartet keine Daten.' });
