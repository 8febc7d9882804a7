import { formatDate, hasPermission, LoadErrorBanner, shopQuery, EmptyCard, type ApiClient } from '@belegfluss/frontend-kit';
import { Badge, Banner, Card, IndexTable, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';

/** One row of `GET /api/admin/shops`; only `shop` is required. */
export interface AdminShopRow {
  shop: string;
  name?: string;
  plan?: { id?: string; name?: string } | string;
  isConnected?: boolean;
  createdAt?: string;
}

function rowsOf(body: unknown): AdminShopRow[] {
  const list = Array.isArray(body) ? body : (body as { items?: unknown } | undefined)?.items;
  return Array.isArray(list) ? list.filter((row): row is AdminShopRow => typeof (row as AdminShopRow)?.shop === 'string') : [];
}

function planLabel(plan: AdminShopRow['plan']): string {
  if (!plan) return '—';
  return typeof plan === 'string' ? plan : (plan.name ?? plan.id ?? '—');
}

export function ShopList({ api }: { api: ApiClient }) {
  const shop = useQuery(shopQuery(api));
  const allowed = hasPermission(shop.data, 'view', 'dashboard');
  const shops = useQuery({
    queryKey: ['admin', 'shops'],
    queryFn: async ({ signal }) => rowsOf(await api.get<unknown>('/admin/shops', signal)),
    enabled: allowed,
  });

  let content;
  if (shop.isPending) content = <Card><SkeletonBodyText lines={5} /></Card>;
  else if (!allowed)
    content = (
      <Banner tone="warning" title="Keine Berechtigung">
        <p>Die Administration braucht die Berechtigung view_dashboard.</p>
      </Banner>
    );
  else if (shops.isPending) content = <Card><SkeletonBodyText lines={5} /></Card>;
  else if (shops.isError) content = <LoadErrorBanner title="Die Shops konnten nicht geladen werden" error={shops.error} onRetry={() => void shops.refetch()} />;
  else if (shops.data.length === 0) content = <EmptyCard heading="Noch keine Shops" />;
  else
    content = (
      <Card padding="0">
        <IndexTable
          resourceName={{ singular: 'Shop', plural: 'Shops' }}
          itemCount={shops.data.length}
          selectable={false}
          headings={[{ title: 'Shop' }, { title: 'Name' }, { title: 'Tarif' }, { title: 'Lexware Office' }, { title: 'Installiert' }]}
        >
          {shops.data.map((row, index) => (
            <IndexTable.Row id={row.shop} key={row.shop} position={index}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {row.shop}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.name ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>{planLabel(row.plan)}</IndexTable.Cell>
              <IndexTable.Cell>
                {row.isConnected === undefined ? '—' : row.isConnected ? <Badge tone="success">Verbunden</Badge> : <Badge>Nicht verbunden</Badge>}
              </IndexTable.Cell>
              <IndexTable.Cell>{formatDate(row.createdAt)}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    );

  return (
    <Page title="Administration" subtitle="Alle Shops, die Belegfluss installiert haben.">
      <Layout>
        <Layout.Section>{content}</Layout.Section>
      </Layout>
    </Page>
  );
}
