import type { ShopifyOrder } from '../shopify-order';
import { cents, sumOf } from './money';
import { orderRefunds } from './refund-types';
import { isTip, itemExtras } from './order-fields';
import {
  grossAndNet,
  itemPositionKey,
  orderPositions,
  shippingPositionKey,
  type PositionOptions,
} from './order-positions';
import type { Position } from './positions';

/*
 * Orders edited after their invoice (Shopify's order editing: items added or removed, quantities or shipping
 * changed after payment). The invoice stays what it was when it was made; what changed later is corrected by
 * documents an accountant accepts, chosen by the merchant.
 */

/**
 * How a finalised invoice is corrected after an edit. `difference`: a credit note for what went away (linked to the
 * invoice) and a supplementary invoice for what came in, the invoice keeps its number. `reissue`: the invoice is
 * closed by a full credit note and a new invoice shows the order as it now is.
 */
export const CORRECTION_MODES = ['difference', 'reissue'] as const;
export type CorrectionMode = (typeof CORRECTION_MODES)[number];
export const CORRECTION_MODE_LABELS: Record<CorrectionMode, string> = {
  difference: 'Differenz',
  reissue: 'Storno und neue Rechnung',
};
export const DEFAULT_CORRECTION_MODE: CorrectionMode = 'difference';

/** The intents of correction documents, numbered per order: `supplement:{orderId}:{n}`, `correction:{orderId}:{n}`. */
export const SUPPLEMENT_INTENT = 'supplement:';
export const CORRECTION_INTENT = 'correction:';
export const correctionIntentKey = (kind: 'credit' | 'supplement', orderId: number | string, n: number) =>
  `${kind === 'credit' ? CORRECTION_INTENT : SUPPLEMENT_INTENT}${orderId}:${n}`;

/** A document's (or all documents') share of one order line at one tax rate; quantities and amounts signed. */
export type CoveredLine = Position & { key: string };

/** What the order's documents so far cover: invoices added, correction credit notes taken away. */
export type Coverage = CoveredLine[];

const refundedQuantities = (order: ShopifyOrder): Map<number, number> => {
  const out = new Map<number, number>();
  for (const r of orderRefunds(order))
    for (const l of r.refund_line_items) out.set(l.line_item_id, (out.get(l.line_item_id) ?? 0) + l.quantity);
  return out;
};

const scaled = (amount: string, part: number, whole: number) =>
  (Math.round((cents(amount) * part) / whole) / 100).toFixed(2);

/**
 * The order as edited, before any refund: each line item with its current quantity plus what refunds took back
 * (refunds get their own credit notes, so they must not lower what the invoices cover), its tax and discounts in
 * proportion, without removed items and removed shipping lines. An order never edited comes back unchanged.
 *
 * Shopify keeps a line's `quantity` as ordered and says what is left in `current_quantity` (edits and refunds both
 * lower it); an item added by an edit is a line of its own.
 */
export function editedOrder(order: ShopifyOrder): ShopifyOrder {
  const refunded = refundedQuantities(order);
  let changed = false;
  const lineItems = order.line_items.flatMap((li) => {
    const current = (li as { current_quantity?: unknown }).current_quantity;
    if (typeof current !== 'number') return [li];
    const quantity = Math.min(li.quantity, current + (refunded.get(li.id) ?? 0));
    if (quantity === li.quantity) return [li];
    changed = true;
    if (quantity <= 0) return [];
    return [
      {
        ...li,
        quantity,
        tax_lines: li.tax_lines.map((t) => ({ ...t, price: scaled(t.price, quantity, li.quantity) })),
        discount_allocations: li.discount_allocations.map((d) => ({
          ...d,
          amount: scaled(d.amount, quantity, li.quantity),
        })),
      },
    ];
  });
  const shippingLines = order.shipping_lines.filter((s) => (s as { is_removed?: unknown }).is_removed !== true);
  if (shippingLines.length !== order.shipping_lines.length) changed = true;
  const current = (order as { current_total_price?: unknown }).current_total_price;
  if (typeof current === 'string' && cents(current) !== cents(order.total_price)) changed = true;
  if (!changed) return order;
  const edited = { ...order, line_items: lineItems, shipping_lines: shippingLines };
  return { ...edited, total_price: (linesTotalCents(edited) / 100).toFixed(2) };
}

/** What the order's lines and shipping add up to, gross, as Shopify charges them. */
function linesTotalCents(order: ShopifyOrder): number {
  const incl = order.taxes_included;
  const tax = (lines: readonly { price: string }[]) => sumOf(lines.map((t) => cents(t.price)));
  const items = order.line_items.map(
    (li) =>
      grossAndNet(
        cents(li.price) * li.quantity - sumOf(li.discount_allocations.map((d) => cents(d.amount))),
        tax(li.tax_lines),
        incl,
      ).grossCents,
  );
  const shipping = order.shipping_lines.map(
    (s) => grossAndNet(cents(s.discounted_price ?? s.price), tax(s.tax_lines), incl).grossCents,
  );
  return sumOf([...items, ...shipping]);
}

/**
 * What an invoice for the order covers, line by line and per rate: the edited order's positions with discounts folded
 * into their lines (a discount line belongs to no single line, and folded or not the amounts per rate are the same).
 */
export function orderCoverage(order: ShopifyOrder, options: PositionOptions): Coverage {
  return orderPositions(editedOrder(order), { ...options, useDiscount: false }).flatMap((p) =>
    p.key ? [{ ...p, key: p.key }] : [],
  );
}

const slot = (l: CoveredLine) => `${l.key}|${l.rate}`;

/** Adds a document's lines to what is covered (`sign` -1 for a credit note), merged per order line and rate. */
export function addCoverage(covered: Coverage, lines: readonly Position[], sign: 1 | -1): Coverage {
  const out = new Map(covered.map((l) => [slot(l), { ...l }]));
  for (const p of lines) {
    if (!p.key) continue;
    const line: CoveredLine = { ...p, key: p.key };
    const was = out.get(slot(line));
    out.set(
      slot(line),
      was
        ? {
            ...was,
            quantity: was.quantity + sign * line.quantity,
            grossCents: was.grossCents + sign * line.grossCents,
            netCents: was.netCents + sign * line.netCents,
          }
        : {
            ...line,
            quantity: sign * line.quantity,
            grossCents: sign * line.grossCents,
            netCents: sign * line.netCents,
          },
    );
  }
  return [...out.values()].filter((l) => l.grossCents !== 0 || l.netCents !== 0 || l.quantity !== 0);
}

/** Gross cents per tax rate (percent, as a string key); zero rates left out. */
export function coverageByRate(lines: readonly Position[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines) out[String(l.rate)] = (out[String(l.rate)] ?? 0) + l.grossCents;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
}

/**
 * Which lines of the order are the same thing sold, by their coverage keys: the variant, else the SKU, else the title;
 * every shipping line is shipping. Shopify lets an edit discount only the items it adds, so a price lowered after the
 * order is the old line removed and the variant added again at the new price; a new shipping method is one line
 * removed and another added. Netted per thing and rate, each is one document for the difference.
 *
 * Built from one reading of the order, removed lines included, so the keys agree however the order was read (an
 * order read over GraphQL carries no variant ids, and falls back to the SKU for all its lines alike).
 */
export function sameThings(order: ShopifyOrder): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const li of order.line_items) {
    if (isTip(li)) continue;
    const variant = itemExtras(li).variant_id;
    const thing =
      variant !== null
        ? `variant:${variant}`
        : li.sku
          ? `sku:${li.sku}`
          : `title:${li.title}|${li.variant_title ?? ''}`;
    out.set(itemPositionKey(li), thing);
  }
  for (const [index, line] of order.shipping_lines.entries()) out.set(shippingPositionKey(line, index), 'shipping');
  return out;
}

/**
 * A thing that left and came back at another price nets to one line for the difference, named as it now is; lines
 * that only went or only came stay as they are.
 */
function netSameThings(diff: Coverage, same: ReadonlyMap<string, string>): Coverage {
  const groups = new Map<string, CoveredLine[]>();
  for (const d of diff) {
    const group = `${same.get(d.key) ?? d.key}|${d.kind}|${d.rate}`;
    groups.set(group, [...(groups.get(group) ?? []), d]);
  }
  return [...groups.values()].flatMap((lines) => {
    const now = lines.find((l) => l.grossCents > 0 || (l.grossCents === 0 && l.netCents > 0));
    if (!now || !lines.some((l) => l.grossCents < 0 || (l.grossCents === 0 && l.netCents < 0))) return lines;
    return [
      {
        ...now,
        description: now.kind === 'shipping' ? 'Versandart geändert' : 'Preisänderung',
        // One position for the difference, whatever the counts on either side were.
        quantity: 0,
        grossCents: sumOf(lines.map((l) => l.grossCents)),
        netCents: sumOf(lines.map((l) => l.netCents)),
      },
    ];
  });
}

/** What an `orders/edited` webhook says of the order's line items: which the edit added or took away, how many. */
export interface OrderEditRecord {
  id: number;
  additions: ReadonlyArray<{ id: number; delta: number }>;
  removals: ReadonlyArray<{ id: number; delta: number }>;
}

/** The line items an `orders/edited` body names; null for a body that is no order edit. */
export function orderEditRecord(body: unknown): OrderEditRecord | null {
  const edit = (body as { order_edit?: unknown } | null)?.order_edit as
    { id?: unknown; line_items?: { additions?: unknown; removals?: unknown } } | undefined;
  if (!edit || typeof edit.id !== 'number') return null;
  const changes = (list: unknown) =>
    (Array.isArray(list) ? list : []).flatMap((c: { id?: unknown; delta?: unknown }) =>
      typeof c?.id === 'number' && typeof c.delta === 'number' ? [{ id: c.id, delta: c.delta }] : [],
    );
  return { id: edit.id, additions: changes(edit.line_items?.additions), removals: changes(edit.line_items?.removals) };
}

/**
 * Item lines whose quantity no edit Shopify told us of explains. An invoiced line should have what was ordered
 * less what edits removed; any other line should be one an edit added. Anything else changed the order in another
 * way: an exchange whose return has not reached us yet sent new items and took old ones back, or the snapshot was
 * read without current quantities. Corrected as an edit, an exchange would be invoiced twice, so the correction
 * waits while there are such lines. Shipping lines are left out: only edits change them.
 */
export function unexplainedLines(order: ShopifyOrder, edits: readonly OrderEditRecord[], covered: Coverage): number[] {
  const removed = new Map<number, number>();
  const added = new Set<number>();
  for (const e of edits) {
    for (const r of e.removals) removed.set(r.id, (removed.get(r.id) ?? 0) + r.delta);
    for (const a of e.additions) added.add(a.id);
  }
  const invoiced = new Set(covered.map((l) => l.key));
  const now = new Map(editedOrder(order).line_items.map((li) => [li.id, li.quantity]));
  return order.line_items.flatMap((li) => {
    if (isTip(li)) return [];
    const quantity = now.get(li.id) ?? 0;
    const known = added.has(li.id) || invoiced.has(itemPositionKey(li));
    const explained = known ? li.quantity - (removed.get(li.id) ?? 0) : 0;
    return quantity === explained ? [] : [li.id];
  });
}

export type CorrectionPlan =
  | { action: 'none' }
  /** Either list may be empty; each non-empty one is one document. Amounts are positive. */
  | { action: 'difference'; credit: Position[]; supplement: Position[] }
  | { action: 'reissue' };

/**
 * The documents that bring what the order's documents cover in line with the order as it now is. Compared per order
 * line and tax rate: what went away (a removed item, a lower quantity or price, removed shipping) is credited, what
 * came in (an added item, more of one, added or dearer shipping) is invoiced on its own; `reissue` closes the invoice
 * and makes it anew instead. Refunds are on neither side: each has its own credit note already. `same` (from
 * `sameThings`) nets a thing that was removed and added again into one line for the difference.
 */
export function planOrderCorrection(
  mode: CorrectionMode,
  covered: Coverage,
  current: Coverage,
  same: ReadonlyMap<string, string> = new Map(),
): CorrectionPlan {
  const diff = netSameThings(addCoverage(current, covered, -1), same);
  if (diff.every((d) => d.grossCents === 0 && d.netCents === 0)) return { action: 'none' };
  if (mode === 'reissue') return { action: 'reissue' };
  const credit: Position[] = [];
  const supplement: Position[] = [];
  for (const d of diff) {
    if (d.grossCents === 0 && d.netCents === 0) continue; // a free item comes and goes without a document
    const more = d.grossCents > 0 || (d.grossCents === 0 && d.netCents > 0);
    const sign = more ? 1 : -1;
    // A changed count shows as that many pieces; a changed amount for the same count as one position.
    const quantity = d.kind === 'item' && sign * d.quantity > 0 ? sign * d.quantity : 1;
    const line: Position = { ...d, quantity, grossCents: sign * d.grossCents, netCents: sign * d.netCents };
    (more ? supplement : credit).push(line);
  }
  return { action: 'difference', credit, supplement };
}
