import type { Context } from 'koa';

/**
 * The representation of a document that the request's Accept header asks for, by real content negotiation
 * (Koa's `ctx.accepts`, the `negotiator` package): media ranges with wildcards, q-values, and q=0 as a refusal.
 * `offered` lists what the document exists as, its default first: a range that fits several (such as `*\/*`
 * in axios's `application/json, text/plain, *\/*`) gets the default, as Lexware documents for wildcards.
 * Undefined means the client accepts none of them, which Lexware answers with 406.
 */
export function negotiate<T extends string>(ctx: Context, offered: readonly T[]): T | undefined {
  const chosen = ctx.accepts(...offered);
  return typeof chosen === 'string' ? (chosen as T) : undefined;
}
