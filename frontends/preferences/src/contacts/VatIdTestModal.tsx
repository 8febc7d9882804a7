import { EU_COUNTRIES, type VatIdPlace } from '@belegfluss/shared';
import { Banner, BlockStack, FormLayout, Modal, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { checkVatIds, EMPTY_SAMPLE, invalidFormatMessage, VAT_ID_PLACE_LABELS, type VatIdSample } from './vat-id-check';

const regionName = new Intl.DisplayNames(['de'], { type: 'region' });
const COUNTRY_OPTIONS = [...EU_COUNTRIES]
  .map((code) => ({ value: code, label: `${regionName.of(code) ?? code} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label, 'de'));

/**
 * `?action=test-vatid`: the merchant pastes what a customer wrote and sees the VAT ID
 * the worker would find with the saved sources — the same `findVatId`, so the two never disagree.
 */
export function VatIdTestModal({ places, onClose }: { places: readonly VatIdPlace[]; onClose: () => void }) {
  const [sample, setSample] = useState<VatIdSample>(EMPTY_SAMPLE);
  const field = (name: Exclude<keyof VatIdSample, 'country'>) => ({
    value: sample[name],
    onChange: (v: string) => setSample({ ...sample, [name]: v }),
    autoComplete: 'off',
  });
  const result = checkVatIds(sample, places);
  const empty = !sample.note && !sample.attribute && !sample.company && !sample.companyLocation;

  return (
    <Modal
      open
      onClose={onClose}
      title="USt-IdNr.-Erkennung testen"
      secondaryActions={[{ content: 'Fertig', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <Text as="p">
            Füge ein, was ein Kunde geschrieben hat. Belegfluss sucht mit den gespeicherten Quellen genau so wie bei
            einer echten Bestellung.
          </Text>
          <FormLayout>
            <TextField label="Bestellnotiz" multiline={2} placeholder="USt-IdNr: ATU12345678" {...field('note')} />
            <TextField label="Zusätzliche Bestellangabe (Notizattribut)" {...field('attribute')} />
            <FormLayout.Group>
              <TextField label="Firma (Rechnungsadresse)" {...field('company')} />
              <Select
                label="Land der Rechnungsadresse"
                options={COUNTRY_OPTIONS}
                value={sample.country}
                onChange={(country) => setSample({ ...sample, country })}
              />
            </FormLayout.Group>
            <TextField label="USt-IdNr. des Firmenstandorts (Shopify B2B)" {...field('companyLocation')} />
          </FormLayout>
          <section aria-label="Ergebnis" aria-live="polite">
            <BlockStack gap="200">
              {result.found ? (
                <Banner tone="success" title={`Gefunden: ${result.found.vatId}`}>
                  <BlockStack gap="100">
                    <p>{`Quelle: ${VAT_ID_PLACE_LABELS[result.found.place]} · Land: ${regionName.of(result.found.country) ?? result.found.country} · Format gültig`}</p>
                    {result.domestic ? (
                      <p>
                        Eine deutsche USt-IdNr. macht eine Lieferung nicht steuerfrei; der Kontakt wird trotzdem ein
                        Unternehmen.
                      </p>
                    ) : null}
                    {result.found.country !== sample.country ? (
                      <p>{`Die USt-IdNr. stammt nicht aus dem Land der Rechnungsadresse (${sample.country}).`}</p>
                    ) : null}
                  </BlockStack>
                </Banner>
              ) : result.offPlace ? (
                <Banner tone="warning" title="In den gewählten Quellen nicht gefunden">
                  <p>{`${result.offPlace.vatId} steht in „${VAT_ID_PLACE_LABELS[result.offPlace.place]}“, diese Quelle ist aber ausgeschaltet.`}</p>
                </Banner>
              ) : empty ? (
                <Text as="p" tone="subdued">
                  Noch kein Text: Gib zum Beispiel „USt-IdNr: ATU12345678“ in die Bestellnotiz ein.
                </Text>
              ) : (
                <Banner tone="info" title="Keine USt-IdNr. gefunden">
                  <p>
                    Ohne USt-IdNr. wird der Kontakt eine Privatperson (oder ein Unternehmen, wenn die Rechnungsadresse
                    eine Firma nennt).
                  </p>
                </Banner>
              )}
              {result.invalid.map((candidate) => (
                <Text key={candidate} as="p" tone="critical">
                  {invalidFormatMessage(candidate)}
                </Text>
              ))}
              <Text as="p" tone="subdued">
                Geprüft wird das Format des Landes, nicht ob die Nummer beim Bundeszentralamt für Steuern registriert
                ist.
              </Text>
            </BlockStack>
          </section>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
