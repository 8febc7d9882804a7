import { describeError, formatNumber, shopQuery } from '@belegfluss/frontend-kit';
import {
  daysBetween,
  featureRequiredMessage,
  MAX_IMPORT_RANGE_DAYS,
  type ShopifyOrderImports,
} from '@belegfluss/shared';
import { Banner, BlockStack, Button, Card, DatePicker, InlineStack, Modal, ProgressBar, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../frame/toast';
import { FeatureLock } from '../../notices/FeatureLock';
import { useShell } from '../../session/ShellContext';
import { plural } from '../../wizard/wizard';
import { ImportRangeProgress, shortDay, TransferBoostNote } from './ImportRangeParts';

/** `GET /api/orders/import/days`: the shop's `shopify.order.imports` in the answer shape shared with the gateway. */
export type ImportDays = ShopifyOrderImports;
type DayStatus = ImportDays['days'][number]['status'];

const toDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const german = (day: string) =>
  toDate(day).toLocaleDateString('de-DE', { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' });
const STATUS: Record<DayStatus, string> = {
  running: 'läuft',
  completed: 'abgeschlossen',
  failed: 'fehlgeschlagen',
  terminated: 'von Hand beendet',
  cancelled: 'abgebrochen',
};
/** A day read completely whose invoices are still being made is not finished yet for the merchant. */
const statusText = (d: ImportDays['days'][number]) =>
  d.status === 'completed' && d.invoices < d.orders ? 'eingelesen, Rechnungen folgen' : STATUS[d.status];
/** A day whose run ended without finishing: it is not imported and may be imported again. */
const ended = (status: DayStatus) => status === 'failed' || status === 'terminated' || status === 'cancelled';

/** A day's line: where it stands (read, invoiced, waiting) and when to expect the rest. */
const dayLine = (d: ImportDays['days'][number]) =>
  [
    `${plural(d.orders, 'Bestellung', 'Bestellungen')} eingelesen, ${plural(d.invoices, 'Rechnung', 'Rechnungen')}${d.waiting ? `, ${formatNumber(d.waiting)} ${d.waiting === 1 ? 'wartet' : 'warten'}` : ''}`,
    statusText(d),
    d.estimate,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Invoices for the orders of days before the installation, a paid
 * one-time unlock. The calendar offers the days from the store's opening to the installation
 * day (weeks start on Monday), without the days imported already; a range of days queues up
 * and runs one day after another. Each imported day shows its orders and the invoices made so
 * far, the range its days done, and it can be stopped.
 */
export function HistoricalImportCard() {
  const { api } = useShell();
  const shop = useQuery(shopQuery(api));
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<{ start: Date; end: Date } | null>(null);
  const [month, setMonth] = useState<{ month: number; year: number } | null>(null);
  const unlocked = shop.data?.plan.purchase.includes('orderImport') ?? false;
  const days = useQuery({
    queryKey: ['orderImportDays'],
    enabled: unlocked,
    queryFn: ({ signal }) => api.get<ImportDays>('/orders/import/days', signal),
    // Progress per day: while a day runs or its invoices are still being made, look again.
    refetchInterval: (query) =>
      query.state.data?.range?.status === 'running' ||
      query.state.data?.days.some((d) => d.status === 'running' || (d.status === 'completed' && d.invoices < d.orders))
        ? 3000
        : false,
  });
  const startRange = useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      api.request<{ from: string; to: string }>(
        `/orders/import/range?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        { method: 'POST' },
      ),
    onSuccess: async (answer) => {
      toast(
        answer.from === answer.to
          ? `Import vom ${german(answer.from)} gestartet`
          : `Import vom ${shortDay(answer.from)} bis ${shortDay(answer.to)} gestartet`,
      );
      setOpen(false);
      setSelected(null);
      await queryClient.invalidateQueries({ queryKey: ['orderImportDays'] });
    },
  });
  const stop = useMutation({
    mutationFn: () => api.request('/orders/import/range/stop', { method: 'POST' }),
    onSuccess: async () => {
      toast('Import wird angehalten');
      await queryClient.invalidateQueries({ queryKey: ['orderImportDays'] });
    },
  });
  const start = useMutation({
    mutationFn: (day: string) =>
      api.request<{ id: string }>(`/orders/import?date=${encodeURIComponent(day)}`, { method: 'POST' }),
    onSuccess: async (answer) => {
      toast(`Import vom ${german(answer.id)} gestartet`);
      setOpen(false);
      setSelected(null);
      await queryClient.invalidateQueries({ queryKey: ['orderImportDays'] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  const data = days.data;
  // The order list above shows the imported orders and their receipts as they come.
  const progress = data?.days.map((d) => `${d.day}:${d.orders}/${d.invoices}`).join(',');
  const shownProgress = useRef(progress);
  useEffect(() => {
    if (progress === shownProgress.current) return;
    shownProgress.current = progress;
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }, [progress, queryClient]);
  const taken = new Set(data?.days.filter((d) => !ended(d.status)).map((d) => d.day));
  const shown =
    month ??
    (data
      ? { month: toDate(data.last).getMonth(), year: toDate(data.last).getFullYear() }
      : { month: new Date().getMonth(), year: new Date().getFullYear() });
  const from = selected ? toDay(selected.start) : null;
  const to = selected ? toDay(selected.end) : null;
  const count = from && to ? daysBetween(from, to).length : 0;
  const tooLong = count > MAX_IMPORT_RANGE_DAYS;
  return (
    <FeatureLock shop={shop.data} feature="orderImport">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Ältere Bestellungen importieren
            </Text>
            <Button onClick={() => setOpen(true)} disabled={!data || data.range?.status === 'running'}>
              Zeitraum auswählen
            </Button>
          </InlineStack>
          <Text as="p" tone="subdued">
            Belegfluss erstellt für die Bestellungen von Tagen vor der Installation Belege nach deinen aktuellen
            Einstellungen, auch für Bestellungen, die älter als 60 Tage sind. Die Tage eines Zeitraums werden
            nacheinander importiert. Jeder Beleg verbraucht eine Übertragung.
          </Text>
          {start.isError && !open ? (
            <Banner tone="critical" title="Der Import wurde nicht gestartet">
              <p>{describeError(start.error)}</p>
            </Banner>
          ) : null}
          {stop.isError ? (
            <Banner tone="critical" title="Der Import wurde nicht angehalten">
              <p>{describeError(stop.error)}</p>
            </Banner>
          ) : null}
          {data?.range ? (
            <ImportRangeProgress range={data.range} onStop={() => stop.mutate()} stopping={stop.isPending} />
          ) : null}
          {days.isError ? (
            <Banner tone="warning" title="Importierte Tage nicht abrufbar">
              <p>{describeError(days.error)}</p>
            </Banner>
          ) : null}
          {data && data.days.length > 0 ? (
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                Importierte Tage
              </Text>
              {data.days.map((d) => (
                <BlockStack key={d.day} gap="100">
                  <InlineStack align="space-between" blockAlign="center" gap="200">
                    <Text as="span">{german(d.day)}</Text>
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="span" tone={ended(d.status) ? 'critical' : 'subdued'}>
                        {dayLine(d)}
                      </Text>
                      {ended(d.status) ? (
                        <Button
                          size="slim"
                          loading={start.isPending && start.variables === d.day}
                          onClick={() => start.mutate(d.day)}
                        >
                          Erneut importieren
                        </Button>
                      ) : null}
                    </InlineStack>
                  </InlineStack>
                  {d.stoppedOnPlan ? (
                    <Text as="p" variant="bodySm" tone="critical">
                      {`Angehalten nach dem Tarifwechsel: ${featureRequiredMessage('orderImport')}`}
                    </Text>
                  ) : null}
                  {d.orders > 0 && !ended(d.status) ? (
                    <ProgressBar
                      progress={Math.round((d.invoices / d.orders) * 100)}
                      size="small"
                      tone={d.invoices >= d.orders ? 'success' : 'highlight'}
                      ariaLabelledBy={undefined}
                    />
                  ) : null}
                </BlockStack>
              ))}
            </BlockStack>
          ) : null}
        </BlockStack>
      </Card>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Ältere Bestellungen importieren"
        primaryAction={{
          content: count > 1 ? `${formatNumber(count)} Tage importieren` : 'Tag importieren',
          disabled: !from || !to || tooLong,
          loading: startRange.isPending,
          onAction: () => from && to && startRange.mutate({ from, to }),
        }}
        secondaryActions={[{ content: 'Abbrechen', onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            {startRange.isError ? (
              <Banner tone="critical" title="Der Import wurde nicht gestartet">
                <p>{describeError(startRange.error)}</p>
              </Banner>
            ) : null}
            {shop.data ? <TransferBoostNote credits={shop.data.plan.credits} /> : null}
            {data ? (
              <DatePicker
                month={shown.month}
                year={shown.year}
                weekStartsOn={1}
                onMonthChange={(m, y) => setMonth({ month: m, year: y })}
                allowRange
                selected={selected ?? undefined}
                onChange={(range) => setSelected(range)}
                disableDatesBefore={data.first ? toDate(data.first) : undefined}
                disableDatesAfter={toDate(data.last)}
                disableSpecificDates={[...taken].map(toDate)}
              />
            ) : null}
            <Text as="p" tone="subdued">
              {from && to
                ? from === to
                  ? `Ausgewählt: ${german(from)}`
                  : `Ausgewählt: ${german(from)} bis ${german(to)} (${formatNumber(count)} Tage)`
                : `Wähle den ersten und den letzten Tag ${data?.first ? `zwischen dem ${german(data.first)} und dem ${german(data.last)}` : `bis zum ${data ? german(data.last) : '…'}`}. Bereits importierte Tage sind ausgegraut und werden übersprungen.`}
            </Text>
            <Text as="p" tone={tooLong ? 'critical' : 'subdued'}>
              {`Die Tage werden nacheinander importiert, höchstens ${formatNumber(MAX_IMPORT_RANGE_DAYS)} auf einmal.`}
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </FeatureLock>
  );
}
