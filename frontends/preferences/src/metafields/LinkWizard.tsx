import { describeError, type ApiClient } from '@belegfluss/frontend-kit';
import {
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WriteEntry } from './MetafieldsPage';

interface Snippet {
  id: string;
  title: string;
  document: 'invoice' | 'credit';
  code: string | null;
  preview: string | null;
}
interface Links {
  ready: boolean;
  writeScopeGranted: boolean;
  groups: { id: string; title: string; templates: Snippet[] }[];
}

const PDF_LINK: WriteEntry = { value: 'invoice_pdf_save', namespace: 'belegfluss', key: 'invoice_pdf' };
const PDF_VALUES = ['invoice_pdf_save', 'invoice_pdf_view', 'invoices_pdf_save', 'invoices_pdf_view'];
const STEPS = ['Einführung', 'Link konfigurieren', 'HTML einfügen'];

/**
 * The e-mail link wizard (spec 2 §2): three steps from the idea to the HTML for each of the
 * shop's 20 notification templates. The snippets read the PDF link this app writes to the order.
 */
export function LinkWizard({
  api,
  write,
  open,
  canAdd,
  onAddLink,
}: {
  api: ApiClient;
  write: WriteEntry[];
  open: boolean;
  canAdd: boolean;
  onAddLink: (e: WriteEntry) => void;
}) {
  const [step, setStep] = useState(open ? 0 : -1);
  const [look, setLook] = useState({
    invoiceText: 'Rechnung herunterladen',
    creditText: 'Gutschrift herunterladen',
    style: 'button',
    color: '#1a1a1a',
  });
  const [group, setGroup] = useState('orders');
  const [template, setTemplate] = useState('');
  const [copied, setCopied] = useState(false);
  const hasLink = write.some((e) => PDF_VALUES.includes(e.value));
  const params = new URLSearchParams(look).toString();
  const links = useQuery({
    queryKey: ['metafields', 'links', params, write.map((e) => `${e.value}:${e.namespace}.${e.key}`).join()],
    queryFn: ({ signal }) => api.get<Links>(`/metafields/links?${params}`, signal),
    enabled: step === 2,
  });

  if (step < 0) {
    return (
      <Card>
        <InlineStack align="space-between" blockAlign="center">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Rechnungslink in Shopify-Benachrichtigungen
            </Text>
            <Text as="p" tone="subdued">
              Deine Kundinnen und Kunden laden die Rechnung direkt aus der Bestellbestätigung oder Versandbestätigung.
            </Text>
          </BlockStack>
          <Button onClick={() => setStep(0)}>Assistent öffnen</Button>
        </InlineStack>
      </Card>
    );
  }

  const groups = links.data?.groups ?? [];
  const templates = groups.find((g) => g.id === group)?.templates ?? [];
  const snippet = templates.find((t) => t.id === template) ?? templates[0];
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            E-Mail-Verknüpfung · Schritt {step + 1} von 3: {STEPS[step]}
          </Text>
          <Button variant="plain" onClick={() => setStep(-1)}>
            Schließen
          </Button>
        </InlineStack>
        {step === 0 ? (
          <BlockStack gap="300">
            <Text as="p">
              Belegfluss schreibt nach jeder Rechnung einen Download-Link an die Bestellung (ein Metafeld).
              Shopify-Benachrichtigungen können diesen Link anzeigen; der Link öffnet das PDF ohne Anmeldung über ein
              32-stelliges Token.
            </Text>
            {hasLink ? (
              <Text as="p" tone="success">
                Der PDF-Link wird bereits geschrieben.
              </Text>
            ) : (
              <Banner tone="info" title="Noch kein PDF-Link-Metafeld">
                <BlockStack gap="200">
                  <p>
                    Lege das Metafeld {PDF_LINK.namespace}.{PDF_LINK.key} für den PDF-Download der Rechnung an.
                  </p>
                  {canAdd ? (
                    <InlineStack>
                      <Button onClick={() => onAddLink(PDF_LINK)}>PDF-Link-Metafeld anlegen</Button>
                    </InlineStack>
                  ) : (
                    <p>
                      Dafür braucht es die Berechtigung write_orders und einen freien Platz unter „Metafelder
                      schreiben“.
                    </p>
                  )}
                </BlockStack>
              </Banner>
            )}
            <InlineStack>
              <Button variant="primary" disabled={!hasLink} onClick={() => setStep(1)}>
                Weiter
              </Button>
            </InlineStack>
          </BlockStack>
        ) : null}
        {step === 1 ? (
          <BlockStack gap="300">
            <TextField
              label="Text für Rechnungen"
              autoComplete="off"
              value={look.invoiceText}
              onChange={(invoiceText) => setLook({ ...look, invoiceText })}
              maxLength={100}
            />
            <TextField
              label="Text für Gutschriften"
              autoComplete="off"
              value={look.creditText}
              onChange={(creditText) => setLook({ ...look, creditText })}
              maxLength={100}
              helpText="Für Rückerstattung und Stornierung, sobald ein Gutschrift-Link geschrieben wird."
            />
            <Select
              label="Darstellung"
              options={[
                { label: 'Schaltfläche', value: 'button' },
                { label: 'Textlink', value: 'link' },
              ]}
              value={look.style}
              onChange={(style) => setLook({ ...look, style })}
            />
            <TextField
              label="Farbe"
              autoComplete="off"
              value={look.color}
              onChange={(color) => setLook({ ...look, color })}
              helpText="Hex-Farbe, z. B. #1a1a1a"
            />
            <ButtonGroup>
              <Button onClick={() => setStep(0)}>Zurück</Button>
              <Button variant="primary" onClick={() => setStep(2)}>
                Weiter
              </Button>
            </ButtonGroup>
          </BlockStack>
        ) : null}
        {step === 2 ? (
          <BlockStack gap="300">
            {links.isError ? (
              <Text as="p" tone="critical">
                {describeError(links.error)}
              </Text>
            ) : null}
            {links.data ? (
              <>
                <Text as="p">
                  Öffne in Shopify unter Einstellungen › Benachrichtigungen die Vorlage und füge den Code an der
                  gewünschten Stelle ein.
                </Text>
                <InlineStack gap="300" wrap>
                  <Select
                    label="Gruppe"
                    options={groups.map((g) => ({ label: g.title, value: g.id }))}
                    value={group}
                    onChange={(g) => {
                      setGroup(g);
                      setTemplate('');
                      setCopied(false);
                    }}
                  />
                  <Select
                    label="Benachrichtigung"
                    options={templates.map((t) => ({ label: t.title, value: t.id }))}
                    value={snippet?.id ?? ''}
                    onChange={(t) => {
                      setTemplate(t);
                      setCopied(false);
                    }}
                  />
                </InlineStack>
                {snippet?.code ? (
                  <BlockStack gap="200">
                    <TextField label="Code" autoComplete="off" multiline={6} readOnly monospaced value={snippet.code} />
                    <InlineStack gap="200" blockAlign="center">
                      <Button
                        onClick={() => void navigator.clipboard?.writeText(snippet.code!).then(() => setCopied(true))}
                      >
                        Code kopieren
                      </Button>
                      {copied ? (
                        <Text as="span" tone="success">
                          Kopiert
                        </Text>
                      ) : null}
                    </InlineStack>
                    <Text as="h3" variant="headingSm">
                      Vorschau
                    </Text>
                    {/* Our own HTML: the texts are escaped by the gateway, the link is the shop's document link. */}
                    <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200">
                      <div data-testid="link-preview" dangerouslySetInnerHTML={{ __html: snippet.preview ?? '' }} />
                    </Box>
                  </BlockStack>
                ) : (
                  <Text as="p" tone="caution">
                    Für diese Benachrichtigung gibt es noch keinen Link: lege zuerst ein PDF-Link-Metafeld an.
                  </Text>
                )}
              </>
            ) : links.isError ? null : (
              <Text as="p" tone="subdued">
                Lade die Vorlagen …
              </Text>
            )}
            <InlineStack>
              <Button onClick={() => setStep(1)}>Zurück</Button>
            </InlineStack>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
