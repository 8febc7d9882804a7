import { KNOWN_GATEWAYS } from '@belegfluss/shared';
import { BlockStack, Checkbox, ChoiceList, InlineStack, Select, Text } from '@shopify/polaris';
import { SavedTextField } from '../form/SavedTextField';
import { TagInput } from '../mail/ListInputs';
import { Section } from './Section';
import type { InvoiceForm, InvoicePreferences } from './types';
import { EVENTS, gatewayName } from './words';

const today = () => new Date().toISOString().slice(0, 10);
type Position = 'off' | 'on' | 'cutoff';
const positionOf = (create: InvoicePreferences['invoiceCreate']): Position =>
  create === false ? 'off' : create === true ? 'on' : 'cutoff';

/** #create: the three-position creation switch, the event that triggers an invoice and its gateway exceptions. */
export function CreateSection({ form, value }: { form: InvoiceForm; value: InvoicePreferences }) {
  const position = positionOf(value.invoiceCreate);
  const save = (patch: Partial<InvoicePreferences>) => form.save('create', patch);
  const choose = (next: Position) => save({ invoiceCreate: next === 'off' ? false : next === 'on' ? true : today() });
  const gateways = [...new Set([...KNOWN_GATEWAYS, ...value.invoiceEventExceptions])];
  return (
    <Section
      id="create"
      title="Rechnungen erstellen"
      description="Ob und wann Belegfluss für eine Bestellung eine Rechnung in Lexware Office erstellt."
      form={form}
      fields={['invoiceCreate', 'skipTags', 'invoiceEvent', 'invoiceEventExceptions']}
    >
      <ChoiceList
        title="Rechnungserstellung"
        choices={[
          {
            label: 'Aus',
            value: 'off',
            helpText: 'Belegfluss erstellt keine Rechnungen (und damit auch keine Gutschriften und Umsätze).',
          },
          { label: 'Ein, für neue Bestellungen ab der Installation', value: 'on' },
          {
            label: 'Ein, für Bestellungen ab einem Stichtag',
            value: 'cutoff',
            helpText: 'Ältere Bestellungen bekommen keine Rechnung.',
          },
        ]}
        selected={[position]}
        disabled={form.busy}
        onChange={([next]) => next && next !== position && choose(next as Position)}
      />
      {position === 'cutoff' ? (
        <InlineStack>
          <SavedTextField
            label="Stichtag"
            type="date"
            value={String(value.invoiceCreate)}
            disabled={form.busy}
            error={form.error('invoiceCreate')}
            onCommit={(day) => save({ invoiceCreate: day })}
          />
        </InlineStack>
      ) : null}
      {position !== 'off' ? (
        <>
          <TagInput
            label="Ausgeschlossene Tags"
            helpText="Bestellungen mit einem dieser Tags bekommen keine Rechnung. Komma oder Enter fügt hinzu."
            value={value.skipTags}
            onChange={(skipTags) => save({ skipTags })}
            disabled={form.busy}
            error={form.error('skipTags')}
          />
          <Select
            label="Rechnung erstellen, wenn die Bestellung …"
            options={EVENTS.map((e) => ({ ...e }))}
            value={value.invoiceEvent}
            disabled={form.busy}
            error={form.error('invoiceEvent')}
            onChange={(invoiceEvent) => save({ invoiceEvent: invoiceEvent as InvoicePreferences['invoiceEvent'] })}
          />
          {value.invoiceEvent !== 'created' ? (
            <BlockStack gap="100">
              <Text as="p">Ausnahmen: bei diesen Zahlungsarten sofort bei Bestellung erstellen</Text>
              <InlineStack gap="400">
                {gateways.map((id) => (
                  <Checkbox
                    key={id}
                    label={gatewayName(id)}
                    checked={value.invoiceEventExceptions.includes(id)}
                    disabled={form.busy}
                    onChange={(on) =>
                      save({
                        invoiceEventExceptions: on
                          ? [...value.invoiceEventExceptions, id]
                          : value.invoiceEventExceptions.filter((g) => g !== id),
                      })
                    }
                  />
                ))}
              </InlineStack>
            </BlockStack>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

/** #status: finalise at creation or leave a draft, and from which order event on an invoice is finalised. */
export function StatusSection({ form, value }: { form: InvoiceForm; value: InvoicePreferences }) {
  const early = value.invoiceEvent === 'created' || value.invoiceEvent === 'paid';
  return (
    <Section
      id="status"
      title="Status"
      form={form}
      fields={['invoiceFinalize', 'invoiceEnshrine', 'invoiceCorrection']}
    >
      <ChoiceList
        title="Neue Rechnungen"
        titleHidden
        choices={[
          {
            label: 'Bei Erstellung festschreiben (finalisieren)',
            value: 'final',
            helpText:
              'Festgeschriebene Rechnungen lassen sich nicht mehr ändern. Nur sie können per E-Mail versendet werden.',
          },
          {
            label: 'Als Entwurf anlegen',
            value: 'draft',
            helpText:
              'Du prüfst und schreibst jede Rechnung selbst in Lexware Office fest. Der automatische E-Mail-Versand ist dann aus.',
          },
        ]}
        selected={[value.invoiceFinalize ? 'final' : 'draft']}
        disabled={form.busy}
        onChange={([next]) => form.save('status', { invoiceFinalize: next === 'final' })}
      />
      {value.invoiceFinalize ? (
        <Select
          label="Festschreiben, wenn die Bestellung bei Erstellung schon …"
          options={EVENTS.map((e) => ({
            ...e,
            disabled: early && (e.value === 'fulfilled' || e.value === 'completed'),
          }))}
          value={value.invoiceEnshrine}
          helpText={
            early
              ? 'Bei „erstellt“ oder „bezahlt“ steht der Versand bei Erstellung noch nicht fest.'
              : 'Lexware Office schreibt eine Rechnung nur bei ihrer Erstellung fest. Ist die Bestellung dann noch nicht so weit, bleibt die Rechnung ein Entwurf, den du in Lexware Office festschreibst.'
          }
          disabled={form.busy}
          error={form.error('invoiceEnshrine')}
          onChange={(e) => form.save('status', { invoiceEnshrine: e as InvoicePreferences['invoiceEnshrine'] })}
        />
      ) : null}
      <ChoiceList
        title="Wird eine Bestellung nach ihrer festgeschriebenen Rechnung geändert …"
        choices={[
          {
            label: 'Differenz',
            value: 'difference',
            helpText:
              'Für entfernte Artikel oder einen niedrigeren Preis eine Gutschrift zur Rechnung, für hinzugekommene Artikel oder Versand eine Nachtragsrechnung. Die Rechnung bleibt gültig.',
          },
          {
            label: 'Storno und neue Rechnung',
            value: 'reissue',
            helpText:
              'Die Rechnung wird mit einer Gutschrift über alles storniert, eine neue Rechnung zeigt die Bestellung, wie sie jetzt ist.',
          },
        ]}
        selected={[value.invoiceCorrection]}
        disabled={form.busy}
        error={form.error('invoiceCorrection')}
        onChange={([next]) =>
          form.save('status', { invoiceCorrection: next as InvoicePreferences['invoiceCorrection'] })
        }
      />
    </Section>
  );
}
