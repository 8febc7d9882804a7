import type { RemoteAppProps } from '@belegfluss/frontend-kit';
import { Layout, Page } from '@shopify/polaris';
import { MailLinkCard } from './mail/MailLinkCard';
import { AutomationCard } from './AutomationCard';
import { ConnectionCard } from './ConnectionCard';

/** Spec 3 §2: the settings home: connection first, then automation. */
export function SettingsHome({ api, basePath, navigate }: RemoteAppProps) {
  return (
    <Page title="Einstellungen">
      <Layout>
        <Layout.AnnotatedSection title="Verbindung" description="Das Lexware-Office-Konto, in dem Belegfluss deine Belege anlegt.">
          <ConnectionCard api={api} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title="Automatisierung"
          description="Was Belegfluss selbstständig erstellt, sobald Bestellungen und Erstattungen eingehen."
        >
          <AutomationCard api={api} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection title="E-Mail-Versand" description="Absender und automatischer Versand deiner Belege per E-Mail.">
          <MailLinkCard api={api} onOpen={() => navigate(`${basePath}/mail`)} />
        </Layout.AnnotatedSection>
      </Layout>
    </Page>
  );
}
