import { SettingsHomePage, shopQuery, useRemoteToast, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Layout } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MailLinkCard } from './mail/MailLinkCard';
import { AutomationCard, preferencesQuery } from './AutomationCard';
import { ConnectionCard } from './ConnectionCard';
import { AppSettingsCard } from './home/AppSettingsCard';
import { LanguageCard } from './home/LanguageCard';
import { NotificationsCard } from './home/NotificationsCard';
import { SettingsNav } from './home/SettingsNav';

/** The settings home: connection, automation, every settings page, receipt language, notifications, app settings. */
export function SettingsHome({ api, basePath, navigate }: RemoteAppProps) {
  const [toastNode, toast] = useRemoteToast();
  // The first two cards' height depends on their data, and the rest of the page sits below them: the sections
  // appear together once both have answered, so that no card pushes the others down while loading. A failed
  // first try ends the wait: the card shows its own state while it retries. Once shown they stay, even when a
  // card's own query starts over (a failed query is asked again when the card mounts).
  const shop = useQuery(shopQuery(api));
  const preferences = useQuery(preferencesQuery(api));
  const [shown, setShown] = useState(false);
  const waiting = !shown && [shop, preferences].some((query) => query.isPending && query.failureCount === 0);
  if (!shown && !waiting) setShown(true);
  return (
    <SettingsHomePage after={toastNode}>
      {waiting ? undefined : <SettingsSections api={api} basePath={basePath} navigate={navigate} toast={toast} />}
    </SettingsHomePage>
  );
}

function SettingsSections({
  api,
  basePath,
  navigate,
  toast,
}: Pick<RemoteAppProps, 'api' | 'basePath' | 'navigate'> & { toast: ReturnType<typeof useRemoteToast>[1] }) {
  return (
    <>
      <Layout.AnnotatedSection
        title="Verbindung"
        description="Das Lexware-Office-Konto, in dem Belegfluss deine Belege anlegt."
      >
        <ConnectionCard api={api} />
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title="Automatisierung"
        description="Was Belegfluss selbstständig erstellt, sobald Bestellungen und Erstattungen eingehen."
      >
        <AutomationCard api={api} />
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title="Einstellungsseiten"
        description="Alle Einstellungen zu Belegen, Kontakten, Bestellungen, Umsätzen und Metafeldern."
      >
        <SettingsNav basePath={basePath} navigate={navigate} />
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title="E-Mail-Versand"
        description="Absender und automatischer Versand deiner Belege per E-Mail."
      >
        <MailLinkCard api={api} onOpen={() => navigate(`${basePath}/mail`)} />
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title="Belegsprache"
        description="In welcher Sprache Belegfluss deine Rechnungen schreibt."
      >
        <LanguageCard api={api} />
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title="Benachrichtigungen"
        description="Worüber Belegfluss dich informiert und an welche Adresse."
      >
        <NotificationsCard api={api} />
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        title="App-Einstellungen"
        description="Startseite, Expertenmodus und ausgeblendete Hinweise."
      >
        <AppSettingsCard api={api} toast={toast} />
      </Layout.AnnotatedSection>
    </>
  );
}
