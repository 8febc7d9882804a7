import {
  describeError,
  formatDate,
  formatMoney,
  isAdminShop,
  staffMayDo,
  shopQuery,
  type ApiClient,
} from '@belegfluss/frontend-kit';
import { Badge, Banner, BlockStack, Button, Card, IndexTable, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminTable } from './AdminTable';
import { StaffGate, StaffLine } from './Staff';

/** One row of `GET /api/admin/payout-runs`. */
export interface PayoutRunRow {
  id: string;
  month: string;
  status: 'created' | 'sending' | 'awaiting' | 'paid' | 'failed' | 'empty';
  paypalStatus: string | null;
  hasSepaFile: boolean;
  sepaConfirmedAt: string | null;
  /** Who confirmed the bank's execution: the listed person, with their shop. */
  sepaConfirmedBy?: string | null;
  error: string | null;
  payouts: { gateway: string; status: string; count: number; amount: number }[];
  /** Payouts that went back to their partner's balance, each with its reason. */
  setAside: { id: string; partnerShopId: string; name: string; gateway: string; amount: number; failure: string }[];
}

const STATUS: Record<PayoutRunRow['status'], { label: string; tone?: 'success' | 'attention' | 'critical' | 'info' }> =
  {
    created: { label: 'Angelegt', tone: 'info' },
    sending: { label: 'Wird gesendet', tone: 'info' },
    awaiting: { label: 'Wartet auf Bestätigung', tone: 'attention' },
    paid: { label: 'Ausgezahlt', tone: 'success' },
    failed: { label: 'Fehlgeschlagen', tone: 'critical' },
    empty: { label: 'Nichts auszuzahlen' },
  };
const HEADINGS: [{ title: string }, ...{ title: string }[]] = [
  { title: 'Monat' },
  { title: 'Status' },
  { title: 'Auszahlungen' },
  { title: 'PayPal' },
  { title: 'SEPA' },
];
const GATEWAY: Record<string, string> = { paypal: 'PayPal', bank: 'SEPA' };
const PAYOUT_STATUS: Record<string, string> = { paid: 'ausgezahlt', scheduled: 'geplant', failed: 'zurückgebucht' };

/** The run's payouts that went back to the partners' balances, with who and why. */
function SetAside({ runs }: { runs: PayoutRunRow[] }) {
  const rows = runs.flatMap((run) => (run.setAside ?? []).map((p) => ({ ...p, month: run.month })));
  if (rows.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Zurückgebuchte Auszahlungen
        </Text>
        {rows.map((p) => (
          <Text as="p" key={p.id}>
            <Text as="span" fontWeight="semibold">{`${monthLabel(p.month)} · ${p.name} (${p.partnerShopId})`}</Text>
            {` · ${GATEWAY[p.gateway] ?? p.gateway} · ${formatMoney(p.amount)}: ${p.failure}`}
          </Text>
        ))}
      </BlockStack>
    </Card>
  );
}
const monthLabel = (m: string) =>
  new Date(`${m}T12:00:00Z`).toLocaleDateString('de-DE', { month: 'long', year: 'numeric' });

function sums(run: PayoutRunRow): string {
  if (run.payouts.length === 0) return '—';
  return run.payouts
    .map(
      (p) =>
        `${GATEWAY[p.gateway] ?? p.gateway}: ${p.count} × ${PAYOUT_STATUS[p.status] ?? p.status}, ${formatMoney(p.amount)}`,
    )
    .join(' · ');
}

/** The SEPA file as a download: the browser saves what the gateway sends, named by the gateway. */
async function download(api: ApiClient, run: PayoutRunRow): Promise<void> {
  const res = await api.raw(`/admin/payout-runs/${run.id}/sepa`);
  if (!res.ok) throw new Error(`Die SEPA-Datei konnte nicht geladen werden (HTTP ${res.status}).`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `belegfluss-auszahlung-${run.month.slice(0, 7)}.xml`;
  a.click();
  URL.revokeObjectURL(url);
}

/** /admin/payouts: the monthly partner payout runs, their state, the SEPA file and its confirmation. */
export function PayoutRuns({ api }: { api: ApiClient }) {
  const shop = useQuery(shopQuery(api));
  const allowed = isAdminShop(shop.data);
  // Saying the bank paid moves money: only the operator sees the button, support sees the state.
  const mayConfirm = staffMayDo(shop.data, 'payout.confirm');
  const queryClient = useQueryClient();
  const runs = useQuery({
    queryKey: ['admin', 'payout-runs'],
    queryFn: ({ signal }) => api.get<{ items: PayoutRunRow[] }>('/admin/payout-runs', signal),
    enabled: allowed,
  });
  const fetchFile = useMutation({ mutationFn: (run: PayoutRunRow) => download(api, run) });
  const confirm = useMutation({
    mutationFn: (run: PayoutRunRow) =>
      api.request<{ message: string }>(`/admin/payout-runs/${run.id}/confirm`, {
        method: 'POST',
        body: { executed: true },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payout-runs'] }),
  });

  const content = (
    <StaffGate shop={shop} skeleton={{ table: HEADINGS }}>
      {() => (
        <AdminTable
          query={runs}
          items={(data) => data.items}
          errorTitle="Die Auszahlungsläufe konnten nicht geladen werden"
          emptyHeading="Noch kein Auszahlungslauf"
          resourceName={{ singular: 'Auszahlungslauf', plural: 'Auszahlungsläufe' }}
          headings={HEADINGS}
          card
          row={(run, index) => (
            <IndexTable.Row id={run.id} key={run.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {monthLabel(run.month)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={STATUS[run.status]?.tone}>{STATUS[run.status]?.label ?? run.status}</Badge>
                {run.error ? (
                  <Text as="p" tone="critical">
                    {run.error}
                  </Text>
                ) : null}
              </IndexTable.Cell>
              <IndexTable.Cell>{sums(run)}</IndexTable.Cell>
              <IndexTable.Cell>{run.paypalStatus ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>
                {run.hasSepaFile ? (
                  <InlineStack gap="200" blockAlign="center">
                    <Button size="slim" onClick={() => fetchFile.mutate(run)}>
                      SEPA-Datei herunterladen
                    </Button>
                    {run.sepaConfirmedAt ? (
                      <Text as="span" tone="subdued">
                        Ausgeführt am {formatDate(run.sepaConfirmedAt)}
                        {run.sepaConfirmedBy ? `, bestätigt von ${run.sepaConfirmedBy}` : ''}
                      </Text>
                    ) : mayConfirm ? (
                      <Button
                        size="slim"
                        variant="primary"
                        loading={confirm.isPending && confirm.variables?.id === run.id}
                        onClick={() => confirm.mutate(run)}
                      >
                        Ausführung bestätigen
                      </Button>
                    ) : (
                      <Text as="span" tone="subdued">
                        Bestätigung durch den Betrieb
                      </Text>
                    )}
                  </InlineStack>
                ) : (
                  '—'
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          )}
        />
      )}
    </StaffGate>
  );

  return (
    <Page
      title="Partner-Auszahlungen"
      subtitle="Am 1. jedes Monats: PayPal über die Payouts-API, Banküberweisungen als SEPA-Datei (pain.001)."
      backAction={{ content: 'Shops', url: '/admin' }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="300">
            <StaffLine shop={shop.data} />
            {confirm.isSuccess ? (
              <Banner tone="success" title={confirm.data.message} onDismiss={() => confirm.reset()} />
            ) : null}
            {confirm.isError ? (
              <Banner tone="critical" title="Die Ausführung wurde nicht bestätigt">
                <p>{describeError(confirm.error)}</p>
              </Banner>
            ) : null}
            {fetchFile.isError ? (
              <Banner tone="critical" title="Download fehlgeschlagen">
                <p>{describeError(fetchFile.error)}</p>
              </Banner>
            ) : null}
            {content}
            {runs.data ? <SetAside runs={runs.data.items} /> : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
