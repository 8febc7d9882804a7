import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { LexwareNotConnectedError } from '@belegfluss/lexoffice';

/** An error with a status and a German message for the merchant; one JSON shape for all. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly field?: string) {
    super(message);
  }
}

export const BadRequest = (message: string, field?: string) => new HttpError(400, 'BAD_REQUEST', message, field);
export const Unauthorized = (message = 'Die Sitzung ist ungültig oder abgelaufen. Bitte lade die App neu.') => new HttpError(401, 'UNAUTHORIZED', message);
export const Forbidden = (message = 'Fehlende Berechtigung') => new HttpError(403, 'FORBIDDEN', message);
export const NotFound = (message = 'Nicht gefunden') => new HttpError(404, 'NOT_FOUND', message);
export const Invalid = (message: string, field?: string) => new HttpError(400, 'VALIDATION', message, field);
export const PaymentRequired = (code: string, message: string, field?: string) => new HttpError(402, code, message, field);
export const Conflict = (code: string, message: string, field?: string) => new HttpError(409, code, message, field);
export const Unprocessable = (code: string, message: string, field?: string) => new HttpError(422, code, message, field);
export const BadGateway = (code: string, message: string, field?: string) => new HttpError(502, code, message, field);
export const NotConnected = (message = 'Lexware Office ist nicht verbunden.') => new HttpError(409, 'NOT_CONNECTED', message);
export const LexwareUnavailable = () => BadGateway('LEXOFFICE_UNAVAILABLE', 'Lexware Office ist gerade nicht erreichbar. Bitte versuche es später noch einmal.');

/**
 * The one mapping of the outside clients' typed errors to HTTP, by type and code (never by message text):
 * the error middleware applies it to whatever a route lets through, and routes that answer a Lexware
 * failure in their own words call it first.
 */
export function upstreamHttpError(error: unknown): HttpError | undefined {
  if (error instanceof LexwareNotConnectedError) return NotConnected();
  return undefined;
}

/**
 * PostgreSQL's refusals of the input itself, mapped at the boundary: a duplicate is a conflict,
 * a character or value PostgreSQL can't store (NUL, out-of-range numbers, bad dates) is bad input.
 */
const PG_INPUT_ERRORS: Record<string, HttpError> = {
  '23505': new HttpError(409, 'CONFLICT', 'Diesen Eintrag gibt es bereits.'),
  '22021': new HttpError(400, 'BAD_REQUEST', 'Die Eingabe enthält ungültige Zeichen.'),
  '22P05': new HttpError(400, 'BAD_REQUEST', 'Die Eingabe enthält ungültige Zeichen.'),
  '22P02': new HttpError(400, 'BAD_REQUEST', 'Die Eingabe hat ein ungültiges Format.'),
  '22003': new HttpError(400, 'BAD_REQUEST', 'Eine Zahl in der Eingabe ist zu groß.'),
  '22007': new HttpError(400, 'BAD_REQUEST', 'Ein Datum in der Eingabe ist ungültig.'),
  '22008': new HttpError(400, 'BAD_REQUEST', 'Ein Datum in der Eingabe liegt außerhalb des gültigen Bereichs.'),
};
const pgInputError = (error: unknown): HttpError | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? PG_INPUT_ERRORS[code] : undefined;
};

export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (caught) {
    const error = pgInputError(caught) ?? upstreamHttpError(caught) ?? caught;
    if (error instanceof HttpError) {
      ctx.status = error.status;
      ctx.body = { error: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
    } else if (error instanceof ZodError) {
      const issue = error.issues[0];
      ctx.status = 400;
      ctx.body = { error: 'VALIDATION', message: issue?.message ?? 'Ungültige Eingabe', field: issue?.path.join('.') };
    } else {
      ctx.status = 500;
      ctx.body = { error: 'INTERNAL', message: 'Unbekannter Fehler aufgetreten' };
      ctx.app.emit('error', error, ctx);
    }
  }
}
