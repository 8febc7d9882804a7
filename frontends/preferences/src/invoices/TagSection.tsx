import { Banner, BlockStack, Checkbox, InlineStack } from '@shopify/polaris';
import { TagInput } from '../mail/ListInputs';
import { Section } from './Section';
import type { InvoiceForm, InvoicePreferences } from './types';

type Tag = InvoicePreferences['invoiceTag'];
const SWITCHES: { key: Exclude<keyof Tag, 'custom'>; label: string }[] = [
  { key: 'shopify', label: '„shopify“' },
  { key: 'shop', label: 'Name des Shops' },
  { key: 'orderId', label: 'Bestellnummer' },
  { key: 'orderTags', label: 'Tags der Bestellung' },
];

/** #tags: which tags an invoice should carry. Kept even though Lexware's public API cannot take them. */
export function TagSection({ form, value }: { form: InvoiceForm; value: InvoicePreferences }) {
  const tag = value.invoiceTag;
  const save = (patch: Partial<Tag>) => form.save('tags', { invoiceTag: { ...tag, ...patch } });
  return (
    <Section
      id="tags"
      title="Tags an Rechnungen"
      description="Welche Tags eine Rechnung tragen soll."
      form={form}
      fields={['invoiceTag']}
    >
      <Banner tone="info">
        Die öffentliche Schnittstelle von Lexware Office kann Belegen keine Tags mitgeben. Belegfluss speichert deine
        Auswahl, überträgt sie aber nicht an Lexware Office.
      </Banner>
      <BlockStack gap="200">
        <InlineStack gap="400">
          {SWITCHES.map(({ key, label }) => (
            <Checkbox
              key={key}
              label={label}
              checked={tag[key]}
              disabled={form.busy}
              onChange={(on) => save({ [key]: on })}
            />
          ))}
        </InlineStack>
        <TagInput
          label="Eigene Tags"
          helpText="Komma oder Enter fügt hinzu."
          value={tag.custom}
          onChange={(custom) => save({ custom })}
          disabled={form.busy}
          error={form.error('invoiceTag.custom') ?? form.error('invoiceTag')}
        />
      </BlockStack>
    </Section>
  );
}
