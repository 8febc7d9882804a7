import { describeError, GatedFeature, type ApiClient } from '@belegfluss/frontend-kit';
import {
  Banner,
  BlockStack,
  Box,
  Button,
  InlineStack,
  Modal,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { METAFIELDS_KEY, useMetafieldCatalogue, type WriteEntry } from './catalogue';

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

type Look = Record<'invoiceText' | 'creditText' | 'style' | 'color', string>;

const PDF_LINK: WriteEntry = { value: 'invoice_pdf_save', namespace: 'belegfluss', key: 'invoice_pdf' };
const PDF_VALUES = ['invoice_pdf_save', 'invoice_pdf_view', 'invoices_pdf_save', 'invoices_pdf_view'];
const STEPS = ['Einführung', 'Link konfigurieren', 'HTML einfügen'];

/**
 * The e-mail link wizard, a dialog over the page that opened it: three steps from the idea to the
 * HTML for each of the shop's 20 notification templates. The snippets read the PDF link this app writes to the order.
 */
export function LinkWizard({ api, open, onClose }: { api: ApiClient; open: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  // The link's look outlives a step back to the introduction.
  const [look, setLook] = useState({
    invoiceText: 'Rechnung herunterladen',
    creditText: 'Gutschrift herunterladen',
    style: 'button',
    color: '#1a1a1a',
  });
  const catalogue = useMetafieldCatalogue(api, open);
  const close = () => {
    setStep(0);
    onClose();
  };
  const write = catalogue.data?.write ?? [];
  const hasLink = write.some((e) => PDF_VALUES.includes(e.value));
  const primary =
    step < 2
      ? { content: 'Weiter', onAction: () => setStep(step + 1), disabled: step === 0 && !hasLink }
      : { content: 'Fertig', onAction: close };
  return (
    <Modal
      open={open}
      onClose={close}
      title={`E-Mail-Verknüpfung · Schritt ${step + 1} von 3: ${STEPS[step]}`}
      primaryAction={primary}
      secondaryActions={step > 0 ? [{ content: 'Zurück', onAction: () => setStep(step - 1) }] : []}
    >
      <Modal.Section>
        <GatedFeature api={api} feature="emailIntegration">
          {catalogue.isError ? (
            <Text as="p" tone="critical">
              {describeError(catalogue.error)}
            </Text>
          ) : !catalogue.data ? (
            <SkeletonBodyText lines={4} />
          ) : step === 0 ? (
            <IntroStep
              api={api}
              write={write}
              hasLink={hasLink}
              canAdd={catalogue.data.write.length < catalogue.data.limit && catalogue.data.writeScope.granted}
            />
          ) : (
            <SnippetSteps api={api} write={write} step={step} look={look} onLook={setLook} />
          )}
        </GatedFeature>
      </Modal.Section>
    </Modal>
  );
}

/** Step 1: what the link is, and the metafield it needs, created here when it is missing. */
function IntroStep({
  api,
  write,
  hasLink,
  canAdd,
}: {
  api: ApiClient;
  write: WriteEntry[];
  hasLink: boolean;
  canAdd: boolean;
}) {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () =>
      api.request('/preferences/metafields', { method: 'PATCH', body: { write: [...write, PDF_LINK] } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: METAFIELDS_KEY }),
  });
  return (
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
                <Button loading={add.isPending} onClick={() => add.mutate()}>
                  PDF-Link-Metafeld anlegen
                </Button>
              </InlineStack>
            ) : (
              <p>Dafür braucht es die Berechtigung write_orders und einen freien Platz unter „Metafelder schreiben“.</p>
            )}
            {add.isError ? <p>{`Nicht angelegt: ${describeError(add.error)}`}</p> : null}
          </BlockStack>
        </Banner>
      )}
    </BlockStack>
  );
}

/** Steps 2 and 3: how the link looks, then the code for each notification, with a preview. */
function SnippetSteps({
  api,
  write,
  step,
  look,
  onLook: setLook,
}: {
  api: ApiClient;
  write: WriteEntry[];
  step: number;
  look: Look;
  onLook: (look: Look) => void;
}) {
  const [group, setGroup] = useState('orders');
  const [template, setTemplate] = useState('');
  const [copied, setCopied] = useState(false);
  const params = new URLSearchParams(look).toString();
  const links = useQuery({
    queryKey: ['metafields', 'links', params, write.map((e) => `${e.value}:${e.namespace}.${e.key}`).join()],
    queryFn: ({ signal }) => api.get<Links>(`/metafields/links?${params}`, signal),
    enabled: step === 2,
  });

  const groups = links.data?.groups ?? [];
  const templates = groups.find((g) => g.id === group)?.templates ?? [];
  const snippet = templates.find((t) => t.id === template) ?? templates[0];
  return (
    <BlockStack gap="400">
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
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
