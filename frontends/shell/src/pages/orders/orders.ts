/**
 * What the orders list reads from `GET /api/orders` (`{ items }` or a bare
 * array). Only `id` and `name` are required; the rest shows when present.
 */
export type ReceiptStatus = 'draft' | 'open' | 'partially_paid' | 'paid' | 'voided';

export interface ReceiptRow {
  id: string;
  type: 'invoice' | 'credit';
  number: string | null;
  status: ReceiptStatus | string;
  cancelled?: boolean;
  hintedAt?: string | null;
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

/** Spec 1 §4: Entwurf, Offen, Bezahlt, Erstattet; partially paid has a tone of its own. */
export const RECEIPT_STATUS: Record<ReceiptStatus, { label: string; tone?: 'info' | 'attention' | 'warning' | 'success' }> = {
  draft: { label: 'Entwurf', tone: 'info' },
  open: { label: 'Offen', tone: 'attention' },
  partially_paid: { label: 'Teilweise bezahlt', tone: 'warning' },
  paid: { label: 'Bezahlt', tone: 'success' },
  voided: { label: 'Erstattet' },
};

/** Spec 1 §4: payment statuses, in German. */
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
