import { describeError, formatMoney, formatNumber, HoldsFirstView, type ApiClient } from '@belegfluss/frontend-kit';
import { REASON_SENTENCES } from '@belegfluss/shared';
import { Badge, Banner, BlockStack, Button, Card, DataTable, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { auditMonthBefore } from '../../../early-requests.mjs';
import { PAGE_HEADERS } from '../headers';
import { AuditMonthCard, NoReportBanner } from './AuditFrame';
import { useShell } from '../../session/ShellContext';
import { RepairConfirmModal, useAuditRepair, type AuditRepairKind, type RepairableFinding } from './AuditRepair';

interface AuditFindingRow {
  key: string;
  repair: AuditRepairKind;
  repairRequestedAt: string | null;
  kind: string;
  label: string;
  orderId: string | null;
  orderName: string | null;
  number?: string | null;
  refundId?: string;
  expectedCents?: number;
  actualCents?: number;
}
export interface AuditAnswer {
  month: string;
  status: 'running' | 'done' | 'none';
  report: {
    orders: number;
    vouchers: number;
    counts: Record<string, number>;
    findings: AuditFindingRow[];
    /** Orders due no documents, by the order workflow's reason (e.g. SKIP_DATE before the installation). */
    notCounted?: Record<string, number>;
    finishedAt: string;
  } | null;
}

/** Why orders of the month were left out, one line per reason, in the log's words. */
function notCountedLines(notCounted: Record<string, number> = {}): string[] {
  return Object.entries(notCounted)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => {
      const orders = n === 1 ? '1 Bestellung nicht mitgezählt' : `${formatNumber(n)} Bestellungen nicht mitgezählt`;
      return `${orders}: ${REASON_SENTENCES[reason]?.text ?? reason}.`;
    });
}

const KINDS: [string, string][] = [
  ['missing_invoice', 'Rechnung fehlt'],
  ['missing_credit', 'Gutschrift fehlt'],
  ['duplicate', 'Doppelte Belege'],
  ['total_mismatch', 'Betrag weicht ab'],
  ['unlinked_credit', 'Gutschrift nicht verknüpft'],
  ['unknown_order', 'Unbekannte Bestellung'],
];
const euro = (cents: number | undefined) => (cents === undefined ? '' : formatMoney(cents / 100));
const lastMonth = () => auditMonthBefore(new Date());

async function downloadCsv(api: ApiClient, month: string): Promise<void> {
  const res = await api.raw(`/audits/${month}/csv`);
  if (!res.ok) throw new Error(`Die CSV-Datei konnte nicht geladen werden (HTTP ${res.status}).`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `vollstaendigkeit-${month}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** `/orders/audit`: the completeness audit of a month: counts, every finding, and the CSV for the accountant. */
export function AuditPage() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(lastMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const report = useQuery({
    queryKey: ['audit', month],
    queryFn: ({ signal }) => api.get<AuditAnswer>(`/audits/${month}`, signal),
    enabled: valid,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: () => api.request(`/audits`, { method: 'POST', body: { month } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit', month] }),
  });
  const csv = useMutation({ mutationFn: () => downloadCsv(api, month) });
  const repair = useAuditRepair(api, month);
  const [confirming, setConfirming] = useState<RepairableFinding[] | null>(null);
  const data = report.data;
  const running = data?.status === 'running' || start.isPending;
  const findings = data?.report?.findings ?? [];
  const open = findings.filter((f) => f.repair && !f.repairRequestedAt);
  const ask = (chosen: RepairableFinding[]) =>
    chosen.some((f) => f.repair === 'close') ? setConfirming(chosen) : repair.mutate(chosen);
  const action = (f: AuditFindingRow) =>
    f.repairRequestedAt ? (
      <Badge tone="info">Korrektur angestoßen</Badge>
    ) : f.repair ? (
      <Button
        size="slim"
        onClick={() => ask([f])}
        disabled={repair.isPending}
        accessibilityLabel={`${f.label} bei ${f.orderName ?? 'dem Beleg'} beheben`}
      >
        Beheben
      </Button>
    ) : (
      <Text as="span" tone="subdued">
        In Lexware Office prüfen
      </Text>
    );
  const rows = findings.map((f) => [
    f.label,
    f.orderName ?? '—',
    f.number ?? (f.refundId ? `Erstattung ${f.refundId}` : '—'),
    euro(f.expectedCents),
    euro(f.actualCents),
    action(f),
  ]);

  return (
    <Page {...PAGE_HEADERS.audit}>
      <Layout>
        <Layout.Section>
          <AuditMonthCard
            month={month}
            onMonth={setMonth}
            valid={valid}
            running={running}
            onCheck={() => start.mutate()}
            hasReport={Boolean(data?.report)}
            csvLoading={csv.isPending}
            onCsv={() => csv.mutate()}
          />
        </Layout.Section>
        {start.error || csv.error || report.error || repair.error ? (
          <Layout.Section>
            <Banner tone="critical">{describeError(start.error ?? csv.error ?? report.error ?? repair.error)}</Banner>
          </Layout.Section>
        ) : null}
        {repair.data ? (
          <Layout.Section>
            <Banner tone="success">
              {`${repair.data.requested} ${repair.data.requested === 1 ? 'Korrektur' : 'Korrekturen'} angestoßen. Die Bestellungen erstellen ihre Belege jetzt; prüfe den Monat danach noch einmal.`}
            </Banner>
          </Layout.Section>
        ) : null}
        {data?.status === 'none' && !running ? (
          <Layout.Section>
            <NoReportBanner />
          </Layout.Section>
        ) : null}
        {data?.report ? (
          <Layout.Section>
            <BlockStack gap="400">
              <Card>
                <BlockStack gap="200">
                  <Text as="p">{`${formatNumber(data.report.orders)} Bestellungen und ${formatNumber(data.report.vouchers)} Belege geprüft am ${new Date(data.report.finishedAt).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })}.`}</Text>
                  {notCountedLines(data.report.notCounted).map((line) => (
                    <Text as="p" tone="subdued" key={line}>
                      {line}
                    </Text>
                  ))}
                  <InlineStack gap="200" blockAlign="center">
                    {KINDS.map(([kind, label]) => (
                      <Badge
                        key={kind}
                        tone={(data.report!.counts[kind] ?? 0) > 0 ? 'critical' : 'success'}
                      >{`${label}: ${data.report!.counts[kind] ?? 0}`}</Badge>
                    ))}
                  </InlineStack>
                </BlockStack>
              </Card>
              <Card padding="0">
                {rows.length === 0 ? (
                  <Banner tone="success">
                    {notCountedLines(data.report.notCounted).length > 0
                      ? 'Alles vollständig: jede Bestellung, für die Belegfluss Belege erstellt, hat sie genau einmal und mit dem richtigen Betrag.'
                      : 'Alles vollständig: jede Bestellung hat ihre Belege genau einmal und mit dem richtigen Betrag.'}
                  </Banner>
                ) : (
                  <BlockStack gap="200">
                    {open.length > 0 ? (
                      <InlineStack align="end">
                        <Button onClick={() => ask(open)} loading={repair.isPending}>
                          {`Alle beheben (${open.length})`}
                        </Button>
                      </InlineStack>
                    ) : null}
                    <DataTable
                      columnContentTypes={['text', 'text', 'text', 'numeric', 'numeric', 'text']}
                      headings={['Befund', 'Bestellung', 'Beleg', 'Soll', 'Ist', 'Korrektur']}
                      rows={rows}
                    />
                  </BlockStack>
                )}
              </Card>
            </BlockStack>
          </Layout.Section>
        ) : null}
      </Layout>
      {/* The view index.html painted from the same answer stays until it is here. */}
      {report.isPending && valid ? <HoldsFirstView /> : null}
      {confirming ? (
        <RepairConfirmModal
          findings={confirming}
          loading={repair.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() => repair.mutate(confirming, { onSettled: () => setConfirming(null) })}
        />
      ) : null}
    </Page>
  );
}
