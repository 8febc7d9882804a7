import type { RemoteAppProps } from '@belegfluss/frontend-kit';
import { Layout, Page } from '@shopify/polaris';
import { AutomationCard } from './AutomationCard';
import { ConnectionCard } from './ConnectionCard';

/** Spec 3 §2: the settings home: connection first, then automation. */
export function SettingsHome({ api }: RemoteAppProps) {
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
      </Layout>
    </Page>
  );
}
