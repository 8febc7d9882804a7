import type { ShopifyOrder } from '../shopify-order';
import { LIMITS } from '../preferences/messages';

export type ReferencePlace = 'title' | 'introduction' | 'remark';

/** The reference that lets a retry find the document it may already have created. */
export function orderReference(order: Pick<ShopifyOrder, 'name'>): string {
  return `Bestellung ${order.name}`;
}

/**
 * Whether a document text carries this order's reference. A plain `includes` would let
 * "Bestellung #1001" match the document of order #10011, so the next character must not continue the name.
 */
export function hasOrderReference(text: string | null | undefined, order: Pick<ShopifyOrder, 'name'>): boolean {
  if (!text) return false;
  const ref = orderReference(order);
  let at = text.indexOf(ref);
  while (at !== -1) {
    const next = text.charAt(at + ref.length);
    if (!/[\p{L}\p{N}_-]/u.test(next)) return true;
    at = text.indexOf(ref, at + 1);
  }
  return false;
}

export interface DocumentTexts {
  title: string;
  introduction: string;
  remark: string;
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** A whole number with German thousands points (2.000). */
const germanInteger = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * Ends a text cut to Lexware's limit, so that the reader of the document sees that something is missing. The
 * number is grouped by hand: an Intl.NumberFormat here was built anew in every order workflow, which evaluates this
 * module for itself, and cost it more than the rest of the module.
 */
export const CUT_NOTE = ` … (gekürzt: Lexware Office nimmt höchstens ${germanInteger(LIMITS.remark)} Zeichen)`;

/** A long customer note cut to what Lexware takes, saying so at its end instead of stopping mid-sentence. */
const cutSaying = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - CUT_NOTE.length)}${CUT_NOTE}` : s);

/**
 * Puts the order reference into the named places (unless the rendered text already has it),
 * appends notes to the remark, and keeps each text within what Lexware takes.
 */
export function placeReference(
  texts: DocumentTexts,
  order: Pick<ShopifyOrder, 'name'>,
  places: readonly ReferencePlace[],
  notes: readonly string[] = [],
): DocumentTexts {
  const ref = orderReference(order);
  const out = { ...texts };
  for (const place of places) {
    if (hasOrderReference(out[place], order)) continue;
    out[place] =
      place === 'title' ? [out.title, ref].filter(Boolean).join(' ') : [out[place], ref].filter(Boolean).join('\n');
  }
  out.remark = [out.remark, ...notes].filter(Boolean).join('\n');
  // Lexware rejects titles over 255 characters; keep the reference when cutting.
  if (out.title.length > 255)
    out.title = places.includes('title') ? `${cut(out.title, 254 - ref.length)} ${ref}` : cut(out.title, 255);
  out.introduction = cutSaying(out.introduction, LIMITS.introduction);
  out.remark = cutSaying(out.remark, LIMITS.remark);
  return out;
}

/** The shop's order number format (Shopify: orderNumberFormatPrefix / orderNumberFormatSuffix). */
export interface OrderNumberFormat {
  prefix: string;
  suffix: string;
}
export const DEFAULT_ORDER_NUMBER_FORMAT: OrderNumberFormat = { prefix: '#', suffix: '' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The order names a document's texts mention, in the shop's format: prefix, number, suffix
 * As in hasOrderReference, a name must not run on into further letters or digits,
 * so "#1001" is not found in "#10011", nor "1001" in "A1001" when the prefix is empty.
 */
export function orderNamesIn(
  texts: readonly (string | null | undefined)[],
  format: OrderNumberFormat = DEFAULT_ORDER_NUMBER_FORMAT,
): string[] {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])${escape(format.prefix)}(\\d+)${escape(format.suffix)}(?![\\p{L}\\p{N}_-])`,
    'gu',
  );
  const lead =
    /^[\p{L}\p{N}_]/u.test(format.prefix) || format.prefix === ''
      ? pattern
      : new RegExp(pattern.source.replace('(?<![\\p{L}\\p{N}_])', ''), 'gu');
  const names = new Set<string>();
  for (const text of texts)
    for (const m of (text ?? '').matchAll(lead)) names.add(`${format.prefix}${m[1]}${format.suffix}`);
  return [...names];
}
