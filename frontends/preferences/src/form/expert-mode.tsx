import type { ApiClient } from '@belegfluss/frontend-kit';
import { BlockStack, Card, Checkbox } from '@shopify/polaris';
import { SaveNote } from './SaveNote';
import { useSectionForm } from './use-section-form';

/** `general.expertMode`: "a switch that reveals extra options: credit status, item lines, linking, order filter". */
export function useExpertMode(api: ApiClient) {
  return useSectionForm<{ expertMode: boolean }>(api, 'general');
}

/** The expert-mode switch on a settings page, saying what it reveals there. */
export function ExpertModeCard({ api, reveals }: { api: ApiClient; reveals: string }) {
  const general = useExpertMode(api);
  if (!general.value) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Checkbox
          label="Expertenmodus"
          helpText={`Zeigt weitere Optionen: ${reveals}. Gilt für alle Einstellungsseiten.`}
          checked={general.value.expertMode}
          disabled={general.busy}
          onChange={(next) => general.save('expertMode', { expertMode: next })}
        />
        <SaveNote origin="expertMode" feedback={general.feedback} failure={general.failure} />
      </BlockStack>
    </Card>
  );
}
