import { formatDate, formatNumber, type Shop } from '@belegfluss/frontend-kit';
import { ORDER_IMPORT_FACTOR, type ImportRangeView } from '@belegfluss/shared';
import { Banner, BlockStack, Button, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { plural } from '../../wizard/wizard';

export const shortDay = (day: string) => formatDate(`${day}T12:00:00Z`);

/**
 * What the purchase's raise covers and what happens past it, said before the merchant starts:
 * a long range can use more transfers than are left, and those orders only wait.
 */
export function TransferBoostNote({ credits }: { credits: Shop['plan']['credits'] }) {
  const boost = credits.importBoost;
  const left = Math.max(credits.quota - credits.used, 0);
  const raise = boost
    ? `Mit dem Kauf des Imports gilt bis zum ${formatDate(boost.until)} das ${ORDER_IMPORT_FACTOR}-fache deines Monatskontingents: ${formatNumber(credits.quota)} statt ${formatNumber(boost.planQuota)} Übertragungen.`
    : `Die Erhöhung auf das ${ORDER_IMPORT_FACTOR}-fache deines Monatskontingents gilt 30 Tage ab dem Kauf und ist vorbei.`;
  return (
    <Banner tone="info" title={`Noch ${formatNumber(left)} Übertragungen frei`}>
      <p>{`${raise} Jede Rechnung verbraucht eine Übertragung.`}</p>
      <p>
        Bestellungen darüber hinaus erhalten vorerst keine Rechnung: Sie warten und bekommen ihre Rechnung automatisch,
        sobald wieder Übertragungen frei sind (im nächsten Abrechnungszeitraum oder nach einem Wechsel in einen größeren
        Tarif).
      </p>
    </Banner>
  );
}

const RANGE_STATUS: Record<ImportRangeView['status'], string> = {
  running: 'läuft',
  completed: 'abgeschlossen',
  stopped: 'angehalten',
  failed: 'abgebrochen',
};

/** The range's progress: days done of all, invoices so far, and the stop for the days not started. */
export function ImportRangeProgress({
  range,
  onStop,
  stopping,
}: {
  range: ImportRangeView;
  onStop: () => void;
  stopping: boolean;
}) {
  const running = range.status === 'running';
  const status =
    running && range.stopRequested ? 'wird angehalten, der laufende Tag wird fertig' : RANGE_STATUS[range.status];
  return (
    <BlockStack gap="100">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h3" variant="headingSm">
          {`Zeitraum ${shortDay(range.from)} bis ${shortDay(range.to)}`}
        </Text>
        {running && !range.stopRequested ? (
          <Button size="slim" tone="critical" loading={stopping} onClick={onStop}>
            Import anhalten
          </Button>
        ) : null}
      </InlineStack>
      <Text as="p" tone="subdued">
        {`${formatNumber(range.daysDone)} von ${plural(range.total, 'Tag', 'Tagen')}, ${plural(range.invoices, 'Rechnung', 'Rechnungen')} bisher · ${status}`}
      </Text>
      {range.current ? <Text as="p" tone="subdued">{`Gerade dran: ${shortDay(range.current)}`}</Text> : null}
      <ProgressBar
        progress={Math.round((range.daysDone / Math.max(range.total, 1)) * 100)}
        size="small"
        tone={range.status === 'completed' ? 'success' : 'highlight'}
      />
    </BlockStack>
  );
}
