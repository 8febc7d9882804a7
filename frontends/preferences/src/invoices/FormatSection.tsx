import { LIMITS } from '@belegfluss/shared';
import { BlockStack, Checkbox, FormLayout, Text } from '@shopify/polaris';
import { SavedTextField } from '../form/SavedTextField';
import { UnitField } from '../form/UnitField';
import { TagInput } from '../mail/ListInputs';
import { Section } from './Section';
import type { InvoiceForm, InvoicePreferences } from './types';

type Layout = InvoicePreferences['invoiceLayout'];

/** Net or gross, discounts, free shipping, units and article numbers on the invoice lines. */
export function FormatSection({ form, value }: { form: InvoiceForm; value: InvoicePreferences }) {
  const save = (patch: Partial<InvoicePreferences>) => form.save('format', patch);
  const layout = (change: Partial<Layout>) =>
    form.save(
      'format',
      { invoiceLayout: change },
      Object.keys(change).map((k) => `invoiceLayout.${k}`),
    );
  const unit = (name: 'discountUnit' | 'shippingUnit', label: string) => (
    <SavedTextField
      label={label}
      value={value.invoiceLayout[name]}
      maxLength={LIMITS.unit}
      disabled={form.busy}
      error={form.error(`invoiceLayout.${name}`)}
      onCommit={(text) => layout({ [name]: text })}
    />
  );
  return (
    <Section
      id="format"
      title="Format"
      description="Wie die Positionen auf der Rechnung stehen."
      form={form}
      fields={[
        'asNet',
        'b2bAsNet',
        'tagsAsNet',
        'useDiscount',
        'invoiceLayout.shippingShowFree',
        'invoiceLayout.itemUnit',
        'invoiceLayout.discountUnit',
        'invoiceLayout.shippingUnit',
        'invoiceLayout.include',
      ]}
    >
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Netto oder brutto
        </Text>
        <Checkbox
          label="Alle Rechnungen als Nettorechnung"
          helpText="Ohne Haken sind die Preise brutto, wie im Shop."
          checked={value.asNet}
          disabled={form.busy}
          onChange={(asNet) => save({ asNet })}
        />
        <Checkbox
          label="Geschäftskunden netto abrechnen"
          helpText="Für Bestellungen mit Firma oder USt-IdNr. Ist die E-Rechnung in deinem Lexware-Konto eingeschaltet, erstellt Lexware Office diese Rechnungen als ZUGFeRD (EN 16931)."
          checked={value.b2bAsNet}
          disabled={form.busy || value.asNet}
          onChange={(b2bAsNet) => save({ b2bAsNet })}
        />
        <TagInput
          label="Netto bei Tags"
          helpText="Bestellungen mit einem dieser Tags werden netto abgerechnet. Komma oder Enter fügt hinzu."
          value={value.tagsAsNet}
          onChange={(tagsAsNet) => save({ tagsAsNet })}
          disabled={form.busy || value.asNet}
          error={form.error('tagsAsNet')}
        />
      </BlockStack>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Positionen
        </Text>
        <Checkbox
          label="Rabatte als eigene Position"
          helpText="Ohne Haken sind die Preise der Artikel schon reduziert."
          checked={value.useDiscount}
          disabled={form.busy}
          onChange={(useDiscount) => save({ useDiscount })}
        />
        <Checkbox
          label="Kostenlosen Versand als Position mit 0,00 € zeigen"
          checked={value.invoiceLayout.shippingShowFree}
          disabled={form.busy}
          onChange={(shippingShowFree) => layout({ shippingShowFree })}
        />
        <Checkbox
          label="Artikelnummer (SKU) zeigen"
          checked={value.invoiceLayout.include.sku}
          disabled={form.busy}
          onChange={(sku) => layout({ include: { ...value.invoiceLayout.include, sku } })}
        />
        <Checkbox
          label="GTIN (EAN) zeigen"
          checked={value.invoiceLayout.include.gtin}
          disabled={form.busy}
          onChange={(gtin) => layout({ include: { ...value.invoiceLayout.include, gtin } })}
        />
      </BlockStack>
      <FormLayout>
        <FormLayout.Group condensed>
          <UnitField
            label="Einheit der Artikel"
            value={value.invoiceLayout.itemUnit}
            disabled={form.busy}
            error={form.error('invoiceLayout.itemUnit')}
            onCommit={(itemUnit) => layout({ itemUnit })}
          />
          {unit('discountUnit', 'Einheit der Rabatte')}
          {unit('shippingUnit', 'Einheit des Versands')}
        </FormLayout.Group>
      </FormLayout>
    </Section>
  );
}
