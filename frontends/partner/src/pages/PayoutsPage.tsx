import {
  describeError,
  formatDate,
  formatMoney,
  formatPercent,
  QueryState,
  NumericCell,
  useRemoteToast,
  type RemoteAppProps,
} from '@belegfluss/frontend-kit';
import { PAYOUT_GATEWAYS } from '@belegfluss/shared';
import { Badge, Banner, Button, Card, IndexTable, Layout, Page, Text, type IndexTableProps } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PARTNERS_ONLY } from '../partner';

interface Payout {
  id: string;
  status: string;
  provisions: number;
  fee: number;
  gateway: string;
  recipient: string;
  recipientName: string | null;
  failure: string | null;
  timespan: { start: string; end: string };
  paymentAt: string | null;
  createdAt: string;
}

const HEADINGS: IndexTableProps['headings'] = [
  { title: 'Zeitraum' },
  { title: 'Status' },
  { title: 'Provisionen', alignment: 'end' },
  { title: 'Gebühr', alignment: 'end' },
  { title: 'Weg' },
  { title: 'Beleg' },
];
const GATEWAY_LABEL: Record<string, string> = { paypal: 'PayPal', bank: 'Banküberweisung (SEPA)' };

/** `GET …/receipt` answers `{mimetype, content}` in base64; the browser opens it as a file. */
export function receiptBlob(answer: { mimetype: string; content: string }): Blob {
  const bytes = Uint8Array.from(atob(answer.content), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: answer.mimetype });
}

/** The payout list: one row per payout with its receipt, and a request for the released provisions. */
export function PayoutsPage({ api, basePath }: RemoteAppProps) {
  const queryClient = useQueryClient();
  const [toast, showToast] = useRemoteToast();
  const payouts = useQuery({
    queryKey: ['partner', 'payouts'],
    queryFn: ({ signal }) => api.get<{ items: Payout[] }>('/partner/payouts', signal),
  });
  const request = useMutation({
    mutationFn: () => api.request<Payout>('/partner/payouts', { method: 'POST', body: {} }),
    onSuccess: async () => {
      showToast('Auszahlung angefordert');
      await queryClient.invalidateQueries({ queryKey: ['partner'] });
    },
  });
  const receipt = useMutation({
    // The window opens inside the click, so no pop-up blocker stops it; the PDF follows.
    mutationFn: async ({ id, target }: { id: string; target: Window | null }) => {
      const answer = await api.get<{ mimetype: string; content: string }>(
        `/partner/payouts/${encodeURIComponent(id)}/receipt`,
      );
      const url = URL.createObjectURL(receiptBlob(answer));
      if (target) target.location.href = url;
      else window.location.assign(url);
    },
    onError: (error, { target }) => {
      target?.close();
      showToast(describeError(error), true);
    },
  });

  const content = (
    <QueryState
      query={payouts}
      forbidden={PARTNERS_ONLY}
      errorTitle="Die Auszahlungen konnten nicht geladen werden"
      skeleton={{ table: HEADINGS }}
      card
      empty={{
        when: (data) => data.items.length === 0,
        heading: 'Noch keine Auszahlungen',
        text: 'Sobald du eine Auszahlung anforderst, steht sie hier mit ihrem Beleg.',
      }}
    >
      {(data) => (
        <Card padding="0">
          <IndexTable
            resourceName={{ singular: 'Auszahlung', plural: 'Auszahlungen' }}
            itemCount={data.items.length}
            selectable={false}
            headings={HEADINGS}
          >
            {data.items.map((p, index) => (
              <IndexTable.Row id={p.id} key={p.id} position={index}>
                <IndexTable.Cell>{`${formatDate(p.timespan.start)} – ${formatDate(p.timespan.end)}`}</IndexTable.Cell>
                <IndexTable.Cell>
                  {p.status === 'paid' ? (
                    <Badge tone="success">{`Ausgezahlt ${formatDate(p.paymentAt)}`}</Badge>
                  ) : p.status === 'failed' ? (
                    <>
                      <Badge tone="critical">Nicht ausgezahlt</Badge>
                      {p.failure ? (
                        <Text as="p" tone="subdued">
                          {p.failure}
                        </Text>
                      ) : null}
                    </>
                  ) : (
                    <Badge tone="info">Geplant</Badge>
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <NumericCell>{formatMoney(p.provisions)}</NumericCell>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <NumericCell>{formatMoney(p.fee)}</NumericCell>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {[GATEWAY_LABEL[p.gateway] ?? p.gateway, p.recipientName, p.recipient].filter(Boolean).join(' · ')}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Button
                    variant="plain"
                    loading={receipt.isPending && receipt.variables?.id === p.id}
                    onClick={() => receipt.mutate({ id: p.id, target: window.open('about:blank', '_blank') })}
                  >
                    Beleg öffnen
                  </Button>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </Card>
      )}
    </QueryState>
  );

  return (
    <Page
      title="Auszahlungen"
      subtitle={`Ab ${formatMoney(PAYOUT_GATEWAYS.bank.threshold)} freigegebener Provision; PayPal kostet ${formatPercent(PAYOUT_GATEWAYS.paypal.fee)} Gebühr, SEPA nichts.`}
      backAction={{ content: 'Partnerprogramm', url: basePath }}
      primaryAction={{ content: 'Auszahlung anfordern', loading: request.isPending, onAction: () => request.mutate() }}
      secondaryActions={[{ content: 'Auszahlungsdaten', url: `${basePath}/preferences` }]}
    >
      <Layout>
        {request.isError ? (
          <Layout.Section>
            <Banner
              tone="warning"
              title="Keine Auszahlung angefordert"
              onDismiss={() => request.reset()}
              action={
                (request.error as { code?: string }).code === 'NO_GATEWAY'
                  ? { content: 'Auszahlungsdaten hinterlegen', url: `${basePath}/preferences` }
                  : undefined
              }
            >
              <p>{describeError(request.error)}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>{content}</Layout.Section>
      </Layout>
      {toast}
    </Page>
  );
}
