import { GatedFeature, LoadErrorBanner, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Button, Card, InlineStack, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { ExpertModeCard, useExpertMode } from '../form/expert-mode';
import { useSectionForm } from '../form/use-section-form';
import { LinkWizard } from '../metafields/LinkWizard';
import { useLinkWizard } from '../metafields/use-link-wizard';
import { CreateSection, StatusSection } from './CreateSections';
import { DateSection, DeliveryDateSection } from './DateSections';
import { FormatSection } from './FormatSection';
import { LayoutSection } from './LayoutSection';
import { PreviewDialog } from './PreviewDialog';
import { TagSection } from './TagSection';
import type { InvoicePreferences } from './types';

/** /preferences/invoices: create, status, date, delivery date, format, layout, tags, mail, link — each saved as it changes. */
export function InvoicesPage({ api, basePath, search, navigate }: RemoteAppProps) {
  const form = useSectionForm<InvoicePreferences>(api, 'invoices');
  const expert = useExpertMode(api).value?.expertMode === true;
  const assistant = new URLSearchParams(search).get('assistant');
  const [previewOpen, setPreviewOpen] = useState(assistant === 'receipt-preview');
  const wizard = useLinkWizard({ search, navigate, here: `${basePath}/invoices` });

  useEffect(() => {
    if (assistant === 'receipt-preview') setPreviewOpen(true);
  }, [assistant]);
  const loaded = form.value !== undefined;
  useEffect(() => {
    // Links such as /preferences/invoices#create land on their section once it is drawn.
    const id = window.location.hash.slice(1);
    if (loaded && id) document.getElementById(id)?.scrollIntoView?.();
  }, [loaded]);

  const back = { content: 'Einstellungen', onAction: () => navigate(basePath) };
  const title = 'Rechnungen';
  if (form.query.isError) {
    return (
      <Page title={title} backAction={back}>
        <LoadErrorBanner
          title="Die Rechnungs-Einstellungen konnten nicht geladen werden"
          error={form.query.error}
          onRetry={() => void form.query.refetch()}
        />
      </Page>
    );
  }
  const value = form.value;
  if (!value)
    return (
      <Page title={title} backAction={back}>
        <Card>
          <SkeletonBodyText lines={10} />
        </Card>
      </Page>
    );
  const mail = value.invoiceSendMail;

  return (
    <Page
      title={title}
      subtitle="Wann und wie Belegfluss Rechnungen in Lexware Office erstellt"
      backAction={back}
      secondaryActions={[{ content: 'Rechnungsvorschau', onAction: () => setPreviewOpen(true) }]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <CreateSection form={form} value={value} />
            <StatusSection form={form} value={value} />
            <DateSection form={form} value={value} />
            <GatedFeature api={api} feature="deliveryDate">
              <DeliveryDateSection form={form} value={value} />
            </GatedFeature>
            <FormatSection form={form} value={value} />
            <LayoutSection api={api} form={form} value={value} expert={expert} onPreview={() => setPreviewOpen(true)} />
            <TagSection form={form} value={value} />
            <section id="mail" aria-label="E-Mail-Versand">
              <GatedFeature api={api} feature="emails">
                <Card>
                  <BlockStack gap="300">
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="h2" variant="headingMd">
                        E-Mail-Versand
                      </Text>
                      {mail.enabled ? <Badge tone="success">Aktiv</Badge> : <Badge>Aus</Badge>}
                    </InlineStack>
                    {mail.enabled ? (
                      <BlockStack gap="100">
                        <Text as="p">{`Jede neue Rechnung geht mit ihrem PDF an ${mail.to}.`}</Text>
                        <Text as="p" tone="subdued">{`Betreff: ${mail.subject}`}</Text>
                      </BlockStack>
                    ) : (
                      <Text as="p" tone="subdued">
                        {value.invoiceFinalize
                          ? 'Rechnungen werden nicht automatisch per E-Mail versendet.'
                          : 'Rechnungen werden als Entwurf angelegt; E-Mails gehen nur für festgeschriebene Rechnungen hinaus.'}
                      </Text>
                    )}
                    <InlineStack>
                      <Button onClick={() => navigate(`${basePath}/mail`)}>E-Mail-Versand bearbeiten</Button>
                    </InlineStack>
                  </BlockStack>
                </Card>
              </GatedFeature>
            </section>
            <section id="link" aria-label="Rechnungslink in Shopify-E-Mails">
              <GatedFeature api={api} feature="emailIntegration">
                <Card>
                  <BlockStack gap="300">
                    <Text as="h2" variant="headingMd">
                      Rechnungslink in Shopify-E-Mails
                    </Text>
                    <Text as="p" tone="subdued">
                      Deine Kunden laden die Rechnung über einen Link in den Benachrichtigungen deines Shops herunter.
                      Der Assistent legt das Metafeld an und zeigt dir den HTML-Code für die Vorlagen.
                    </Text>
                    <InlineStack>
                      <Button onClick={wizard.show}>E-Mail-Link einrichten</Button>
                    </InlineStack>
                  </BlockStack>
                </Card>
              </GatedFeature>
            </section>
            <ExpertModeCard api={api} reveals="die Texte der Positionen" />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <PreviewDialog api={api} open={previewOpen} onClose={() => setPreviewOpen(false)} />
      <LinkWizard api={api} open={wizard.open} onClose={wizard.close} />
    </Page>
  );
}
