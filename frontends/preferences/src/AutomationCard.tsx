import { describeError, LoadErrorBanner, type ApiClient } from '@belegfluss/frontend-kit';
import { AUTOMATION_FIELD_LABELS } from './home/automation-words';
import { celebrateFor } from './home/confetti';
import { SAVED_FEEDBACK_MS } from './form/use-section-form';
import { Badge, BlockStack, Box, Card, Checkbox, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  AUTOMATION_LEVEL_LABEL,
  automationLevel,
  fromPreferences,
  isSwitchEnabled,
  switchAutomation,
  toPreferences,
  type Automation,
  type AutomationKey,
  type AutomationPreferences,
} from './automation';

const PREFERENCES_KEY = ['preferences'] as const;

/** What `PATCH /api/preferences` answers besides the switches. */
type SaveAnswer = AutomationPreferences & { forced?: string[]; warnings?: string[] };

const L = AUTOMATION_FIELD_LABELS;
const SWITCHES: { key: AutomationKey; label: string; helpText?: string; nested?: boolean }[] = [
  { key: 'invoiceCreate', label: L.invoiceCreate },
  { key: 'creditCreate', label: L.creditCreate, helpText: 'Benötigt die automatische Rechnungserstellung.' },
  { key: 'transactionCreate', label: L.transactionCreate, helpText: 'Benötigt die automatische Rechnungserstellung.' },
  { key: 'transactionFees', label: L.transactionFees, nested: true },
  {
    key: 'transactionHints',
    label: L.transactionHints,
    helpText: 'Hinweise setzen festgeschriebene Belege voraus.',
    nested: true,
  },
];

const LEVEL_TONE = { automated: 'success', partial: 'attention', manual: undefined } as const;

/** The automation switches' settings, as this card and the settings home (which waits for them) ask for them. */
export function preferencesQuery(api: ApiClient) {
  return {
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<AutomationPreferences>('/preferences', signal),
  };
}

export function AutomationCard({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQuery(api));
  const [saved, setSaved] = useState<{ at: number; forced: string[]; warnings: string[] }>();
  const save = useMutation({
    mutationFn: (next: Automation) =>
      api.request<SaveAnswer>('/preferences', { method: 'PATCH', body: toPreferences(next) }),
    onMutate: () => setSaved(undefined),
    onSuccess: (answer) => {
      setSaved({ at: Date.now(), forced: answer.forced ?? [], warnings: answer.warnings ?? [] });
      // When all three become enabled, confetti plays for 4 seconds.
      const before = preferences.data ? automationLevel(fromPreferences(preferences.data)) : undefined;
      if (before !== 'automated' && automationLevel(fromPreferences(answer)) === 'automated') void celebrateFor();
      return queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
    },
  });
  useEffect(() => {
    if (saved === undefined) return;
    const timer = setTimeout(() => setSaved(undefined), SAVED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  if (preferences.isPending)
    return (
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    );
  if (preferences.isError) {
    return (
      <LoadErrorBanner
        title="Die Automatisierung konnte nicht geladen werden"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  }

  // While a change is saving, show what was asked for.
  const state = save.isPending && save.variables ? save.variables : fromPreferences(preferences.data);
  const level = automationLevel(state);

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center" align="space-between">
          <Text as="h2" variant="headingMd">
            Automatisierung
          </Text>
          <Badge tone={LEVEL_TONE[level]}>{AUTOMATION_LEVEL_LABEL[level]}</Badge>
        </InlineStack>
        {SWITCHES.map(({ key, label, helpText, nested }) => (
          <Box key={key} paddingInlineStart={nested ? '600' : '0'}>
            <Checkbox
              label={label}
              helpText={helpText}
              checked={state[key]}
              disabled={!isSwitchEnabled(state, key) || save.isPending}
              onChange={(on) => save.mutate(switchAutomation(state, key, on))}
            />
          </Box>
        ))}
        {save.isError ? (
          <Text as="p" tone="critical">
            Nicht gespeichert: {describeError(save.error)}
          </Text>
        ) : null}
        {saved !== undefined ? (
          <Text as="p" tone="success">
            Gespeichert
          </Text>
        ) : null}
        {saved?.forced.map((f) => (
          <Text
            key={f}
            as="p"
            tone="caution"
          >{`„${AUTOMATION_FIELD_LABELS[f as AutomationKey] ?? f}“ wurde mit ausgeschaltet.`}</Text>
        ))}
        {saved?.warnings.map((w) => (
          <Text key={w} as="p" tone="caution">
            {w}
          </Text>
        ))}
      </BlockStack>
    </Card>
  );
}
