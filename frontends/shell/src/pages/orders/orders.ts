import { VOUCHER_STATUS_TEXT } from '@belegfluss/shared';

/**
 * What the orders list reads from `GET /api/orders` (`{ items }` or a bare
 * array). Only `id` and `name` are required; the rest shows when present.
 */
export type ReceiptStatus = 'draft' | 'open' | 'partially_paid' | 'paid' | 'paidoff' | 'voided';

export interface ReceiptRow {
  id: string;
  /** delivery: a Lieferschein, shown beside the order's invoice and credit notes. */
  type: 'invoice' | 'credit' | 'delivery';
  number: string | null;
  status: ReceiptStatus | string;
  cancelled?: boolean;
  hintedAt?: string | null;
  /** The document's page in Lexware Office, for the actions its API can't do. */
  lexwareUrl?: string | null;
}

export interface OrderRow {
  id: string;
  name: string;
  createdAt?: string;
  customer?: { name?: string | null; email?: string | null } | null;
  total?: number | string;
  currency?: string;
  financialStatus?: string | null;
  receipts?: ReceiptRow[];
  /** Refused for want of transfers; resumes by itself when transfers are free again. */
  waitingForTransfers?: boolean;
}

export interface OrderPage {
  items: OrderRow[];
  hasNext: boolean;
  hasPrevious: boolean;
}

/** 50 per page, sortable, searchable. */
export const ORDERS_PAGE_SIZE = 50;

export interface OrdersQuery {
  sortBy: 'createdAt' | 'name';
  sortDir: 'asc' | 'desc';
  search: string;
  page: number;
}

/** What the list shows first: the newest orders, searched for `?search=` when the link brings one. */
export function firstOrdersQuery(search: string): OrdersQuery {
  return { sortBy: 'createdAt', sortDir: 'desc', search: new URLSearchParams(search).get('search') ?? '', page: 1 };
}

/** One order with its documents (index.html asks for it early on the order's page, see early-requests.mjs). */
export function orderPath(id: string): string {
  return `/orders/${encodeURIComponent(id)}`;
}

export function ordersPath(query: OrdersQuery): string {
  const params = new URLSearchParams({
    sortBy: query.sortBy,
    sortDir: query.sortDir,
    page: String(query.page),
    pageSize: String(ORDERS_PAGE_SIZE),
  });
  if (query.search.trim() !== '') params.set('search', query.search.trim());
  return `/orders?${params.toString()}`;
}

/** Paging flags when the gateway sends them; a bare array is one page. */
export function orderPageOf(body: unknown, page: number): OrderPage {
  const envelope = (body ?? {}) as { hasNext?: unknown; hasPrevious?: unknown };
  const items = ordersOf(body);
  return {
    items,
    hasNext: typeof envelope.hasNext === 'boolean' ? envelope.hasNext : false,
    hasPrevious: typeof envelope.hasPrevious === 'boolean' ? envelope.hasPrevious : page > 1,
  };
}

export function ordersOf(body: unknown): OrderRow[] {
  const envelope = body as { items?: unknown; orders?: unknown } | undefined;
  const list = Array.isArray(body) ? body : (envelope?.items ?? envelope?.orders);
  if (!Array.isArray(list)) return [];
  return list.flatMap((row: unknown) => {
    const candidate = row as (Omit<Partial<OrderRow>, 'id'> & { id?: unknown }) | null;
    const id = candidate?.id;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof candidate?.name !== 'string') return [];
    return [{ ...candidate, id: String(id), name: candidate.name }];
  });
}

/** Lexware answers DRAFT, OPEN, PARTIALLY_PAID, PAID; the app stores them lower-case. */
export function receiptStatus(status: string): { label: string; tone?: 'info' | 'attention' | 'warning' | 'success' } {
  return RECEIPT_STATUS[status.toLowerCase() as ReceiptStatus] ?? { label: status };
}

/** The document states as the order list names them: Entwurf, Offen, Bezahlt, Erstattet, in the log's words; partially paid has a tone of its own. */
export const RECEIPT_STATUS: Record<
  ReceiptStatus,
  { label: string; tone?: 'info' | 'attention' | 'warning' | 'success' }
> = {
  draft: { label: VOUCHER_STATUS_TEXT.draft, tone: 'info' },
  open: { label: VOUCHER_STATUS_TEXT.open, tone: 'attention' },
  partially_paid: { label: VOUCHER_STATUS_TEXT.partially_paid, tone: 'warning' },
  paid: { label: VOUCHER_STATUS_TEXT.paid, tone: 'success' },
  // A credit note Lexware has settled against its invoice.
  paidoff: { label: VOUCHER_STATUS_TEXT.paidoff, tone: 'success' },
  voided: { label: VOUCHER_STATUS_TEXT.voided },
};

/** Payment statuses, in German. */
export const PAYMENT_STATUS: Record<string, string> = {
  manual: 'Manuell',
  pending: 'Ausstehend',
  authorized: 'Autorisiert',
  expired: 'Abgelaufen',
  overdue: 'Überfällig',
  paid: 'Bezahlt',
  partially_paid: 'Teilweise bezahlt',
  partially_refunded: 'Teilweise erstattet',
  open: 'Offen',
  voided: 'Storniert',
  refunded: 'Erstattet',
  unpaid: 'Unbezahlt',
  invalid: 'Ungültig',
  unknown: 'Unbekannt',
};

/** The fulfilment statuses. */
export const FULFILLMENT_STATUS: Record<string, string> = {
  fulfilled: 'Versendet',
  unfulfilled: 'Nicht versendet',
  partial: 'Teilweise versendet',
  planned: 'Geplant',
  stopped: 'Angehalten',
  denied: 'Abgelehnt',
  restocked: 'Zurück im Lager',
  canceled: 'Storniert',
  unknown: 'Unbekannt',
};
