import { LoadErrorBanner, resetDismissed, type ApiClient } from '@belegfluss/frontend-kit';
import type { GeneralPreferences } from '@belegfluss/shared';
import { BlockStack, Box, Button, Card, Checkbox, InlineStack, Select, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SaveNote } from '../form/SaveNote';
import { useSectionForm } from '../form/use-section-form';

const START_PAGES = [
  { label: 'Dashboard', value: '' },
  { label: 'Bestellungen', value: 'orders' },
];

/** The app settings: the start page (`general.home`), expert mode and resetting dismissed hints. */
export function AppSettingsCard({ api, toast }: { api: ApiClient; toast: (content: string) => void }) {
  const general = useSectionForm<GeneralPreferences>(api, 'general');
  const queryClient = useQueryClient();
  // The shell reads the start page from the shop.
  const savedHome = general.feedback?.origin === 'home';
  useEffect(() => {
    if (savedHome) void queryClient.invalidateQueries({ queryKey: ['shop'] });
  }, [savedHome, queryClient]);

  if (general.query.isError)
    return (
      <LoadErrorBanner
        title="Die App-Einstellungen konnten nicht geladen werden"
        error={general.query.error}
        onRetry={() => void general.query.refetch()}
      />
    );
  if (!general.value)
    return (
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    );
  return (
    <Card>
      <section aria-label="App-Einstellungen">
        <BlockStack gap="400">
          <BlockStack gap="200">
            <Select
              label="Startseite"
              options={START_PAGES}
              value={general.value.home}
              disabled={general.busy}
              error={general.error('home')}
              helpText="Was die App beim Öffnen zeigt."
              onChange={(home) => general.save('home', { home })}
            />
            <SaveNote origin="home" feedback={general.feedback} failure={general.failure} />
          </BlockStack>
          <BlockStack gap="200">
            <Checkbox
              label="Expertenmodus"
              helpText="Zeigt weitere Optionen: Gutschriftstatus, Positionen, Verknüpfung und Bestellfilter."
              checked={general.value.expertMode}
              disabled={general.busy}
              onChange={(expertMode) => general.save('expertMode', { expertMode })}
            />
            <SaveNote origin="expertMode" feedback={general.feedback} failure={general.failure} />
          </BlockStack>
          <Box borderBlockStartWidth="025" borderColor="border" paddingBlockStart="400">
            <InlineStack align="space-between" blockAlign="center" gap="400">
              <Text as="p" tone="subdued">
                Ausgeblendete Hinweise und Tipps auf diesem Gerät wieder anzeigen.
              </Text>
              <Button
                onClick={() => {
                  resetDismissed();
                  toast('Hinweise zurückgesetzt');
                }}
              >
                Hinweise zurücksetzen
              </Button>
            </InlineStack>
          </Box>
        </BlockStack>
      </section>
    </Card>
  );
}
