import { NotBuiltYetPage, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { SettingsHome } from './SettingsHome';
import { MailPage } from './mail/MailPage';
import { MetafieldsPage } from './metafields/MetafieldsPage';
import { TransactionsPage } from './transactions/TransactionsPage';

const SUB_PAGES: Record<string, string> = {
  '/invoices': 'Rechnungen',
  '/contacts': 'Kontakte',
  '/credits': 'Gutschriften',
  '/orders': 'Bestellungen',
};

/** Every /preferences page. Mounted by the shell (see frontends/README.md). */
export default function PreferencesApp(props: RemoteAppProps) {
  if (props.path === '/') return <SettingsHome {...props} />;
  if (props.path === '/transactions') return <TransactionsPage {...props} />;
  if (props.path === '/metafields') return <MetafieldsPage {...props} />;
  if (props.path === '/mail') return <MailPage {...props} />;
  const title = SUB_PAGES[props.path] ?? 'Einstellungen';
  return <NotBuiltYetPage title={title} backLabel="Einstellungen" backUrl={props.basePath} />;
}
