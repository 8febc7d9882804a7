import { isValidLeitwegId, LEITWEG_SOURCES, type ContactPreferences, type LeitwegSource } from '@belegfluss/shared';
import { BlockStack, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { SavedTextField } from '../form/SavedTextField';

const SOURCE_LABELS: Record<LeitwegSource, string> = {
  none: 'Keine (keine XRechnung)',
  'customer-metafield': 'Metafeld am Kunden',
  'company-metafield': 'Metafeld an der Firma (B2B, Shopify Plus)',
  'order-note': 'Bestellnotiz (z. B. „Leitweg-ID: 991-33333TEST-33“)',
  'note-attribute': 'Bestellattribut (Notizattribut)',
};

interface Props {
  value: ContactPreferences;
  busy: boolean;
  error: (field: string) => string | undefined;
  save: (change: Partial<ContactPreferences>) => void;
}

/**
 * The contact settings' e-invoice section: where the buyer's Leitweg-ID comes from (it goes into the
 * Lexware contact as xRechnung.buyerReference, so Lexware issues an XRechnung), our supplier number at the buyer,
 * and a format check of a Leitweg-ID. Whether B2B invoices go out net (Lexware then issues ZUGFeRD, EN 16931) is the
 * invoice format's one switch, not a second one here.
 */
export function EInvoiceArea({ value, busy, error, save }: Props) {
  const [probe, setProbe] = useState('');
  const source = value.leitwegSource;
  const probeState = probe.trim() === '' ? null : isValidLeitwegId(probe.trim());
  const incomplete =
    ((source === 'customer-metafield' || source === 'company-metafield') &&
      (!value.leitwegNamespace || !value.leitwegKey)) ||
    (source === 'note-attribute' && !value.leitwegAttribute) ||
    (source !== 'none' && !value.vendorNumberAtCustomer);
  return (
    <BlockStack gap="300">
      <Select
        label="Leitweg-ID des Käufers aus"
        options={LEITWEG_SOURCES.map((s) => ({ label: SOURCE_LABELS[s], value: s }))}
        value={source}
        disabled={busy}
        error={error('leitwegSource')}
        onChange={(next) => save({ leitwegSource: next as LeitwegSource })}
      />
      {source === 'customer-metafield' || source === 'company-metafield' ? (
        <InlineStack gap="200">
          <SavedTextField
            label="Namespace"
            value={value.leitwegNamespace}
            disabled={busy}
            error={error('leitwegNamespace')}
            onCommit={(v) => save({ leitwegNamespace: v })}
          />
          <SavedTextField
            label="Schlüssel"
            value={value.leitwegKey}
            disabled={busy}
            error={error('leitwegKey')}
            onCommit={(v) => save({ leitwegKey: v })}
          />
        </InlineStack>
      ) : null}
      {source === 'note-attribute' ? (
        <SavedTextField
          label="Name des Bestellattributs"
          value={value.leitwegAttribute}
          disabled={busy}
          error={error('leitwegAttribute')}
          onCommit={(v) => save({ leitwegAttribute: v })}
        />
      ) : null}
      {source !== 'none' ? (
        <SavedTextField
          label="Deine Lieferantennummer beim Käufer"
          helpText="Lexware Office verlangt sie zu jeder Leitweg-ID."
          value={value.vendorNumberAtCustomer}
          disabled={busy}
          error={error('vendorNumberAtCustomer')}
          onCommit={(v) => save({ vendorNumberAtCustomer: v })}
        />
      ) : null}
      {incomplete ? (
        <Text as="p" tone="caution">
          Die Angaben sind unvollständig. Bestellungen mit Leitweg-ID bekommen bis dahin keine Rechnung, der Grund steht
          im Protokoll.
        </Text>
      ) : null}
      <TextField
        label="Leitweg-ID prüfen"
        autoComplete="off"
        placeholder="991-33333TEST-33"
        helpText="Aufbau Grobadressierung-Feinadressierung-Prüfziffer; die Prüfziffer nach Modulo 97-10. Bestellungen mit ungültiger Leitweg-ID bekommen keine Rechnung."
        value={probe}
        onChange={setProbe}
        error={probeState === false ? 'Diese Leitweg-ID ist ungültig.' : undefined}
      />
      {probeState ? (
        <Text as="p" tone="success">
          Diese Leitweg-ID ist gültig.
        </Text>
      ) : null}
    </BlockStack>
  );
}
