import { NotBuiltYet, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Layout, Page } from '@shopify/polaris';
import { SettingsHome } from './SettingsHome';

const SUB_PAGES: Record<string, string> = {
  '/invoices': 'Rechnungen',
  '/contacts': 'Kontakte',
  '/credits': 'Gutschriften',
  '/transactions': 'Umsätze',
  '/metafields': 'Metafelder',
  '/orders': 'Bestellungen',
};

/** Every /preferences page. Mounted by the shell (see frontends/README.md). */
export default function PreferencesApp(props: RemoteAppProps) {
  if (props.path === '/') return <SettingsHome {...props} />;
  const title = SUB_PAGES[props.path] ?? 'Einstellungen';
  return (
    <Page title={title} backAction={{ content: 'Einstellungen', url: props.basePath }}>
      <Layout>
        <Layout.Section>
          <NotBuiltYet title={title} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
