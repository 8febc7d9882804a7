import { describeError, LoadErrorBanner, type ApiClient } from '@belegfluss/frontend-kit';
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
const SAVED_FEEDBACK_MS = 5_000;

const SWITCHES: { key: AutomationKey; label: string; helpText?: string; nested?: boolean }[] = [
  { key: 'invoiceCreate', label: 'Rechnungen automatisch erstellen' },
  { key: 'creditCreate', label: 'Gutschriften automatisch erstellen', helpText: 'Benötigt die automatische Rechnungserstellung.' },
  { key: 'transactionCreate', label: 'Umsätze automatisch erstellen', helpText: 'Benötigt die automatische Rechnungserstellung.' },
  { key: 'transactionFees', label: 'Gebühren als eigene Umsätze buchen', nested: true },
  { key: 'transactionHints', label: 'Zuordnungshinweise setzen', helpText: 'Hinweise setzen festgeschriebene Belege voraus.', nested: true },
];

const LEVEL_TONE = { automated: 'success', partial: 'attention', manual: undefined } as const;

export function AutomationCard({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => api.get<AutomationPreferences>('/preferences', signal),
  });
  const [savedAt, setSavedAt] = useState<number>();
  const save = useMutation({
    mutationFn: (next: Automation) => api.request<AutomationPreferences>('/preferences', { method: 'PATCH', body: toPreferences(next) }),
    onSuccess: () => {
      setSavedAt(Date.now());
      return queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
    },
  });
  useEffect(() => {
    if (savedAt === undefined) return;
    const timer = setTimeout(() => setSavedAt(undefined), SAVED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  if (preferences.isPending) return <Card><SkeletonBodyText lines={4} /></Card>;
  if (preferences.isError) {
    return <LoadErrorBanner title="Die Automatisierung konnte nicht geladen werden" error={preferences.error} onRetry={() => void preferences.refetch()} />;
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
        {save.isError ? <Text as="p" tone="critical">Nicht gespeichert: {describeError(save.error)}</Text> : null}
        {savedAt !== undefined ? <Text as="p" tone="success">Gespeichert</Text> : null}
      </BlockStack>
    </Card>
  );
}
