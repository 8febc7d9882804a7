import { GatedFeature, useRemoteToast, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Layout, Page } from '@shopify/polaris';
import { SendMailCard } from './SendMailCard';
import { SmtpCard } from './SmtpCard';
import { CREDIT_MAIL, INVOICE_MAIL } from './send-mail';

/** /preferences/mail: who sends (own SMTP or the app's default sender) and what goes out automatically. */
export function MailPage({ api, basePath, navigate }: RemoteAppProps) {
  const [toastNode, toast] = useRemoteToast();
  return (
    <Page
      title="E-Mail-Versand"
      subtitle="Absender und automatischer Versand von Rechnungen und Gutschriften"
      backAction={{ content: 'Einstellungen', onAction: () => navigate(basePath) }}
    >
      <Layout>
        <Layout.AnnotatedSection
          title="Absender"
          description="Mit deinem eigenen SMTP-Server kommen die E-Mails von deiner Adresse. Belegfluss verwendet ihn erst nach einer erfolgreichen Prüfung."
        >
          <SmtpCard api={api} toast={toast} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title="Rechnungen"
          description="Automatischer Versand jeder neuen Rechnung mit ihrem PDF."
        >
          <GatedFeature api={api} feature="emails">
            <SendMailCard api={api} adapter={INVOICE_MAIL} toast={toast} />
          </GatedFeature>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          title="Gutschriften"
          description="Automatischer Versand jeder neuen Gutschrift mit ihrem PDF."
        >
          <GatedFeature api={api} feature="emails">
            <SendMailCard api={api} adapter={CREDIT_MAIL} toast={toast} />
          </GatedFeature>
        </Layout.AnnotatedSection>
      </Layout>
      {toastNode}
    </Page>
  );
}
