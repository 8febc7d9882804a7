import { GatedFeature, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { MESSAGES, type OrderHandlingPreferences } from '@belegfluss/shared';
import { Banner, Checkbox, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { ExpertModeCard, useExpertMode } from '../form/expert-mode';
import { SavedTextField } from '../form/SavedTextField';
import { SaveNote } from '../form/SaveNote';
import { SettingsBlock, settingsPageWaiting } from '../form/SettingsBlock';
import { useSectionForm } from '../form/use-section-form';

/** "Orders with tips may not be processable if the tip tax fix is off." */
export const TIP_WARNING =
  'Bestellungen mit Trinkgeld können ohne die Trinkgeld-Korrektur möglicherweise nicht verarbeitet werden.';

/** The order-handling page: order filter (expert mode), tax corrections, payment status. */
export function OrdersPage({ api, basePath, navigate }: RemoteAppProps) {
  const form = useSectionForm<OrderHandlingPreferences>(api, 'orderHandling');
  const expert = useExpertMode(api).value?.expertMode === true;
  const [posError, setPosError] = useState<string>();
  const back = { content: 'Einstellungen', onAction: () => navigate(basePath) };
  const value = form.value;
  const waiting = settingsPageWaiting({
    title: 'Bestellungen',
    back,
    queries: [form.query],
    ready: Boolean(value),
    errorTitle: 'Die Einstellungen zur Bestellverarbeitung konnten nicht geladen werden',
  });
  if (waiting || !value) return waiting;
  const busy = form.busy;
  const flag = (
    origin: string,
    field: 'fixTaxTip' | 'fixTaxShipping' | 'skipPos' | 'skipFree' | 'syncOrderPayment' | 'deliveryNoteCreate',
    label: string,
    helpText: string,
  ) => (
    <Checkbox
      label={label}
      helpText={helpText}
      checked={value[field]}
      disabled={busy}
      onChange={(on) => form.save(origin, { [field]: on })}
    />
  );
  const savePosName = (name: string) => {
    // The shared schema only says min(1); the spec's words for an empty field are these.
    const problem = name.trim() === '' ? MESSAGES.notEmpty : undefined;
    setPosError(problem);
    if (!problem) form.save('filter', { posName: name.trim() });
  };
  const posNameError = posError ?? form.error('posName');
  const note = (origin: string, errors: string[] = []) => (
    <SaveNote origin={origin} feedback={form.feedback} failure={form.failure} errors={errors} />
  );

  return (
    <Page
      title="Bestellungen"
      subtitle="Welche Bestellungen verarbeitet werden, Steuerkorrekturen und Zahlungsstatus"
      backAction={back}
    >
      <Layout>
        <SettingsBlock
          title="Steuerkorrekturen"
          description="Wie Trinkgeld und Versand auf Rechnungen und Gutschriften versteuert werden."
          note={note('tax')}
        >
          {flag(
            'tax',
            'fixTaxTip',
            'Trinkgeld mit dem Regelsteuersatz versteuern',
            'Shopify führt Trinkgeld mit 0 %. Trinkgeld an dein Unternehmen ist aber steuerpflichtiger Umsatz.',
          )}
          {!value.fixTaxTip ? (
            <Banner tone="warning">
              <p>{TIP_WARNING}</p>
            </Banner>
          ) : null}
          {flag(
            'tax',
            'fixTaxShipping',
            'Versandkosten anteilig nach den Steuersätzen der Artikel versteuern',
            'Versand als Nebenleistung: aufgeteilt nach den Steuersätzen der Artikel statt mit dem einen Satz aus Shopify.',
          )}
        </SettingsBlock>
        <SettingsBlock
          title="Zahlungsstatus"
          description="Zahlungen, die in Lexware Office eingehen, zurück nach Shopify melden."
          note={note('payment')}
        >
          <GatedFeature api={api} feature="orderSync">
            {flag(
              'payment',
              'syncOrderPayment',
              'Bestellung in Shopify als bezahlt markieren',
              'Sobald die Rechnung in Lexware Office als bezahlt gilt, markiert Belegfluss die Bestellung in Shopify als bezahlt.',
            )}
          </GatedFeature>
        </SettingsBlock>
        <SettingsBlock
          title="Lieferscheine"
          description="Für jede Sendung, die in Shopify als versendet gilt, einen Lieferschein in Lexware Office anlegen."
          note={note('delivery')}
        >
          <div id="delivery-notes">
            {flag(
              'delivery',
              'deliveryNoteCreate',
              'Lieferscheine für versendete Artikel erstellen',
              'Jede Teillieferung bekommt einen eigenen Lieferschein mit genau ihren Artikeln und Mengen. Lieferscheine verbrauchen keine Übertragungen.',
            )}
          </div>
        </SettingsBlock>
        {expert ? (
          <SettingsBlock
            title="Bestellfilter"
            description="Welche Bestellungen Belegfluss überspringt: für sie entstehen weder Rechnung noch Gutschrift."
            note={note('filter', posNameError ? ['posName'] : [])}
          >
            {flag(
              'filter',
              'skipPos',
              'Kassenbestellungen (POS) überspringen',
              'Verkäufe an der Ladenkasse bekommen ihren Beleg meist schon an der Kasse.',
            )}
            <SavedTextField
              label="Bestellquelle der Kassenbestellungen"
              helpText="Der Wert von source_name in Shopify, der eine Kassenbestellung kennzeichnet."
              value={value.posName}
              onCommit={savePosName}
              error={posNameError}
              disabled={busy || !value.skipPos}
            />
            {flag(
              'filter',
              'skipFree',
              'Kostenlose Bestellungen überspringen',
              'Bestellungen mit einem Gesamtbetrag von 0 € bekommen keine Rechnung.',
            )}
          </SettingsBlock>
        ) : null}
        <Layout.AnnotatedSection title="Expertenmodus">
          <ExpertModeCard
            api={api}
            reveals="den Bestellfilter sowie Status, Positionen und Verknüpfung der Gutschriften"
          />
        </Layout.AnnotatedSection>
      </Layout>
    </Page>
  );
}
