import {
  describeError,
  formatNumber,
  GatedFeature,
  LoadErrorBanner,
  type RemoteAppProps,
} from '@belegfluss/frontend-kit';
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  Checkbox,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

interface TransactionPreferences {
  transactionCreate: boolean;
  transactionHints: boolean;
  transactionFees: boolean;
  transactionGateway: Record<string, boolean>;
}
interface Gateway {
  id: string;
  name: string;
  orderCount: number;
  enabled: boolean;
  selectable: boolean;
}
interface Saved {
  value: TransactionPreferences;
  forced: string[];
  warnings: string[];
}

const PREFS_KEY = ['preferences', 'transactions'] as const;
const GATEWAYS_KEY = ['transactions', 'gateways'] as const;
const AUTOMATION_KEY = ['preferences', 'automation'] as const;
const SAVED_FEEDBACK_MS = 5_000;
const HINT_WARNING = 'Hinweise erfordern finalisierte Belege.';

const orders = (n: number) => (n === 1 ? '1 Bestellung' : `${formatNumber(n)} Bestellungen`);

/** /preferences/transactions: create switch, fees, hints, and one switch per payment gateway with its order count. */
export function TransactionsPage({ api, basePath, search, navigate }: RemoteAppProps) {
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: PREFS_KEY,
    queryFn: ({ signal }) => api.get<{ value: TransactionPreferences }>('/preferences/transactions', signal),
  });
  const gateways = useQuery({
    queryKey: GATEWAYS_KEY,
    queryFn: ({ signal }) => api.get<{ gateways: Gateway[] }>('/transactions/gateways', signal),
  });
  const automation = useQuery({
    queryKey: AUTOMATION_KEY,
    queryFn: ({ signal }) => api.get<{ value: { invoiceCreate: boolean } }>('/preferences/automation', signal),
  });
  const [feedback, setFeedback] = useState<{ at: number; warnings: string[] }>();
  const save = useMutation({
    mutationFn: (change: Partial<TransactionPreferences>) =>
      api.request<Saved>('/preferences/transactions', { method: 'PATCH', body: change }),
    onSuccess: (saved) => {
      setFeedback({ at: Date.now(), warnings: saved.warnings ?? [] });
      return Promise.all(
        [PREFS_KEY, GATEWAYS_KEY, AUTOMATION_KEY, ['preferences']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
  useEffect(() => {
    if (feedback === undefined) return;
    const timer = setTimeout(() => setFeedback(undefined), SAVED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  const highlighted = new URLSearchParams(search).get('gateway');
  const back = { content: 'Einstellungen', onAction: () => navigate(basePath) };
  const failed = [prefs, gateways, automation].find((q) => q.isError);
  if (failed) {
    return (
      <Page title="Umsätze" backAction={back}>
        <LoadErrorBanner
          title="Die Umsatz-Einstellungen konnten nicht geladen werden"
          error={failed.error}
          onRetry={() => void failed.refetch()}
        />
      </Page>
    );
  }
  if (!prefs.data || !gateways.data || !automation.data)
    return (
      <Page title="Umsätze" backAction={back}>
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </Page>
    );

  const value = save.isPending && save.variables ? { ...prefs.data.value, ...save.variables } : prefs.data.value;
  const invoicesOn = automation.data.value.invoiceCreate;
  const busy = save.isPending;

  return (
    <Page title="Umsätze" subtitle="Zahlungen aus Shopify als Umsätze in Lexware Office" backAction={back}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {!invoicesOn ? (
              <Banner tone="warning" title="Rechnungserstellung ist aus">
                <p>Umsätze brauchen die automatische Rechnungserstellung. Schalte sie unter Einstellungen ein.</p>
              </Banner>
            ) : null}
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Umsätze erstellen
                </Text>
                <Checkbox
                  label="Umsätze automatisch erstellen"
                  helpText="Jede Zahlung einer Bestellung wird ein Umsatz im Zahlungsdienstleister-Konto der Zahlungsart."
                  checked={value.transactionCreate}
                  disabled={!invoicesOn || busy}
                  onChange={(on) => save.mutate({ transactionCreate: on })}
                />
                <GatedFeature api={api} feature="fees">
                  <Checkbox
                    label="Gebühren als eigene Beträge buchen"
                    helpText="Die Gebühr des Zahlungsdienstleisters steht am Umsatz als eigener Betrag."
                    checked={value.transactionFees}
                    disabled={!value.transactionCreate || busy}
                    onChange={(on) => save.mutate({ transactionFees: on })}
                  />
                </GatedFeature>
                <Checkbox
                  label="Zuordnungshinweise setzen"
                  helpText={`Verknüpft die Zahlung mit ihrer Rechnung. ${HINT_WARNING}`}
                  checked={value.transactionHints}
                  disabled={!value.transactionCreate || busy}
                  onChange={(on) => save.mutate({ transactionHints: on })}
                />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Zahlungsarten
                </Text>
                <Text as="p" tone="subdued">
                  Für welche Zahlungsarten Umsätze erstellt werden. Die Anzahl zählt die Bestellungen, die Belegfluss
                  kennt.
                </Text>
                {gateways.data.gateways.map((g) => (
                  <InlineStack key={g.id} align="space-between" blockAlign="center" gap="200">
                    <Checkbox
                      label={g.name}
                      helpText={
                        g.selectable
                          ? orders(g.orderCount)
                          : `${orders(g.orderCount)} · PayPal kann für Umsätze nicht gewählt werden`
                      }
                      checked={g.selectable && (value.transactionGateway[g.id] ?? g.enabled)}
                      disabled={!g.selectable || !value.transactionCreate || busy}
                      onChange={(on) =>
                        save.mutate({ transactionGateway: { ...value.transactionGateway, [g.id]: on } })
                      }
                    />
                    {g.id === highlighted ? <Badge tone="info">Ausgewählt</Badge> : null}
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
            {save.isError ? (
              <Text as="p" tone="critical">
                Nicht gespeichert: {describeError(save.error)}
              </Text>
            ) : null}
            {feedback ? (
              <BlockStack gap="100">
                <Text as="p" tone="success">
                  Gespeichert
                </Text>
                {feedback.warnings.map((w) => (
                  <Text key={w} as="p" tone="caution">
                    {w}
                  </Text>
                ))}
              </BlockStack>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
