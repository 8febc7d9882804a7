import { formatDate, formatMoney, NumericCell, QueryState, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { REDEMPTION_STATUSES } from '@belegfluss/shared';
import {
  Badge,
  BlockStack,
  Card,
  IndexTable,
  type IndexTableProps,
  InlineStack,
  Layout,
  Page,
  Select,
  Tabs,
  TextField,
} from '@shopify/polaris';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { PARTNERS_ONLY } from '../partner';

interface Redemption {
  id: string;
  coupon: string;
  shop: string;
  status: string;
  plan: string | null;
  provision: number | null;
  createdAt: string;
  subscribedAt: string | null;
}

const HEADINGS: IndexTableProps['headings'] = [
  { title: 'Shop' },
  { title: 'Coupon' },
  { title: 'Status' },
  { title: 'Tarif' },
  { title: 'Provision', alignment: 'end' },
  { title: 'Eingelöst' },
];

/** What each status means to the partner. */
export const REDEMPTION_LABELS: Record<
  (typeof REDEMPTION_STATUSES)[number],
  { label: string; tone?: 'info' | 'success' | 'critical' | 'attention' }
> = {
  pending: { label: 'Eingegeben' },
  redeemed: { label: 'Tarif gewählt', tone: 'info' },
  subscribed: { label: 'Abonniert', tone: 'info' },
  cancelled: { label: 'Storniert', tone: 'critical' },
  declined: { label: 'Abgelehnt', tone: 'critical' },
  verified: { label: 'Bestätigt', tone: 'success' },
  paid: { label: 'Ausgezahlt', tone: 'success' },
};
const TABS = ['all', ...REDEMPTION_STATUSES] as const;
const SORTS = [
  { label: 'Neueste zuerst', value: 'newest' },
  { label: 'Älteste zuerst', value: 'oldest' },
  { label: 'Höchste Provision', value: 'provision' },
];

export function redemptionsPath(tab: string, sort: string, search: string): string {
  const query = new URLSearchParams({ tab, sort });
  if (search.trim()) query.set('search', search.trim());
  return `/partner/redemptions?${query.toString()}`;
}

/** `/partner/redemptions`: status tabs, search and sort; `?search=` and `?sort=` come in through the address. */
export function RedemptionsPage({ api, search, basePath }: RemoteAppProps) {
  const initial = new URLSearchParams(search);
  const [tab, setTab] = useState(0);
  const [sort, setSort] = useState(initial.get('sort') ?? 'newest');
  const [term, setTerm] = useState(initial.get('search') ?? '');
  const deferred = useDeferredValue(term);
  const path = redemptionsPath(TABS[tab] ?? 'all', sort, deferred);
  const list = useQuery({
    queryKey: ['partner', 'redemptions', path],
    queryFn: ({ signal }) => api.get<{ items: Redemption[] }>(path, signal),
    placeholderData: keepPreviousData,
  });

  const table = (
    <QueryState
      query={list}
      forbidden={PARTNERS_ONLY}
      errorTitle="Die Einlösungen konnten nicht geladen werden"
      skeleton={{ table: HEADINGS }}
      empty={{ when: (data) => data.items.length === 0, heading: 'Keine Einlösungen' }}
    >
      {(data) => (
        <IndexTable
          resourceName={{ singular: 'Einlösung', plural: 'Einlösungen' }}
          itemCount={data.items.length}
          selectable={false}
          loading={list.isFetching}
          headings={HEADINGS}
        >
          {data.items.map((r, index) => {
            const status = REDEMPTION_LABELS[r.status as keyof typeof REDEMPTION_LABELS] ?? { label: r.status };
            return (
              <IndexTable.Row id={r.id} key={r.id} position={index}>
                <IndexTable.Cell>{r.shop}</IndexTable.Cell>
                <IndexTable.Cell>{r.coupon}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </IndexTable.Cell>
                <IndexTable.Cell>{r.plan ?? '—'}</IndexTable.Cell>
                <IndexTable.Cell>
                  <NumericCell>{r.provision === null ? '—' : formatMoney(r.provision)}</NumericCell>
                </IndexTable.Cell>
                <IndexTable.Cell>{formatDate(r.createdAt)}</IndexTable.Cell>
              </IndexTable.Row>
            );
          })}
        </IndexTable>
      )}
    </QueryState>
  );

  return (
    <Page title="Einlösungen" backAction={{ content: 'Partnerprogramm', url: basePath }}>
      <Layout>
        <Layout.Section>
          <Card padding="0">
            <Tabs
              tabs={TABS.map((id) => ({ id, content: id === 'all' ? 'Alle' : REDEMPTION_LABELS[id].label }))}
              selected={tab}
              onSelect={setTab}
            />
            <BlockStack gap="0">
              <div style={{ padding: 'var(--p-space-300)' }}>
                <InlineStack gap="300" wrap={false}>
                  <div style={{ flex: 1 }}>
                    <TextField
                      label="Suchen"
                      labelHidden
                      placeholder="Shop oder Coupon"
                      value={term}
                      onChange={setTerm}
                      clearButton
                      onClearButtonClick={() => setTerm('')}
                      autoComplete="off"
                    />
                  </div>
                  <Select label="Sortieren" labelInline options={SORTS} value={sort} onChange={setSort} />
                </InlineStack>
              </div>
              {table}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
