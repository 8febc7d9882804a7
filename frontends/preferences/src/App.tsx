import { NotBuiltYetPage, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { SettingsHome } from './SettingsHome';
import { MailPage } from './mail/MailPage';
import { MetafieldsPage } from './metafields/MetafieldsPage';
import { TransactionsPage } from './transactions/TransactionsPage';
import { CreditsPage } from './credits/CreditsPage';
import { OrdersPage } from './orders/OrdersPage';
import { ContactsPage } from './contacts/ContactsPage';
import { InvoicesPage } from './invoices/InvoicesPage';
import { SetupPage } from './setup/SetupPage';

/** Every /preferences page. Mounted by the shell (see frontends/README.md). */
export default function PreferencesApp(props: RemoteAppProps) {
  if (props.path === '/') return <SettingsHome {...props} />;
  if (props.path === '/transactions') return <TransactionsPage {...props} />;
  if (props.path === '/metafields') return <MetafieldsPage {...props} />;
  if (props.path === '/mail') return <MailPage {...props} />;
  if (props.path === '/credits') return <CreditsPage {...props} />;
  if (props.path === '/orders') return <OrdersPage {...props} />;
  if (props.path === '/contacts') return <ContactsPage {...props} />;
  if (props.path === '/invoices') return <InvoicesPage {...props} />;
  if (props.path === '/setup') return <SetupPage {...props} />;
  return <NotBuiltYetPage title="Seite nicht gefunden" backLabel="Einstellungen" backUrl={props.basePath} />;
}
