import { describeError, EmptyCard, formatDate, formatMoney } from '@belegfluss/frontend-kit';
import { Button, Card, IndexTable, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { useShell } from '../../session/ShellContext';
import { ordersOf, PAYMENT_STATUS, type OrderRow } from './orders';
import { ReceiptBadges } from './ReceiptBadges';

function amount(order: OrderRow): string {
  const value = typeof order.total === 'string' ? Number(order.total) : order.total;
  return value === undefined || Number.isNaN(value) ? '—' : formatMoney(value, order.currency ?? 'EUR');
}

export function Orders() {
  const { api } = useShell();
  const orders = useQuery({
    queryKey: ['orders'],
    queryFn: async ({ signal }) => ordersOf(await api.get<unknown>('/orders', signal)),
  });

  let content;
  if (orders.isPending) content = <Card><SkeletonBodyText lines={6} /></Card>;
  else if (orders.isError)
    content = (
      <EmptyCard heading="Noch keine Bestellungen">
        <Text as="p" tone="subdued" alignment="center">
          Die Bestellungen konnten gerade nicht abgerufen werden. {describeError(orders.error)}
        </Text>
        <Button onClick={() => void orders.refetch()}>Erneut versuchen</Button>
      </EmptyCard>
    );
  else if (orders.data.length === 0)
    content = (
      <EmptyCard heading="Noch keine Bestellungen">
        <Text as="p" tone="subdued" alignment="center">
          Sobald dein Shop Bestellungen erhält, erscheinen sie hier mit ihren Belegen.
        </Text>
      </EmptyCard>
    );
  else
    content = (
      <Card padding="0">
        <IndexTable
          resourceName={{ singular: 'Bestellung', plural: 'Bestellungen' }}
          itemCount={orders.data.length}
          selectable={false}
          headings={[{ title: 'Bestellung' }, { title: 'Datum' }, { title: 'Kunde' }, { title: 'Betrag', alignment: 'end' }, { title: 'Zahlung' }, { title: 'Belege' }]}
        >
          {orders.data.map((order, index) => (
            <IndexTable.Row id={String(order.id)} key={order.id} position={index}>
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
              <IndexTable.Cell>{order.financialStatus ? (PAYMENT_STATUS[order.financialStatus] ?? order.financialStatus) : '—'}</IndexTable.Cell>
              <IndexTable.Cell>
                <ReceiptBadges receipts={order.receipts} />
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    );

  return (
    <Page title="Bestellungen">
      <Layout>
        <Layout.Section>{content}</Layout.Section>
      </Layout>
    </Page>
  );
}
