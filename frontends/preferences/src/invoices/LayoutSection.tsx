import type { ApiClient } from '@belegfluss/frontend-kit';
import { LIMITS, templateGroupsFor } from '@belegfluss/shared';
import { BlockStack, Button, Checkbox, FormLayout, InlineStack, Text } from '@shopify/polaris';
import { useState } from 'react';
import { PlaceholderPicker } from '../form/PlaceholderPicker';
import { PrintLayoutSelect } from '../form/PrintLayoutSelect';
import { SavedTextField, TEXT_MIN_ROWS } from '../form/SavedTextField';
import { TemplatePreview } from '../form/TemplatePreview';
import { Section } from './Section';
import type { InvoiceForm, InvoicePreferences } from './types';
import { REFERENCE_PLACES } from './words';

type Layout = InvoicePreferences['invoiceLayout'];
type LayoutText = Exclude<{ [K in keyof Layout]: Layout[K] extends string ? K : never }[keyof Layout], 'printLayout'>;

/** Item line texts: only in expert mode. */
const LINE_TEXTS: { name: LayoutText; label: string; max: number }[] = [
  { name: 'itemTitle', label: 'Artikel: Titel', max: LIMITS.itemTitle },
  { name: 'itemDetail', label: 'Artikel: Beschreibung', max: LIMITS.detail },
  { name: 'discountTitle', label: 'Rabatt: Titel', max: LIMITS.itemTitle },
  { name: 'discountDetail', label: 'Rabatt: Beschreibung', max: LIMITS.detail },
  { name: 'shippingTitle', label: 'Versand: Titel', max: LIMITS.itemTitle },
  { name: 'shippingDetail', label: 'Versand: Beschreibung', max: LIMITS.detail },
  { name: 'tipTitle', label: 'Trinkgeld: Titel', max: LIMITS.itemTitle },
];

const MAIN_TEXTS: { name: LayoutText; label: string }[] = [
  { name: 'title', label: 'Titel' },
  { name: 'introduction', label: 'Einleitung' },
  { name: 'remark', label: 'Bemerkung' },
];
const fieldId = (name: LayoutText) => `invoice-layout-${name}`;

/** Title, introduction and remark with placeholders and a live preview; where the order number goes. */
export function LayoutSection({
  api,
  form,
  value,
  expert,
  onPreview,
}: {
  api: ApiClient;
  form: InvoiceForm;
  value: InvoicePreferences;
  expert: boolean;
  onPreview: () => void;
}) {
  const [drafts, setDrafts] = useState<Partial<Record<LayoutText, string>>>({});
  const save = (name: LayoutText, text: string) =>
    form.save('layout', { invoiceLayout: { [name]: text } }, [`invoiceLayout.${name}`]);
  const field = (
    name: LayoutText,
    label: string,
    max: number,
    extra: { multiline?: number; helpText?: string } = {},
  ) => (
    <BlockStack gap="100">
      <SavedTextField
        id={fieldId(name)}
        label={label}
        value={value.invoiceLayout[name]}
        maxLength={max}
        showCharacterCount
        multiline={extra.multiline}
        helpText={extra.helpText}
        disabled={form.busy}
        error={form.error(`invoiceLayout.${name}`)}
        onDraft={(text) => setDrafts((d) => ({ ...d, [name]: text }))}
        onCommit={(text) => save(name, text)}
      />
      <TemplatePreview api={api} type="invoice" field={name} value={drafts[name] ?? value.invoiceLayout[name]} />
    </BlockStack>
  );
  const places = value.invoiceReferencePlaces;
  return (
    <Section
      id="layout"
      title="Texte der Rechnung"
      description="Platzhalter wie {ORDER.NAME} werden für jede Bestellung ersetzt."
      form={form}
      fields={[
        'invoiceLayout.title',
        'invoiceLayout.introduction',
        'invoiceLayout.remark',
        'invoiceReferencePlaces',
        'invoiceLayout.printLayout',
        ...LINE_TEXTS.map((t) => `invoiceLayout.${t.name}`),
      ]}
    >
      <FormLayout>
        {field('title', 'Titel', LIMITS.title, {
          helpText: `Lexware Office zeigt nur die ersten ${LIMITS.lexwareTitleShown} Zeichen des Titels.`,
        })}
        {field('introduction', 'Einleitung', LIMITS.introduction, { multiline: TEXT_MIN_ROWS })}
        {field('remark', 'Bemerkung', LIMITS.remark, { multiline: TEXT_MIN_ROWS })}
      </FormLayout>
      <PlaceholderPicker
        api={api}
        id="invoice-layout-placeholders"
        fields={[...MAIN_TEXTS, ...(expert ? LINE_TEXTS : [])].map((t) => ({
          id: fieldId(t.name),
          label: t.label,
          accepts: templateGroupsFor('invoice', t.name),
        }))}
      />
      <PrintLayoutSelect
        api={api}
        value={value.invoiceLayout.printLayout}
        disabled={form.busy}
        error={form.error('invoiceLayout.printLayout')}
        onChange={(id) => form.save('layout', { invoiceLayout: { printLayout: id } }, ['invoiceLayout.printLayout'])}
      />
      <BlockStack gap="100">
        <Text as="p">Bestellnummer als Referenz einfügen in</Text>
        <InlineStack gap="400">
          {REFERENCE_PLACES.map((p) => (
            <Checkbox
              key={p.value}
              label={p.label}
              checked={places.includes(p.value)}
              disabled={form.busy}
              onChange={(on) =>
                form.save('layout', {
                  invoiceReferencePlaces: on ? [...places, p.value] : places.filter((x) => x !== p.value),
                })
              }
            />
          ))}
        </InlineStack>
      </BlockStack>
      {expert ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Positionen (Expertenmodus)
          </Text>
          <FormLayout>
            {LINE_TEXTS.map((t) => (
              <div key={t.name}>{field(t.name, t.label, t.max)}</div>
            ))}
          </FormLayout>
        </BlockStack>
      ) : null}
      <InlineStack>
        <Button onClick={onPreview}>Rechnungsvorschau</Button>
      </InlineStack>
    </Section>
  );
}
