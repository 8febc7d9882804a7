/** Spec 2 §2 and §3: one entry of the event log. */
export interface LogEntry {
  _key: string;
  date: string;
  order?: string | null;
  origin: string;
  event: string;
  status: 'info' | 'success' | 'warning' | 'critical' | string;
  body?: Record<string, unknown> | null;
}

export interface LogPage {
  items: LogEntry[];
  hasNext: boolean;
  hasPrevious: boolean;
}

/** Spec 2 §9: 25 entries per page, refetched every 60 s. */
export const LOG_PAGE_SIZE = 25;
export const LOG_REFETCH_MS = 60_000;

export function logsPath(options: { order?: string; page: number }): string {
  const params = new URLSearchParams({ sortBy: 'date', sortDir: 'desc', page: String(options.page), pageSize: String(LOG_PAGE_SIZE) });
  if (options.order) params.set('order', options.order);
  return `/shop/logs?${params.toString()}`;
}

export function logPageOf(body: unknown): LogPage {
  const envelope = (body ?? {}) as { items?: unknown; hasNext?: unknown; hasPrevious?: unknown };
  const items = Array.isArray(envelope.items) ? (envelope.items as LogEntry[]) : Array.isArray(body) ? (body as LogEntry[]) : [];
  return { items, hasNext: envelope.hasNext === true, hasPrevious: envelope.hasPrevious === true };
}

export const LOG_STATUS: Record<string, { label: string; tone?: 'info' | 'success' | 'warning' | 'critical' }> = {
  info: { label: 'Info', tone: 'info' },
  success: { label: 'Erfolgreich', tone: 'success' },
  warning: { label: 'Warnung', tone: 'warning' },
  critical: { label: 'Fehler', tone: 'critical' },
};

export const LOG_ORIGIN: Record<string, string> = {
  shop: 'Shop',
  lexoffice: 'Lexware Office',
  shopify: 'Shopify',
  order: 'Bestellung',
  webhook: 'Webhook',
  contact: 'Kontakt',
  transaction: 'Umsatz',
  invoice: 'Rechnung',
  credit: 'Gutschrift',
  mail: 'E-Mail',
};

/** The log's own words are not specified; show the server's message or reason, else the event id. */
export function logText(entry: LogEntry): string {
  const body = entry.body ?? {};
  const detail = [body.message, body.reason, body.number, body.companyName].find((value) => typeof value === 'string' && value !== '');
  return detail ? `${entry.event} – ${String(detail)}` : entry.event;
}
