import { describeError, EventLog, formatDate, formatMoney, usePrefetchEventLog } from '@belegfluss/frontend-kit';
import { isEInvoiceProfile } from '@belegfluss/shared';
import {
  Banner,
  BlockStack,
  Card,
  Layout,
  Page,
  SkeletonBodyText,
  SkeletonDisplayText,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { PAGE_HEADERS } from '../headers';
import { useShell } from '../../session/ShellContext';
import { DocumentCard } from './DocumentCard';
import type { OrderDetailData } from './documents';
import { orderPath, PAYMENT_STATUS } from './orders';
import { OrderFacts } from './OrderFacts';

/** `/orders/{id}`: the order's documents and its event log. */
export function OrderDetail({ id }: { id: string }) {
  const { api } = useShell();
  const { mdUp } = useBreakpoints();
  // Shown below the order once it has arrived, but asked for alongside it.
  usePrefetchEventLog(api, '/shop/logs', id);
  const order = useQuery({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => api.get<OrderDetailData>(orderPath(id), signal),
    // Payment, fulfilment and documents change while the page is open (webhooks, the worker).
    refetchInterval: 20_000,
  });

  let documents;
  // While loading, the page keeps the shape it will have (subtitle line, facts column, a document card's
  // height), so nothing below jumps once the order arrives: that jump measured a layout shift of 0.8.
  if (order.isPending)
    documents = (
      <Card>
        <BlockStack gap="400">
          <SkeletonDisplayText size="small" />
          <SkeletonBodyText lines={8} />
        </BlockStack>
      </Card>
    );
  else if (order.isError)
    documents = (
      <Banner
        tone="critical"
        title="Die Bestellung konnte nicht geladen werden"
        action={{ content: 'Erneut versuchen', onAction: () => void order.refetch() }}
      >
        <p>{describeError(order.error)}</p>
      </Banner>
    );
  else {
    const all = [
      ...(order.data.invoices ?? []).map((document) => ({ document, kind: 'invoice' as const })),
      ...(order.data.credits ?? []).map((document) => ({ document, kind: 'credit' as const })),
    ];
    // Credit notes follow the order's invoice; the e-invoice among its invoices is what a credit note corrects.
    const invoiceProfile =
      (order.data.invoices ?? []).map((d) => d.profile).find(isEInvoiceProfile) ?? order.data.invoices?.[0]?.profile;
    documents =
      all.length === 0 ? (
        <Card>
          <Text as="p" tone="subdued">
            Zu dieser Bestellung gibt es noch keinen Beleg.
          </Text>
        </Card>
      ) : (
        <BlockStack gap="400">
          {all.map(({ document, kind }) => (
            <DocumentCard
              key={document._key}
              document={document}
              kind={kind}
              orderId={id}
              customerEmail={order.data.customer?.email}
              invoiceProfile={invoiceProfile}
            />
          ))}
        </BlockStack>
      );
  }

  const data = order.data;
  const subtitle = data
    ? [
        formatDate(data.createdAt),
        data.total != null ? formatMoney(Number(data.total), data.currency ?? 'EUR') : null,
        data.financialStatus ? (PAYMENT_STATUS[data.financialStatus] ?? data.financialStatus) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : PAGE_HEADERS.order.subtitle;

  return (
    <Page title={data?.name ?? PAGE_HEADERS.order.title} subtitle={subtitle} backAction={PAGE_HEADERS.order.backAction}>
      <Layout>
        {data?.waitingForTransfers ? (
          <Layout.Section>
            {/* Refused for want of transfers; the billing workflow resumes it once transfers are free again. */}
            <Banner tone="warning" title="wartet auf Übertragungen">
              <p>
                Die Übertragungen dieses Zeitraums sind aufgebraucht. Der Beleg wird automatisch erstellt, sobald wieder
                Übertragungen verfügbar sind – zum neuen Abrechnungszeitraum, nach einem Tarifwechsel oder mit dem
                Bestellimport.
              </p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>{documents}</Layout.Section>
        {order.data ? (
          <Layout.Section variant="oneThird">
            <OrderFacts data={order.data} />
          </Layout.Section>
        ) : order.isPending && mdUp ? (
          // Beside the documents on a wide screen. On a narrow one the column sits below them, where the
          // documents' real height would push it down: there the facts simply appear with the order.
          <Layout.Section variant="oneThird">
            <Card>
              <SkeletonBodyText lines={10} />
            </Card>
          </Layout.Section>
        ) : null}
        {/* Below everything whose height is unknown until the order arrives: shown with it, never pushed down. */}
        {order.isPending ? null : (
          <Layout.Section>
            <EventLog api={api} base="/shop/logs" order={id} />
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}
