import { DeliveryDateSchema } from '@belegfluss/shared';
import { BlockStack, ChoiceList, InlineGrid, Select, Text } from '@shopify/polaris';
import { SavedTextField } from '../form/SavedTextField';
import { Section } from './Section';
import type { DeliveryDate, InvoiceForm, InvoicePreferences } from './types';
import { DATE_EVENTS, DELIVERY_TYPES, DUE_STARTS, MODIFY, UNITS } from './words';

const EARLY_EVENT =
  'Wird die Rechnung bei „erstellt“ oder „bezahlt“ erstellt, steht der Versand noch nicht fest: der Server setzt dann das Bestelldatum.';
const options = (list: readonly { value: string; label: string }[]) => list.map((o) => ({ ...o }));

/** The invoice date (order or fulfilment date) and from when the payment term runs. */
export function DateSection({ form, value }: { form: InvoiceForm; value: InvoicePreferences }) {
  const early = value.invoiceEvent === 'created' || value.invoiceEvent === 'paid';
  return (
    <Section id="date" title="Rechnungsdatum" form={form} fields={['invoiceDate', 'invoiceDue']}>
      <Select
        label="Rechnungsdatum"
        options={options(DATE_EVENTS)}
        value={value.invoiceDate}
        helpText={early ? EARLY_EVENT : undefined}
        disabled={form.busy}
        error={form.error('invoiceDate')}
        onChange={(invoiceDate) => form.save('date', { invoiceDate: invoiceDate as InvoicePreferences['invoiceDate'] })}
      />
      <Select
        label="Zahlungsziel beginnt mit …"
        options={DUE_STARTS.map((o) => ({ ...o, disabled: early && o.value === 'fulfilled' }))}
        value={value.invoiceDue}
        helpText={
          early
            ? EARLY_EVENT
            : 'Ab dem Versand: Lexware Office setzt das Fälligkeitsdatum auf den Versandtag. Sonst gilt deine Zahlungsbedingung aus Lexware Office ab dem Rechnungsdatum.'
        }
        disabled={form.busy}
        error={form.error('invoiceDue')}
        onChange={(invoiceDue) => form.save('date', { invoiceDue: invoiceDue as InvoicePreferences['invoiceDue'] })}
      />
    </Section>
  );
}

type Mode = 'created' | 'fulfilled' | 'span';
const SPAN_END: DeliveryDate = DeliveryDateSchema.parse({ event: 'fulfilled' });

/** The delivery date: order date, fulfilment date or a span, each moved by an offset; and the kind of supply. */
export function DeliveryDateSection({ form, value }: { form: InvoiceForm; value: InvoicePreferences }) {
  const mode: Mode = value.invoiceDeliveryDate1 ? 'span' : value.invoiceDeliveryDate0.event;
  const save = (patch: Partial<InvoicePreferences>) => form.save('delivery', patch);
  const choose = (next: Mode) => {
    if (next === 'span') save({ invoiceDeliveryDate1: value.invoiceDeliveryDate1 ?? SPAN_END });
    else save({ invoiceDeliveryDate0: { ...value.invoiceDeliveryDate0, event: next }, invoiceDeliveryDate1: null });
  };
  const early = value.invoiceEvent === 'created' || value.invoiceEvent === 'paid';
  return (
    <Section
      id="delivery"
      title="Liefer- und Leistungsdatum"
      description="Das Datum, das Lexware Office als Liefer- oder Leistungsdatum auf die Rechnung druckt."
      form={form}
      fields={['invoiceDeliveryType', 'invoiceDeliveryDate0', 'invoiceDeliveryDate1']}
    >
      <Select
        label="Art der Leistung"
        options={options(DELIVERY_TYPES)}
        value={value.invoiceDeliveryType}
        disabled={form.busy}
        error={form.error('invoiceDeliveryType')}
        onChange={(t) => save({ invoiceDeliveryType: t as InvoicePreferences['invoiceDeliveryType'] })}
      />
      <ChoiceList
        title="Datum"
        choices={[
          { label: 'Bestelldatum', value: 'created' },
          { label: 'Versanddatum', value: 'fulfilled', helpText: early ? EARLY_EVENT : undefined },
          { label: 'Zeitraum (Beginn und Ende)', value: 'span' },
        ]}
        selected={[mode]}
        disabled={form.busy}
        onChange={([next]) => next && next !== mode && choose(next as Mode)}
      />
      <DateRow
        label={mode === 'span' ? 'Beginn' : 'Datum'}
        field="invoiceDeliveryDate0"
        date={value.invoiceDeliveryDate0}
        form={form}
        withEvent={mode === 'span'}
      />
      {value.invoiceDeliveryDate1 ? (
        <DateRow label="Ende" field="invoiceDeliveryDate1" date={value.invoiceDeliveryDate1} form={form} withEvent />
      ) : null}
    </Section>
  );
}

/** One date of the delivery date: its event (in a span), and how far it moves. */
function DateRow({
  label,
  field,
  date,
  form,
  withEvent,
}: {
  label: string;
  field: 'invoiceDeliveryDate0' | 'invoiceDeliveryDate1';
  date: DeliveryDate;
  form: InvoiceForm;
  withEvent: boolean;
}) {
  const save = (change: Partial<Record<keyof DeliveryDate, unknown>>) =>
    form.save('delivery', { [field]: { ...date, ...change } }, [field]);
  const offset = (text: string) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {label}
      </Text>
      <InlineGrid columns={withEvent ? 4 : 3} gap="200">
        {withEvent ? (
          <Select
            label={`${label}: Ereignis`}
            options={options(DATE_EVENTS)}
            value={date.event}
            disabled={form.busy}
            error={form.error(`${field}.event`)}
            onChange={(event) => save({ event })}
          />
        ) : null}
        <Select
          label={`${label}: Verschiebung`}
          options={options(MODIFY)}
          value={date.modify}
          disabled={form.busy}
          error={form.error(`${field}.modify`)}
          onChange={(modify) => save({ modify })}
        />
        <SavedTextField
          label={`${label}: Anzahl`}
          type="number"
          min={0}
          value={String(date.offset)}
          disabled={form.busy || date.modify === 'none'}
          error={form.error(`${field}.offset`)}
          onCommit={(text) => save({ offset: offset(text) })}
        />
        <Select
          label={`${label}: Einheit`}
          options={options(UNITS)}
          value={date.unit}
          disabled={form.busy || date.modify === 'none'}
          error={form.error(`${field}.unit`)}
          onChange={(unit) => save({ unit })}
        />
      </InlineGrid>
    </BlockStack>
  );
}
