import { NotBuiltYetPage, type RemoteAppProps } from '@belegfluss/frontend-kit';
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
  return <NotBuiltYetPage title={title} backLabel="Einstellungen" backUrl={props.basePath} />;
}
