import {
  ADMIN_SHOP_HEADINGS,
  ADMIN_SHOP_SKELETON,
  AdminShopListPage,
  AdminShopSearch,
  formatDate,
  HoldsFirstView,
  isAdminShop,
  shopQuery,
  type ApiClient,
} from '@belegfluss/frontend-kit';
import { Badge, IndexTable, InlineStack, Link, Pagination, Text } from '@shopify/polaris';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { AdminTable } from './AdminTable';
import { StaffGate, StaffLine } from './Staff';

/** One row of `GET /api/admin/shops`; only `shop` is required. */
export interface AdminShopRow {
  shop: string;
  name?: string;
  plan?: { id?: string; name?: string } | string;
  isConnected?: boolean;
  createdAt?: string;
  /** The shop's workflows in the Temporal UI, filtered by ShopDomain; absent when TEMPORAL_UI_URL is unset. */
  workflowsUrl?: string;
}

interface AdminShopPage {
  rows: AdminShopRow[];
  hasPrevious: boolean;
  hasNext: boolean;
}

function pageOf(body: unknown): AdminShopPage {
  const record = (body ?? {}) as { items?: unknown; hasPrevious?: unknown; hasNext?: unknown };
  const list = Array.isArray(body) ? body : record.items;
  const rows = Array.isArray(list)
    ? list.filter((row): row is AdminShopRow => typeof (row as AdminShopRow)?.shop === 'string')
    : [];
  return { rows, hasPrevious: record.hasPrevious === true, hasNext: record.hasNext === true };
}

export function shopsPath(search: string, page: number): string {
  const query = new URLSearchParams({ page: String(page) });
  if (search.trim()) query.set('search', search.trim());
  return `/admin/shops?${query.toString()}`;
}

function planLabel(plan: AdminShopRow['plan']): string {
  if (!plan) return '—';
  return typeof plan === 'string' ? plan : (plan.name ?? plan.id ?? '—');
}

export function ShopList({ api, tabs }: { api: ApiClient; tabs?: ReactNode }) {
  const shop = useQuery(shopQuery(api));
  const allowed = isAdminShop(shop.data);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const shops = useQuery({
    queryKey: ['admin', 'shops', deferredSearch, page],
    queryFn: async ({ signal }) => pageOf(await api.get<unknown>(shopsPath(deferredSearch, page), signal)),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });

  const content = (
    <StaffGate shop={shop} skeleton={ADMIN_SHOP_SKELETON}>
      {() => (
        <AdminTable
          query={shops}
          items={(data) => data.rows}
          errorTitle="Die Shops konnten nicht geladen werden"
          emptyHeading={search ? 'Kein passender Shop' : 'Noch keine Shops'}
          resourceName={{ singular: 'Shop', plural: 'Shops' }}
          headings={ADMIN_SHOP_HEADINGS}
          loading={shops.isFetching}
          card
          row={(row, index) => (
            <IndexTable.Row id={row.shop} key={row.shop} position={index}>
              <IndexTable.Cell>
                <Link url={`/admin/shops/${encodeURIComponent(row.shop)}`} removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {row.shop}
                  </Text>
                </Link>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.name ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>{planLabel(row.plan)}</IndexTable.Cell>
              <IndexTable.Cell>
                {row.isConnected === undefined ? (
                  '—'
                ) : row.isConnected ? (
                  <Badge tone="success">Verbunden</Badge>
                ) : (
                  <Badge>Nicht verbunden</Badge>
                )}
              </IndexTable.Cell>
              <IndexTable.Cell>{formatDate(row.createdAt)}</IndexTable.Cell>
              <IndexTable.Cell>
                {row.workflowsUrl ? (
                  <Link url={row.workflowsUrl} target="_blank" removeUnderline>
                    In Temporal öffnen
                  </Link>
                ) : (
                  <Text as="span" tone="subdued">
                    Temporal UI nicht eingerichtet
                  </Text>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          )}
        />
      )}
    </StaffGate>
  );

  const paging =
    shops.data && (shops.data.hasNext || shops.data.hasPrevious) ? (
      <InlineStack align="center">
        <Pagination
          label={`Seite ${page}`}
          hasPrevious={shops.data.hasPrevious}
          hasNext={shops.data.hasNext}
          onPrevious={() => setPage((n) => Math.max(1, n - 1))}
          onNext={() => setPage((n) => n + 1)}
        />
      </InlineStack>
    ) : null;

  return (
    <AdminShopListPage
      tabs={tabs}
      staffLine={<StaffLine shop={shop.data} />}
      search={
        // Shown while the session loads too (disabled), so the list below does not move down when it is known.
        allowed || shop.isPending ? (
          <AdminShopSearch
            disabled={!allowed}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        ) : null
      }
      // The view index.html painted from the session's shop stays until the list is here.
      after={shop.isPending || (allowed && shops.isPending) ? <HoldsFirstView /> : null}
    >
      {content}
      {paging}
    </AdminShopListPage>
  );
}
