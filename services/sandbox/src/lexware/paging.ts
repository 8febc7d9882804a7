import type { Context } from 'koa';
import { newerError } from './errors.js';

/**
 * Lexware's page envelope: 0-based page, size at most 250, results stop at 10,000. A page reaching past
 * the 10,000th entry is refused ("Maximum search window size exceeded"), not quietly shortened.
 */
export function paged<T>(ctx: Context, items: T[], defaultSize = 25): Record<string, unknown> | undefined {
  const size = Math.min(250, Math.max(1, Number(ctx.query.size ?? defaultSize) || defaultSize));
  const page = Math.max(0, Number(ctx.query.page ?? 0) || 0);
  if ((page + 1) * size > 10_000) {
    newerError(ctx, 400, 'Maximum search window size exceeded');
    return undefined;
  }
  const capped = items.slice(0, 10_000);
  const totalPages = Math.max(1, Math.ceil(capped.length / size));
  const content = capped.slice(page * size, page * size + size);
  return {
    content,
    first: page === 0,
    last: page >= totalPages - 1,
    totalPages,
    totalElements: capped.length,
    numberOfElements: content.length,
    size,
    number: page,
    sort: [],
  };
}

/** The filters accept SQL-like wildcards (% and _); without them they match exactly, ignoring case. */
export function likeMatcher(pattern: string): (value: string | undefined) => boolean {
  const escaped = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  const re = new RegExp(`^${escaped}$`, 'i');
  return (value) => value !== undefined && re.test(value);
}
