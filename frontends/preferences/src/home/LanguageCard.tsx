import { LoadErrorBanner, type ApiClient } from '@belegfluss/frontend-kit';
import type { GeneralPreferences } from '@belegfluss/shared';
import { BlockStack, Card, Select, SkeletonBodyText } from '@shopify/polaris';
import { SaveNote } from '../form/SaveNote';
import { useSectionForm } from '../form/use-section-form';

const LANGUAGES = [
  { label: 'Deutsch', value: 'de' },
  { label: 'Englisch', value: 'en' },
];

/** The receipt language (`general.language`, de or en). */
export function LanguageCard({ api }: { api: ApiClient }) {
  const general = useSectionForm<GeneralPreferences>(api, 'general');
  if (general.query.isError)
    return (
      <LoadErrorBanner
        title="Die Belegsprache konnte nicht geladen werden"
        error={general.query.error}
        onRetry={() => void general.query.refetch()}
      />
    );
  if (!general.value)
    return (
      <Card>
        <SkeletonBodyText lines={2} />
      </Card>
    );
  return (
    <Card>
      <section aria-label="Sprache der Belege">
        <BlockStack gap="200">
          <Select
            label="Belegsprache"
            options={LANGUAGES}
            value={general.value.language}
            disabled={general.busy}
            error={general.error('language')}
            helpText="Die Sprache der Standardtexte neuer Rechnungen (Titel, Einleitung, Schlusstext, Einheiten, Versand, Rabatt). Eigene Texte bleiben, wie du sie geschrieben hast."
            onChange={(language) => general.save('language', { language })}
          />
          <SaveNote origin="language" feedback={general.feedback} failure={general.failure} />
        </BlockStack>
      </section>
    </Card>
  );
}
