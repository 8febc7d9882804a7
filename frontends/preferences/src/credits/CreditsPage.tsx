import { GatedFeature, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { CreditPreferencesSchema, LIMITS, templateGroupsFor, type CreditPreferences } from '@belegfluss/shared';
import { Banner, BlockStack, Checkbox, ChoiceList, FormLayout, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { ExpertModeCard, useExpertMode } from '../form/expert-mode';
import { checkField } from '../form/field-check';
import { PlaceholderPicker } from '../form/PlaceholderPicker';
import { PrintLayoutSelect } from '../form/PrintLayoutSelect';
import { SavedTextField, TEXT_MIN_ROWS } from '../form/SavedTextField';
import { SaveNote } from '../form/SaveNote';
import { SettingsBlock, settingsPageWaiting } from '../form/SettingsBlock';
import { TemplatePreview } from '../form/TemplatePreview';
import { UnitField } from '../form/UnitField';
import { useSectionForm } from '../form/use-section-form';
import { LinkWizard } from '../metafields/LinkWizard';
import { useLinkWizard } from '../metafields/use-link-wizard';
import { CreditMailSummary } from './CreditMailSummary';

type TextName =
  | 'creditLayoutTitle'
  | 'creditLayoutIntroduction'
  | 'creditLayoutRemark'
  | 'creditLayoutItemTitle'
  | 'creditLayoutItemDetail'
  | 'creditLayoutItemUnit';

const PLACES = [
  { label: 'Titel', value: 'title' },
  { label: 'Einleitung', value: 'introduction' },
  { label: 'Bemerkung', value: 'remark' },
];
const TEXTS = [
  {
    name: 'creditLayoutTitle',
    label: 'Titel',
    field: 'title',
    max: LIMITS.title,
    lines: 0,
    help: `Lexware Office zeigt nur die ersten ${LIMITS.lexwareTitleShown} Zeichen des Titels.`,
  },
  {
    name: 'creditLayoutIntroduction',
    label: 'Einleitung',
    field: 'introduction',
    max: LIMITS.introduction,
    lines: TEXT_MIN_ROWS,
    help: undefined,
  },
  {
    name: 'creditLayoutRemark',
    label: 'Bemerkung',
    field: 'remark',
    max: LIMITS.remark,
    lines: TEXT_MIN_ROWS,
    help: undefined,
  },
] as const;
const ITEM_TEXTS = [
  { name: 'creditLayoutItemTitle', label: 'Positionstitel', field: 'itemTitle', max: LIMITS.itemTitle, lines: 0 },
  {
    name: 'creditLayoutItemDetail',
    label: 'Positionsbeschreibung',
    field: 'itemDetail',
    max: LIMITS.detail,
    lines: TEXT_MIN_ROWS,
  },
] as const;
const fieldId = (name: TextName) => `credit-${name}`;
const pickable = (texts: readonly { name: TextName; label: string; field: string }[]) =>
  texts.map((t) => ({ id: fieldId(t.name), label: t.label, accepts: templateGroupsFor('credit', t.field) }));
const forcedText = (field: string) =>
  field === 'creditSendMailEnabled'
    ? 'Automatischer E-Mail-Versand ausgeschaltet: er braucht festgeschriebene Gutschriften.'
    : field === 'creditCreate'
      ? 'Gutschriften bleiben aus: sie brauchen die automatische Rechnungserstellung.'
      : undefined;

/** /preferences/credits: credit notes from refunds, their status, texts, item lines, linking and mail. */
export function CreditsPage({ api, basePath, search, navigate }: RemoteAppProps) {
  const form = useSectionForm<CreditPreferences>(api, 'credits');
  const automation = useSectionForm<{ invoiceCreate: boolean }>(api, 'automation');
  const expert = useExpertMode(api).value?.expertMode === true;
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const wizard = useLinkWizard({ search, navigate, here: `${basePath}/credits` });

  const back = { content: 'Einstellungen', onAction: () => navigate(basePath) };
  const value = form.value;
  const waiting = settingsPageWaiting({
    title: 'Gutschriften',
    back,
    queries: [form.query, automation.query],
    ready: Boolean(value && automation.value),
    errorTitle: 'Die Gutschrift-Einstellungen konnten nicht geladen werden',
  });
  if (waiting || !value || !automation.value) return waiting;

  const busy = form.busy;
  const invoicesOn = automation.value.invoiceCreate;
  const errorOf = (field: string) => checked[field] ?? form.error(field);
  /** Texts save when left, after the shared schema's check. */
  const commit = (origin: string, name: TextName) => (text: string) => {
    const problem = checkField(CreditPreferencesSchema, name, text);
    setChecked((c) => ({
      ...Object.fromEntries(Object.entries(c).filter(([f]) => f !== name)),
      ...(problem ? { [name]: problem } : {}),
    }));
    if (!problem) form.save(origin, { [name]: text });
  };
  const textProps = (origin: string, name: TextName) => ({
    value: value[name],
    onCommit: commit(origin, name),
    error: errorOf(name),
    disabled: busy,
  });
  const note = (origin: string, fields: string[] = []) => (
    <SaveNote
      origin={origin}
      feedback={form.feedback}
      failure={form.failure}
      forcedText={forcedText}
      errors={fields.filter((f) => errorOf(f))}
    />
  );

  return (
    <Page title="Gutschriften" subtitle="Gutschriften aus Erstattungen in Shopify" backAction={back}>
      <Layout>
        <SettingsBlock
          title="Erstellung"
          description="Jede Erstattung in Shopify wird eine Gutschrift in Lexware Office, verknüpft mit der Rechnung der Bestellung."
          note={note('create')}
        >
          {!invoicesOn ? (
            <Banner tone="warning" title="Rechnungserstellung ist aus">
              <p>Gutschriften brauchen die automatische Rechnungserstellung. Schalte sie unter Einstellungen ein.</p>
            </Banner>
          ) : null}
          <Checkbox
            label="Gutschriften automatisch erstellen"
            checked={value.creditCreate && invoicesOn}
            disabled={!invoicesOn || busy}
            onChange={(on) => form.save('create', { creditCreate: on })}
          />
          <Checkbox
            label="Rabatte als eigene Position ausweisen"
            helpText="Sonst ist der Rabatt im Preis der erstatteten Artikel verrechnet."
            checked={value.useDiscount}
            disabled={busy}
            onChange={(on) => form.save('create', { useDiscount: on })}
          />
        </SettingsBlock>
        {expert ? (
          <SettingsBlock
            title="Status"
            description="Festgeschriebene Gutschriften sind in Lexware Office abgeschlossen und können per E-Mail versendet werden."
            note={note('status')}
          >
            <ChoiceList
              title="Neue Gutschriften"
              choices={[
                { label: 'Festschreiben (finalisieren)', value: 'final' },
                {
                  label: 'Als Entwurf anlegen',
                  value: 'draft',
                  helpText:
                    'Du prüfst und schreibst sie in Lexware Office selbst fest. Der automatische E-Mail-Versand ist dann aus.',
                },
              ]}
              selected={[value.creditFinalize ? 'final' : 'draft']}
              disabled={busy}
              onChange={([choice]) => form.save('status', { creditFinalize: choice === 'final' })}
            />
          </SettingsBlock>
        ) : null}
        <SettingsBlock
          title="Texte"
          description="Platzhalter wie {ORDER.NAME} werden für jede Bestellung ersetzt. Gespeichert wird, sobald du ein Feld verlässt."
          note={note('texts', [...TEXTS.map((t) => t.name), 'creditLayoutPrintLayout'])}
        >
          <FormLayout>
            {TEXTS.map((t) => (
              <BlockStack key={t.name} gap="100">
                <SavedTextField
                  id={fieldId(t.name)}
                  label={t.label}
                  helpText={t.help}
                  maxLength={t.max}
                  multiline={t.lines || undefined}
                  showCharacterCount={t.lines > 0}
                  onDraft={(text) => setDrafts((d) => ({ ...d, [t.name]: text }))}
                  {...textProps('texts', t.name)}
                />
                <TemplatePreview api={api} type="credit" field={t.field} value={drafts[t.name] ?? value[t.name]} />
              </BlockStack>
            ))}
            <PrintLayoutSelect
              api={api}
              value={value.creditLayoutPrintLayout}
              disabled={busy}
              error={errorOf('creditLayoutPrintLayout')}
              onChange={(id) => form.save('texts', { creditLayoutPrintLayout: id })}
            />
          </FormLayout>
          <PlaceholderPicker api={api} id="credit-text-placeholders" fields={pickable(TEXTS)} />
        </SettingsBlock>
        {expert ? (
          <SettingsBlock
            title="Verknüpfung"
            description="Wo die Gutschrift auf ihre Bestellung verweist (Bestellnummer)."
            note={note('link', ['creditReferencePlaces'])}
          >
            <ChoiceList
              title="Bestellbezug einfügen in"
              allowMultiple
              choices={PLACES}
              selected={value.creditReferencePlaces}
              disabled={busy}
              onChange={(places) => form.save('link', { creditReferencePlaces: places })}
              error={form.error('creditReferencePlaces')}
            />
          </SettingsBlock>
        ) : null}
        {expert ? (
          <SettingsBlock
            title="Positionen"
            description="So stehen die erstatteten Artikel auf der Gutschrift, z. B. {ORDER_ITEM.TITLE} oder {ORDER_ITEM.SKU}."
            note={note('items', ['creditLayoutItemTitle', 'creditLayoutItemDetail', 'creditLayoutItemUnit'])}
          >
            <FormLayout>
              {ITEM_TEXTS.map((t) => (
                <BlockStack key={t.name} gap="100">
                  <SavedTextField
                    id={fieldId(t.name)}
                    label={t.label}
                    multiline={t.lines || undefined}
                    maxLength={t.max}
                    onDraft={(text) => setDrafts((d) => ({ ...d, [t.name]: text }))}
                    {...textProps('items', t.name)}
                  />
                  <TemplatePreview api={api} type="credit" field={t.field} value={drafts[t.name] ?? value[t.name]} />
                </BlockStack>
              ))}
              <UnitField
                label="Einheit"
                value={value.creditLayoutItemUnit}
                onCommit={commit('items', 'creditLayoutItemUnit')}
                error={errorOf('creditLayoutItemUnit')}
                disabled={busy}
              />
            </FormLayout>
            <PlaceholderPicker api={api} id="credit-item-placeholders" fields={pickable(ITEM_TEXTS)} />
          </SettingsBlock>
        ) : null}
        <Layout.AnnotatedSection
          title="E-Mail-Versand"
          description="Automatischer Versand jeder neuen Gutschrift mit ihrem PDF, mit Ausnahmen nach Tags und Bestellquellen."
        >
          <GatedFeature api={api} feature="emails">
            <CreditMailSummary value={value} onEdit={() => navigate(`${basePath}/mail`)} onEmbedLink={wizard.show} />
          </GatedFeature>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection title="Expertenmodus">
          <ExpertModeCard api={api} reveals="Status der Gutschriften, Positionen, Verknüpfung und den Bestellfilter" />
        </Layout.AnnotatedSection>
      </Layout>
      <LinkWizard api={api} open={wizard.open} onClose={wizard.close} />
    </Page>
  );
}
