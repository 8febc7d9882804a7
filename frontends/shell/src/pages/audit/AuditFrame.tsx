import { Banner, Button, Card, InlineStack, TextField } from '@shopify/polaris';

/**
 * The audit page's parts that its first view shows too (scripts/first-paint.tsx renders them at build time, with
 * the month written in from the page's early answer): kept apart from the page so that the view does not carry it.
 */

/** The month to audit, the check and the CSV for the accountant. */
export function AuditMonthCard({
  month,
  onMonth,
  valid,
  running,
  onCheck,
  hasReport,
  csvLoading,
  onCsv,
}: {
  month: string;
  onMonth?: (month: string) => void;
  valid: boolean;
  running: boolean;
  onCheck?: () => void;
  hasReport: boolean;
  csvLoading: boolean;
  onCsv?: () => void;
}) {
  return (
    <Card>
      <InlineStack gap="300" blockAlign="end">
        <TextField
          label="Monat"
          type="month"
          value={month}
          onChange={onMonth}
          autoComplete="off"
          error={valid ? undefined : 'Bitte wähle einen Monat im Format JJJJ-MM.'}
        />
        <Button variant="primary" onClick={onCheck} loading={running} disabled={!valid}>
          Jetzt prüfen
        </Button>
        <Button onClick={onCsv} disabled={!hasReport} loading={csvLoading}>
          CSV herunterladen
        </Button>
      </InlineStack>
    </Card>
  );
}

/** For a month without a report yet. */
export function NoReportBanner() {
  return (
    <Banner tone="info">
      Für diesen Monat gibt es noch keinen Prüfbericht. Die Prüfung läuft für jeden abgeschlossenen Monat am 2.
      automatisch.
    </Banner>
  );
}
