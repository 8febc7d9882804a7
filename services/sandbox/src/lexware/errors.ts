import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { lexwareTime } from '../time.js';

export interface Violation {
  violation: string;
  field: string;
  message: string;
}

export interface Issue {
  i18nKey: string;
  source: string;
  type: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  415: 'Unsupported Media Type',
};

/** The newer error body (invoices, credit notes, profile, voucherlist). */
export function newerError(ctx: Context, status: number, message: string, details?: Violation[]): void {
  ctx.status = status;
  ctx.body = {
    timestamp: lexwareTime(),
    status,
    error: REASONS[status] ?? 'Error',
    path: ctx.path,
    traceId: randomBytes(8).toString('hex'),
    message,
    ...(details ? { details } : {}),
  };
}

export function validationFailed(ctx: Context, details: Violation[]): void {
  newerError(ctx, 406, 'Validation failed for request. Please see details list for specified causes.', details);
}

/** The older error body (contacts, files, vouchers). */
export function issueList(ctx: Context, status: number, issues: Issue[]): void {
  ctx.status = status;
  ctx.body = { IssueList: issues };
}

export function unauthorized(ctx: Context): void {
  ctx.status = 401;
  ctx.body = { message: 'Unauthorized' };
}

export const notNull = (field: string): Violation => ({ violation: 'NOTNULL', field, message: 'darf nicht leer sein' });
export const notAllowed = (field: string, message: string): Violation => ({ violation: 'NOTALLOWED', field, message });
