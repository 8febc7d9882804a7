import { CenteredMessage, describeError, formatDate, formatMoney, navigate } from '@belegfluss/frontend-kit';
import {
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Layout,
  Page,
  Pagination,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { PAGE_HEADERS } from '../headers';
import { useShell } from '../../session/ShellContext';
import { firstOrdersQuery, orderPageOf, ordersPath, PAYMENT_STATUS, type OrderRow, type OrdersQuery } from './orders';
import { HistoricalImportCard } from './HistoricalImportCard';
import { ReceiptBadges } from './ReceiptBadges';
import { DocumentActions } from './DocumentActions';

function amount(order: OrderRow): string {
  const value = typeof order.total === 'string' ? Number(order.total) : order.total;
  return value === undefined || Number.isNaN(value) ? '—' : formatMoney(value, order.currency ?? 'EUR');
}

const SORTABLE: (OrdersQuery['sortBy'] | null)[] = ['name', 'createdAt', null, null, null, null, null];

/**
 * The document actions right in the list, one menu per document, the same as on the
 * document card. Clicks inside (the menu and its dialogs, also through their portals) stay here
 * instead of opening the order.
 */
function ReceiptActions({ order }: { order: OrderRow }) {
  // Delivery notes have no document actions: Lexware's API offers none, and they book nothing.
  const receipts = (order.receipts ?? []).flatMap((r) => (r.type === 'delivery' ? [] : [{ ...r, type: r.type }]));
  if (receipts.length === 0)
    return (
      <Text as="span" tone="subdued">
        —
      </Text>
    );
  return (
    <div onClick={(event) => event.stopPropagation()}>
      <InlineStack gap="200" wrap={false}>
        {receipts.map((receipt) => {
          const label = receipt.type === 'credit' ? 'Gutschrift' : 'Rechnung';
          return (
            <DocumentActions
              key={receipt.id}
              kind={receipt.type}
              orderId={order.id}
              label={label}
              activator={`Aktionen ${receipt.number ?? label}`}
              document={{
                _key: receipt.id,
                number: receipt.number,
                status: receipt.status,
                cancelled: receipt.cancelled,
                lexwareUrl: receipt.lexwareUrl,
              }}
            />
          );
        })}
      </InlineStack>
    </div>
  );
}

/** `/orders`: every order with its receipts; sort, search and paging happen on the gateway. */
export function Orders({ search = '' }: { search?: string }) {
  const { api } = useShell();
  const [query, setQuery] = useState<OrdersQuery>(() => firstOrdersQuery(search));
  const deferred = useDeferredValue(query);
  const orders = useQuery({
    queryKey: ['orders', deferred],
    queryFn: async ({ signal }) => orderPageOf(await api.get<unknown>(ordersPath(deferred), signal), deferred.page),
    placeholderData: keepPreviousData,
  });

  let content;
  if (orders.isPending) content = <SkeletonBodyText lines={6} />;
  else if (orders.isError)
    content = (
      <CenteredMessage heading="Die Bestellungen konnten nicht geladen werden">
        <Text as="p" tone="subdued" alignment="center">
          {describeError(orders.error)}
        </Text>
        <Button onClick={() => void orders.refetch()}>Erneut versuchen</Button>
      </CenteredMessage>
    );
  else if (orders.data.items.length === 0)
    content = (
      <CenteredMessage heading={query.search ? 'Keine passenden Bestellungen' : 'Noch keine Bestellungen'}>
        <Text as="p" tone="subdued" alignment="center">
          {query.search
            ? 'Versuche es mit einem anderen Suchbegriff.'
            : 'Sobald dein Shop Bestellungen erhält, erscheinen sie hier mit ihren Belegen.'}
        </Text>
      </CenteredMessage>
    );
  else
    content = (
      <IndexTable
        resourceName={{ singular: 'Bestellung', plural: 'Bestellungen' }}
        itemCount={orders.data.items.length}
        selectable={false}
        loading={orders.isFetching}
        sortable={SORTABLE.map((key) => key !== null)}
        sortColumnIndex={SORTABLE.indexOf(query.sortBy)}
        sortDirection={query.sortDir === 'asc' ? 'ascending' : 'descending'}
        onSort={(index, direction) => {
          const sortBy = SORTABLE[index];
          if (sortBy) setQuery({ ...query, sortBy, sortDir: direction === 'ascending' ? 'asc' : 'desc', page: 1 });
        }}
        headings={[
          { title: 'Bestellung' },
          { title: 'Datum' },
          { title: 'Kunde' },
          { title: 'Betrag', alignment: 'end' },
          { title: 'Zahlung' },
          { title: 'Belege' },
          { title: 'Aktionen' },
        ]}
      >
        {orders.data.items.map((order, index) => (
          <IndexTable.Row
            id={order.id}
            key={order.id}
            position={index}
            onClick={() => navigate(`/orders/${encodeURIComponent(order.id)}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {order.name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDate(order.createdAt)}</IndexTable.Cell>
            <IndexTable.Cell>{order.customer?.name || order.customer?.email || '—'}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {amount(order)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {order.financialStatus ? (PAYMENT_STATUS[order.financialStatus] ?? order.financialStatus) : '—'}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <ReceiptBadges receipts={order.receipts} waiting={order.waitingForTransfers} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <ReceiptActions order={order} />
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );

  return (
    <Page {...PAGE_HEADERS.orders}>
      <Layout>
        <Layout.Section>
          <Card padding="0">
            <BlockStack gap="0">
              <div style={{ padding: 'var(--p-space-300)' }}>
                <TextField
                  label="Bestellungen durchsuchen"
                  labelHidden
                  placeholder="Bestellnummer, Kunde oder E-Mail"
                  value={query.search}
                  onChange={(value) => setQuery({ ...query, search: value, page: 1 })}
                  clearButton
                  onClearButtonClick={() => setQuery({ ...query, search: '', page: 1 })}
                  autoComplete="off"
                />
              </div>
              {content}
              {orders.data && (orders.data.hasNext || orders.data.hasPrevious) ? (
                <InlineStack align="center">
                  <div style={{ padding: 'var(--p-space-300)' }}>
                    <Pagination
                      label={`Seite ${query.page}`}
                      hasPrevious={orders.data.hasPrevious}
                      hasNext={orders.data.hasNext}
                      onPrevious={() => setQuery({ ...query, page: Math.max(1, query.page - 1) })}
                      onNext={() => setQuery({ ...query, page: query.page + 1 })}
                    />
                  </div>
                </InlineStack>
              ) : null}
            </BlockStack>
          </Card>
        </Layout.Section>
        {/* Below a list whose height is unknown until it arrives: shown with it, so the list never pushes it down. */}
        {orders.isPending ? null : (
          <Layout.Section>
            <HistoricalImportCard />
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}
