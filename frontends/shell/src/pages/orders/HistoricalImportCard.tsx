import { describeError, shopQuery } from '@belegfluss/frontend-kit';
import { TOO_OLD_DAYS } from '@belegfluss/shared';
import { Banner, BlockStack, Button, Card, InlineStack, Spinner, Text, TextField } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../frame/toast';
import { FeatureLock } from '../../notices/FeatureLock';
import { useShell } from '../../session/ShellContext';

const today = () => new Date().toISOString().slice(0, 10);

/** `GET /api/orders/import/{date}`: the import workflow's progress. */
interface ImportProgress { id: string; status: 'running' | 'completed' | 'failed'; affected: number; pages: number }

/** Spec 1 §1 and spec 2: documents for orders from before the installation, a paid one-time unlock. */
export function HistoricalImportCard() {
  const { api } = useShell();
  const shop = useQuery(shopQuery(api));
  const toast = useToast();
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [running, setRunning] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => api.request<ImportProgress>(`/orders/import?date=${encodeURIComponent(date)}`, { method: 'POST' }),
    onSuccess: (answer) => {
      toast('Der Import läuft; die Belege erscheinen nach und nach.');
      setRunning(answer.id);
    },
  });
  // Long work shows progress: poll the import until it is done, then refresh the order list once.
  const progress = useQuery({
    queryKey: ['orderImport', running],
    enabled: running !== null,
    queryFn: async ({ signal }) => {
      const answer = await api.get<ImportProgress>(`/orders/import/${encodeURIComponent(running ?? '')}`, signal);
      if (answer.status !== 'running') await queryClient.invalidateQueries({ queryKey: ['orders'] });
      return answer;
    },
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 2000),
  });
  return (
    <FeatureLock shop={shop.data} feature="orderImport">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Ältere Bestellungen importieren
          </Text>
          <Text as="p" tone="subdued">
            {`Belegfluss erstellt Belege für Bestellungen ab dem gewählten Tag, auch für solche, die älter als ${TOO_OLD_DAYS} Tage sind. Jeder Beleg verbraucht eine Übertragung.`}
          </Text>
          {start.isError ? (
            <Banner tone="critical" title="Der Import wurde nicht gestartet">
              <p>{describeError(start.error)}</p>
            </Banner>
          ) : null}
          {progress.data?.status === 'running' ? (
            <InlineStack gap="200" blockAlign="center">
              <Spinner size="small" accessibilityLabel="Import läuft" />
              <Text as="p">{`Import läuft: ${progress.data.affected} Bestellungen übernommen (${progress.data.pages} Seiten gelesen)`}</Text>
            </InlineStack>
          ) : null}
          {progress.data?.status === 'completed' ? (
            <Banner tone="success" title="Import abgeschlossen">
              <p>{`${progress.data.affected} Bestellungen ab dem ${progress.data.id} übernommen. Die Belege entstehen jetzt nach deinen Einstellungen.`}</p>
            </Banner>
          ) : null}
          {progress.data?.status === 'failed' ? (
            <Banner tone="critical" title="Der Import ist abgebrochen">
              <p>{`${progress.data.affected} Bestellungen wurden übernommen. Bitte versuche es später erneut oder wende dich an den Support.`}</p>
            </Banner>
          ) : null}
          {progress.isError ? (
            <Banner tone="warning" title="Fortschritt nicht abrufbar">
              <p>{describeError(progress.error)}</p>
            </Banner>
          ) : null}
          <InlineStack gap="300" blockAlign="end">
            <TextField label="Bestellungen ab" type="date" value={date} max={today()} onChange={setDate} autoComplete="off" />
            <Button variant="primary" disabled={date === ''} loading={start.isPending || progress.data?.status === 'running'} onClick={() => start.mutate()}>
              Import starten
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </FeatureLock>
  );
}
