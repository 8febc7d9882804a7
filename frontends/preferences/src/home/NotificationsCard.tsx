import { LoadErrorBanner, type ApiClient } from '@belegfluss/frontend-kit';
import { GeneralPreferencesSchema, type GeneralPreferences, type NotificationPreferences } from '@belegfluss/shared';
import { BlockStack, Card, Checkbox, SkeletonBodyText } from '@shopify/polaris';
import { useState } from 'react';
import { checkField } from '../form/field-check';
import { SaveNote } from '../form/SaveNote';
import { SavedTextField } from '../form/SavedTextField';
import { useSectionForm } from '../form/use-section-form';

const SWITCHES: { key: keyof NotificationPreferences; label: string; helpText: string }[] = [
  {
    key: 'creditsExhaustedSoon',
    label: 'Übertragungen bald aufgebraucht',
    helpText: 'Wenn weniger als 20 % deiner Übertragungen übrig sind.',
  },
  {
    key: 'creditsExhaustedNow',
    label: 'Übertragungen aufgebraucht',
    helpText: 'Ohne freie Übertragungen legt Belegfluss keine Belege mehr an.',
  },
  {
    key: 'connectionMissing',
    label: 'Verbindung zu Lexware Office fehlt',
    helpText: 'Wenn Belegfluss dein Lexware-Office-Konto nicht mehr erreicht.',
  },
  {
    key: 'vatIdUnconfirmed',
    label: 'USt-IdNr. nicht bestätigt',
    helpText: 'Wenn VIES die USt-IdNr. eines Geschäftskunden ablehnt oder in deiner Wartezeit nicht prüfen kann.',
  },
  {
    key: 'onboarding',
    label: 'Hilfe bei der Einrichtung',
    helpText: 'Hinweise und Tipps in den ersten Tagen nach der Installation.',
  },
];

/** The four notification switches and where notifications go (`general.email`). */
export function NotificationsCard({ api }: { api: ApiClient }) {
  const notifications = useSectionForm<NotificationPreferences>(api, 'notifications');
  const general = useSectionForm<GeneralPreferences>(api, 'general');
  const [emailError, setEmailError] = useState<string>();
  const failed = notifications.query.isError ? notifications.query : general.query.isError ? general.query : undefined;
  if (failed)
    return (
      <LoadErrorBanner
        title="Die Benachrichtigungen konnten nicht geladen werden"
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  if (!notifications.value || !general.value)
    return (
      <Card>
        <SkeletonBodyText lines={5} />
      </Card>
    );
  const value = notifications.value;
  return (
    <Card>
      <section aria-label="Benachrichtigungen">
        <BlockStack gap="300">
          {SWITCHES.map(({ key, label, helpText }) => (
            <Checkbox
              key={key}
              label={label}
              helpText={helpText}
              checked={value[key]}
              disabled={notifications.busy}
              onChange={(on) => notifications.save('notifications', { [key]: on })}
            />
          ))}
          <SaveNote origin="notifications" feedback={notifications.feedback} failure={notifications.failure} />
          <SavedTextField
            label="E-Mail für Benachrichtigungen"
            type="email"
            helpText="Leer lassen: die E-Mail-Adresse deines Shops."
            value={general.value.email}
            disabled={general.busy}
            error={emailError ?? general.error('email')}
            onCommit={(email) => {
              const problem = checkField(GeneralPreferencesSchema, 'email', email);
              setEmailError(problem);
              if (!problem) general.save('email', { email: email.trim() });
            }}
          />
          <SaveNote origin="email" feedback={general.feedback} failure={general.failure} />
        </BlockStack>
      </section>
    </Card>
  );
}
