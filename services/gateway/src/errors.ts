import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { LexwareNotConnectedError } from '@belegfluss/lexware';
import { UNKNOWN_ERROR_MESSAGE } from '@belegfluss/shared';
import { ShopifyNotConnectedError } from '@belegfluss/shopify';

/** An error with a status and a German message for the merchant; one JSON shape for all. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A factory for a status whose answers carry their own code (tables of codes map to these). */
export type CodedError = (code: string, message: string, field?: string) => HttpError;
const coded =
  (status: number): CodedError =>
  (code, message, field) =>
    new HttpError(status, code, message, field);

export const BadRequestWith = coded(400);
export const BadRequest = (message: string, field?: string) => BadRequestWith('BAD_REQUEST', message, field);
export const Unauthorized = (message = 'Die Sitzung ist ungültig oder abgelaufen. Bitte lade die App neu.') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const Forbidden = (message = 'Fehlende Berechtigung') => new HttpError(403, 'FORBIDDEN', message);
export const NotFound = (message = 'Nicht gefunden') => new HttpError(404, 'NOT_FOUND', message);
export const Invalid = (message: string, field?: string) => new HttpError(400, 'VALIDATION', message, field);
export const ForbiddenWith = coded(403);
export const NotFoundWith = coded(404);
export const PaymentRequired = coded(402);
export const Conflict = coded(409);
export const Unprocessable = coded(422);
export const BadGateway = coded(502);
export const PayloadTooLarge = (message: string) => new HttpError(413, 'TOO_LARGE', message);
export const UnsupportedMediaType = (message: string) => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const TooManyRequests = (message: string) => new HttpError(429, 'TOO_MANY_REQUESTS', message);
export const NotConnected = (message = 'Lexware Office ist nicht verbunden.') =>
  new HttpError(409, 'NOT_CONNECTED', message);
export const LexwareUnavailable = () =>
  BadGateway(
    'LEXWARE_UNAVAILABLE',
    'Lexware Office ist gerade nicht erreichbar. Bitte versuche es später noch einmal.',
  );

/**
 * The one mapping of the outside clients' typed errors to HTTP, by type and code (never by message text):
 * the error middleware applies it to whatever a route lets through, and routes that answer a Lexware
 * failure in their own words call it first.
 */
export function upstreamHttpError(error: unknown): HttpError | undefined {
  if (error instanceof LexwareNotConnectedError) return NotConnected();
  if (error instanceof ShopifyNotConnectedError) return BadRequest(error.message);
  return undefined;
}

/**
 * PostgreSQL's refusals of the input itself, mapped at the boundary: a duplicate is a conflict,
 * a character or value PostgreSQL can't store (NUL, out-of-range numbers, bad dates) is bad input.
 */
const PG_INPUT_ERRORS: Record<string, HttpError> = {
  '23505': Conflict('CONFLICT', 'Diesen Eintrag gibt es bereits.'),
  '22021': BadRequest('Die Eingabe enthält ungültige Zeichen.'),
  '22P05': BadRequest('Die Eingabe enthält ungültige Zeichen.'),
  '22P02': BadRequest('Die Eingabe hat ein ungültiges Format.'),
  '22003': BadRequest('Eine Zahl in der Eingabe ist zu groß.'),
  '22007': BadRequest('Ein Datum in der Eingabe ist ungültig.'),
  '22008': BadRequest('Ein Datum in der Eingabe liegt außerhalb des gültigen Bereichs.'),
};
/**
 * A statement PostgreSQL ended at its time limit (the log search sets one): the request was valid but
 * too costly to answer now, so the service is unavailable for it rather than the input being wrong.
 */
const PG_TIMEOUT = new HttpError(
  503,
  'QUERY_TIMEOUT',
  'Die Suche hat zu lange gedauert. Bitte grenze sie ein (z. B. nach Herkunft, Status oder Bestellung) und versuche es erneut.',
);
const pgInputError = (error: unknown): HttpError | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '57014') return PG_TIMEOUT;
  return typeof code === 'string' ? PG_INPUT_ERRORS[code] : undefined;
};

/** What an error answers: its status and the one JSON shape, in German. `log` when it is ours, not the input's. */
export function errorAnswer(caught: unknown): { status: number; body: Record<string, unknown>; log: boolean } {
  const error = pgInputError(caught) ?? upstreamHttpError(caught) ?? caught;
  if (error instanceof HttpError)
    return {
      status: error.status,
      body: { error: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
      log: false,
    };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return {
      status: 400,
      body: { error: 'VALIDATION', message: issue?.message ?? 'Ungültige Eingabe', field: issue?.path.join('.') },
      log: false,
    };
  }
  return { status: 500, body: { error: 'INTERNAL', message: UNKNOWN_ERROR_MESSAGE }, log: true };
}

export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (caught) {
    const answer = errorAnswer(caught);
    ctx.status = answer.status;
    ctx.body = answer.body;
    if (answer.log) ctx.app.emit('error', caught, ctx);
  }
}
