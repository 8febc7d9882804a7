import { describeLogEntry, LOG_ORIGINS, LOG_STATUSES } from '@belegfluss/shared';
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Card,
  ChoiceList,
  Collapsible,
  Filters,
  IndexTable,
  InlineStack,
  Link,
  Pagination,
  Select,
  SkeletonBodyText,
  Text,
  Button,
} from '@shopify/polaris';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeError, type ApiClient } from './api';
import { formatDateTime } from './format';
import { EVENT_LOG_PAGE_SIZE } from '../first-view.mjs';

/** One entry of the event log as `GET …/logs` answers it; `stack` only for admins. */
export interface EventLogEntry {
  _key: string;
  date: string;
  order?: string | null;
  orderName?: string | null;
  origin: string;
  event: string;
  status: string;
  body?: Record<string, unknown> | null;
  stack?: string;
}
export interface EventLogPage {
  items: EventLogEntry[];
  hasNext: boolean;
  hasPrevious: boolean;
  maxAge?: number;
}

export { EVENT_LOG_PAGE_SIZE };
/** Refetched every 60 s. */
const REFETCH_MS = 60_000;

export const LOG_STATUS_LABELS: Record<string, { label: string; tone?: 'info' | 'success' | 'warning' | 'critical' }> =
  {
    info: { label: 'Info', tone: 'info' },
    success: { label: 'Erfolgreich', tone: 'success' },
    warning: { label: 'Warnung', tone: 'warning' },
    critical: { label: 'Fehler', tone: 'critical' },
  };
export const LOG_ORIGIN_LABELS: Record<string, string> = {
  shop: 'Shop',
  lexoffice: 'Lexware Office',
  shopify: 'Shopify',
  order: 'Bestellung',
  webhook: 'Webhook',
  contact: 'Kontakt',
  transaction: 'Umsatz',
  invoice: 'Rechnung',
  credit: 'Gutschrift',
  delivery: 'Lieferschein',
  mail: 'E-Mail',
};

const SORTS = [
  { label: 'Neueste zuerst', value: 'date desc' },
  { label: 'Älteste zuerst', value: 'date asc' },
  { label: 'Status (kritische zuerst)', value: 'status asc' },
  { label: 'Herkunft (A–Z)', value: 'origin asc' },
  { label: 'Bestellung (A–Z)', value: 'order asc' },
];

export interface EventLogFilter {
  sort: string;
  search: string;
  origin: string[];
  status: string[];
  page: number;
}

export function eventLogPath(base: string, f: EventLogFilter & { order?: string }): string {
  const [sortBy = 'date', sortDir = 'desc'] = f.sort.split(' ');
  const params = new URLSearchParams({ sortBy, sortDir, page: String(f.page), pageSize: String(EVENT_LOG_PAGE_SIZE) });
  if (f.order) params.set('order', f.order);
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.origin.length) params.set('origin', f.origin.join(','));
  if (f.status.length) params.set('status', f.status.join(','));
  return `${base}?${params.toString()}`;
}

function StackTrace({ stack }: { stack: string }) {
  const [open, setOpen] = useState(false);
  return (
    <BlockStack gap="100">
      <InlineStack>
        <Button variant="plain" onClick={() => setOpen(!open)} ariaExpanded={open}>
          {open ? 'Stacktrace ausblenden' : 'Stacktrace anzeigen'}
        </Button>
      </InlineStack>
      <Collapsible id="stack" open={open}>
        <Box background="bg-surface-secondary" padding="200" borderRadius="100">
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{stack}</pre>
        </Box>
      </Collapsible>
    </BlockStack>
  );
}

interface Props {
  api: ApiClient;
  /** `/shop/logs` for the merchant, `/admin/shops/{shop}/logs` for support. */
  base: string;
  /** Filtered to one order: no order column and no filters. */
  order?: string;
  title?: string;
  /** Off where the log is another shop's (admin area): its orders and settings are not the viewer's. */
  links?: boolean;
}

const FIRST_FILTER: EventLogFilter = { sort: 'date desc', search: '', origin: [], status: [], page: 1 };

/** The first page an event log asks for (of one order's entries where given), before any filter. */
export function firstEventLogPath(base: string, order?: string): string {
  return eventLogPath(base, { ...FIRST_FILTER, order });
}

function logsQuery(api: ApiClient, path: string) {
  return {
    queryKey: ['logs', path],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<EventLogPage>(path, signal),
  };
}

/**
 * Asks for the log's first page before {@link EventLog} is shown, for a page that shows it only once the content
 * above it has its height (so it is not pushed down): the log then renders from the answer instead of asking.
 */
export function usePrefetchEventLog(api: ApiClient, base: string, order?: string): void {
  const queryClient = useQueryClient();
  const path = firstEventLogPath(base, order);
  useEffect(() => void queryClient.prefetchQuery(logsQuery(api, path)), [queryClient, api, path]);
}

/** The event log, with sort, search, origin and status filters and paging; each entry a German sentence with its link. */
export function EventLog({ api, base, order, title = 'Protokoll', links = true }: Props) {
  const [filter, setFilter] = useState<EventLogFilter>(FIRST_FILTER);
  const [typed, setTyped] = useState('');
  // The search is sent once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setFilter((f) => (f.search === typed ? f : { ...f, search: typed, page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const change = (patch: Partial<EventLogFilter>) => setFilter((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const path = eventLogPath(base, { ...filter, order });
  const logs = useQuery({
    ...logsQuery(api, path),
    refetchInterval: REFETCH_MS,
    placeholderData: keepPreviousData,
  });
  const filtered = filter.search !== '' || filter.origin.length > 0 || filter.status.length > 0;

  let content;
  if (logs.isPending) content = <SkeletonBodyText lines={4} />;
  else if (logs.isError)
    content = (
      <Banner
        tone="critical"
        title="Das Protokoll konnte nicht geladen werden"
        action={{ content: 'Erneut versuchen', onAction: () => void logs.refetch() }}
      >
        <p>{describeError(logs.error)}</p>
      </Banner>
    );
  else if (logs.data.items.length === 0)
    content = (
      <Text as="p" tone="subdued">
        {filtered
          ? 'Keine Einträge passen zu deiner Suche oder deinen Filtern.'
          : order
            ? 'Zu dieser Bestellung gibt es noch keine Einträge.'
            : 'Noch keine Einträge. Sobald Belegfluss etwas für deinen Shop tut, steht es hier.'}
      </Text>
    );
  else
    content = (
      <IndexTable
        resourceName={{ singular: 'Eintrag', plural: 'Einträge' }}
        itemCount={logs.data.items.length}
        selectable={false}
        headings={
          order
            ? [{ title: 'Status' }, { title: 'Ereignis' }, { title: 'Datum' }]
            : [{ title: 'Status' }, { title: 'Ereignis' }, { title: 'Bestellung' }, { title: 'Datum' }]
        }
      >
        {logs.data.items.map((entry, index) => {
          const status = LOG_STATUS_LABELS[entry.status] ?? { label: entry.status };
          const sentence = describeLogEntry(entry);
          // The order has its own column, and on the order's page a link to itself helps nobody.
          const settingLink =
            links && sentence.link && !sentence.link.url.startsWith('/orders/') ? sentence.link : null;
          const orderCell =
            entry.order && !links ? (
              <Text as="span">{entry.orderName ?? entry.order}</Text>
            ) : entry.order ? (
              <Link url={`/orders/${encodeURIComponent(entry.order)}`}>{entry.orderName ?? entry.order}</Link>
            ) : (
              <Text as="span" tone="subdued">
                —
              </Text>
            );
          return (
            <IndexTable.Row id={entry._key} key={entry._key} position={index}>
              <IndexTable.Cell>
                <Badge tone={status.tone}>{status.label}</Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {/* Table cells don't wrap by default; a long sentence would push the order and date out of sight. */}
                <div style={{ whiteSpace: 'normal', minWidth: '16rem' }}>
                  <BlockStack gap="100">
                    <Text as="span">{sentence.text}</Text>
                    <InlineStack gap="200">
                      <Text as="span" tone="subdued" variant="bodySm">
                        {LOG_ORIGIN_LABELS[entry.origin] ?? entry.origin}
                      </Text>
                      {settingLink ? <Link url={settingLink.url}>{settingLink.label}</Link> : null}
                    </InlineStack>
                    {entry.stack ? <StackTrace stack={entry.stack} /> : null}
                  </BlockStack>
                </div>
              </IndexTable.Cell>
              {order ? null : <IndexTable.Cell>{orderCell}</IndexTable.Cell>}
              <IndexTable.Cell>{formatDateTime(entry.date)}</IndexTable.Cell>
            </IndexTable.Row>
          );
        })}
      </IndexTable>
    );

  const choice = (
    key: 'origin' | 'status',
    label: string,
    values: readonly string[],
    labels: Record<string, { label: string } | string>,
  ) => ({
    key,
    label,
    filter: (
      <ChoiceList
        title={label}
        titleHidden
        allowMultiple
        choices={values.map((v) => ({
          value: v,
          label:
            typeof labels[v] === 'string'
              ? (labels[v] as string)
              : ((labels[v] as { label: string } | undefined)?.label ?? v),
        }))}
        selected={filter[key]}
        onChange={(selected) => change({ [key]: selected })}
      />
    ),
    pinned: true,
  });
  const appliedFilters = (['origin', 'status'] as const)
    .filter((key) => filter[key].length > 0)
    .map((key) => ({
      key,
      label: `${key === 'origin' ? 'Herkunft' : 'Status'}: ${filter[key].map((v) => (key === 'origin' ? LOG_ORIGIN_LABELS[v] : LOG_STATUS_LABELS[v]?.label) ?? v).join(', ')}`,
      onRemove: () => change({ [key]: [] }),
    }));

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {order ? null : (
          <InlineStack gap="300" blockAlign="start" wrap={false}>
            <div style={{ flex: 1 }}>
              <Filters
                queryValue={typed}
                queryPlaceholder="Einträge durchsuchen"
                onQueryChange={setTyped}
                onQueryClear={() => setTyped('')}
                filters={[
                  choice('origin', 'Herkunft', LOG_ORIGINS, LOG_ORIGIN_LABELS),
                  choice('status', 'Status', LOG_STATUSES, LOG_STATUS_LABELS),
                ]}
                appliedFilters={appliedFilters}
                onClearAll={() => {
                  setTyped('');
                  change({ origin: [], status: [], search: '' });
                }}
              />
            </div>
            <Select
              label="Sortieren"
              labelInline
              options={SORTS}
              value={filter.sort}
              onChange={(sort) => change({ sort })}
            />
          </InlineStack>
        )}
        {content}
        {logs.data && (logs.data.hasNext || logs.data.hasPrevious) ? (
          <InlineStack align="center">
            <Pagination
              label={`Seite ${filter.page}`}
              hasPrevious={logs.data.hasPrevious}
              hasNext={logs.data.hasNext}
              onPrevious={() => change({ page: filter.page - 1 })}
              onNext={() => change({ page: filter.page + 1 })}
            />
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
