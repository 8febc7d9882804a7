import {
  featureLockState,
  GatedFeature,
  LoadErrorBanner,
  shopQuery,
  type RemoteAppProps,
} from '@belegfluss/frontend-kit';
import {
  featureRequiredMessage,
  scopeText,
  VAT_ID_PLACES,
  type ContactPreferences,
  type VatIdPlace,
} from '@belegfluss/shared';
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  ChoiceList,
  Layout,
  Link,
  Page,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SaveNote } from '../form/SaveNote';
import { SavedTextField } from '../form/SavedTextField';
import { useSectionForm } from '../form/use-section-form';
import { TagInput } from '../mail/ListInputs';
import { EInvoiceArea } from './EInvoiceArea';
import { VatIdTestModal } from './VatIdTestModal';
import { VAT_ID_PLACE_LABELS } from './vat-id-check';

const TITLE = 'Kontakte';
const TEST_ACTION = 'test-vatid';
type AreaKey = 'create' | 'organise' | 'business' | 'vies' | 'einvoice';

/** "1,5" as 1.5; anything that is no number goes to the server as typed, which answers with its German message. */
const hoursInput = (text: string): number | string => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
};

/** /preferences/contacts: contact creation, what goes into a contact, business customers' VAT IDs. */
export function ContactsPage({ api, basePath, search, navigate }: RemoteAppProps) {
  const prefs = useSectionForm<ContactPreferences>(api, 'contacts');
  const shop = useQuery(shopQuery(api));
  const [tagMode, setTagMode] = useState<boolean>();
  const back = { content: 'Einstellungen', onAction: () => navigate(basePath) };
  const here = `${basePath}/contacts`;
  const testing = new URLSearchParams(search).get('action') === TEST_ACTION;

  if (prefs.query.isError) {
    return (
      <Page title={TITLE} backAction={back}>
        <LoadErrorBanner
          title="Die Kontakt-Einstellungen konnten nicht geladen werden"
          error={prefs.query.error}
          onRetry={() => void prefs.query.refetch()}
        />
      </Page>
    );
  }
  const value = prefs.value;
  if (!value)
    return (
      <Page title={TITLE} backAction={back}>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </Page>
    );

  const { busy } = prefs;
  // Each card shows the feedback of its own saves, where the merchant is looking.
  const saveIn = (area: AreaKey) => (change: Partial<ContactPreferences>) => prefs.save(area, change);
  const status = (area: AreaKey) => <SaveNote origin={area} feedback={prefs.feedback} failure={prefs.failure} />;
  const byTags = tagMode ?? value.contactCreate !== 'all';
  const tags = value.contactCreate === 'all' ? [] : value.contactCreate;
  const fieldError = (name: string) =>
    Object.entries(prefs.errors).find(([f]) => f === name || f.startsWith(`${name}.`))?.[1];
  const push = (name: keyof ContactPreferences & `contactPush${string}`, label: string, helpText: string) => (
    <Checkbox
      label={label}
      helpText={helpText}
      checked={value[name] as boolean}
      disabled={busy}
      error={fieldError(name)}
      onChange={(on) => saveIn('organise')({ [name]: on })}
    />
  );
  const companyScope = shop.data ? shop.data.scopes.includes('read_companies') : true;
  const plusIncluded = featureLockState(shop.data, 'shopifyPlus').kind !== 'feature';
  const togglePlace = (place: VatIdPlace, on: boolean) =>
    saveIn('business')({
      vatIdPlaces: VAT_ID_PLACES.filter((p) => (p === place ? on : value.vatIdPlaces.includes(p))),
    });

  return (
    <Page
      title={TITLE}
      subtitle="Wie Belegfluss deine Kunden als Kontakte in Lexware Office anlegt"
      backAction={back}
      secondaryActions={[
        { content: 'USt-IdNr.-Erkennung testen', onAction: () => navigate(`${here}?action=${TEST_ACTION}`) },
      ]}
    >
      <Layout>
        <Area
          title="Kontakterstellung"
          description="Für welche Kunden Belegfluss einen Kontakt anlegt oder aktualisiert. Ohne Kontakt trägt die Rechnung nur die Adresse der Bestellung."
        >
          <ChoiceList
            title="Kontakte anlegen für"
            disabled={busy}
            selected={[byTags ? 'tags' : 'all']}
            choices={[
              { label: 'Alle Kunden', value: 'all' },
              {
                label: 'Nur Kunden mit bestimmten Tags',
                value: 'tags',
                helpText: 'Der Tag kann an der Bestellung oder am Kunden stehen.',
              },
            ]}
            onChange={([choice]) => {
              setTagMode(choice === 'tags');
              if (choice === 'all') saveIn('create')({ contactCreate: 'all' });
              else if (tags.length > 0) saveIn('create')({ contactCreate: tags });
            }}
          />
          {byTags ? (
            <>
              <TagInput
                label="Tags für Kontakte"
                helpText="Komma oder Enter fügt einen Tag hinzu."
                value={tags}
                disabled={busy}
                error={fieldError('contactCreate')}
                onChange={(next) => saveIn('create')({ contactCreate: next })}
              />
              {tags.length === 0 ? (
                <Text as="p" tone="caution">
                  Füge mindestens einen Tag hinzu. Bis dahin gilt die gespeicherte Einstellung.
                </Text>
              ) : null}
            </>
          ) : null}
          {status('create')}
        </Area>
        <Area
          title="Organisieren"
          description="Welche Angaben aus Shopify Belegfluss in den Kontakt schreibt. Eine spätere Bestellung desselben Kunden aktualisiert den Kontakt."
        >
          {push(
            'contactPushEmail',
            'E-Mail-Adresse übertragen',
            'Auch die Suche nach einem bestehenden Kontakt läuft über die E-Mail-Adresse.',
          )}
          <GatedFeature api={api} feature="address">
            <BlockStack gap="200">
              {push(
                'contactPushPhone',
                'Telefonnummer übertragen',
                'Aus dem Kunden, der Rechnungsadresse oder der Bestellung.',
              )}
              {push(
                'contactPushShop',
                'Shop in der Kontaktnotiz',
                'Schreibt „Shop: deine Shop-Domain“ in die Notiz des Kontakts.',
              )}
              {push(
                'contactPushCustomer',
                'Shopify-Kundennummer in der Kontaktnotiz',
                'Schreibt „Shopify-Kunde: Nummer“ in die Notiz, damit du den Kunden in Shopify wiederfindest.',
              )}
              {push(
                'contactPushNote',
                'Kundennotiz übernehmen',
                'Die Notiz am Shopify-Kunden kommt in die Notiz des Kontakts.',
              )}
            </BlockStack>
          </GatedFeature>
          <SavedTextField
            label="Kontaktkategorie"
            value={value.contactCategory}
            placeholder="z. B. Onlineshop"
            helpText="Die öffentliche Schnittstelle von Lexware Office kennt keine Kontaktkategorie, nur die Rolle Kunde. Belegfluss speichert die Kategorie, überträgt sie aber nicht; in Lexware Office ordnest du sie selbst zu."
            disabled={busy}
            error={fieldError('contactCategory')}
            onCommit={(contactCategory) => saveIn('organise')({ contactCategory })}
          />
          {status('organise')}
        </Area>
        <Area
          title="Geschäftskunden"
          description="Findet Belegfluss eine gültige USt-IdNr., wird der Kontakt ein Unternehmen mit dieser USt-IdNr. Bei Lieferungen in ein anderes EU-Land ohne berechnete Steuer wird die Rechnung eine steuerfreie innergemeinschaftliche Lieferung."
        >
          <Text as="h2" variant="headingSm">
            USt-IdNr. suchen in
          </Text>
          <Text as="p" tone="subdued">
            In dieser Reihenfolge; eine USt-IdNr. aus dem Land der Rechnungsadresse hat Vorrang.
          </Text>
          {VAT_ID_PLACES.map((place) => (
            <Checkbox
              key={place}
              label={VAT_ID_PLACE_LABELS[place]}
              checked={value.vatIdPlaces.includes(place)}
              // Adding the B2B company location needs the Shopify Plus feature of the plan; taking it away never does.
              disabled={busy || (place === 'company-location' && !plusIncluded && !value.vatIdPlaces.includes(place))}
              helpText={
                place === 'company-location'
                  ? plusIncluded
                    ? 'Braucht Shopify Plus und die Berechtigung read_companies.'
                    : featureRequiredMessage('shopifyPlus')
                  : undefined
              }
              onChange={(on) => togglePlace(place, on)}
            />
          ))}
          {value.vatIdPlaces.includes('company-location') && !companyScope ? (
            <Banner tone="warning" title="Firmenstandorte können nicht gelesen werden">
              <p>
                Der App fehlt die Shopify-Berechtigung „{scopeText('read_companies')}“. Ohne sie bleibt diese Quelle
                leer.
              </p>
            </Banner>
          ) : null}
          {value.vatIdPlaces.length === 0 ? (
            <Text as="p" tone="caution">
              Ohne Quelle findet Belegfluss keine USt-IdNr.; steuerfreie EU-Lieferungen schlagen dann fehl.
            </Text>
          ) : null}
          <Text as="p" tone="subdued">
            Ob Geschäftskunden netto abgerechnet werden, stellst du unter{' '}
            <Link onClick={() => navigate(`${basePath}/invoices`)}>Rechnungen</Link> ein.
          </Text>
          {status('business')}
        </Area>
        <Area
          title="USt-IdNr.-Prüfung"
          description="Vor jeder steuerfreien innergemeinschaftlichen Lieferung prüft Belegfluss die USt-IdNr. des Kunden beim EU-Dienst VIES und hält Datum, Abfragenummer, Name und Anschrift im Protokoll der Bestellung fest (§ 18e UStG). Ist sie ungültig, wird die Rechnung mit 19 % Umsatzsteuer erstellt und du wirst benachrichtigt."
        >
          <SavedTextField
            label="Eigene USt-IdNr."
            helpText="Wird bei VIES als Anfragender angegeben; nur dann vergibt VIES eine Abfragenummer als Nachweis."
            placeholder="DE123456789"
            value={value.ownVatId}
            disabled={busy}
            error={fieldError('ownVatId')}
            onCommit={(v) => saveIn('vies')({ ownVatId: v })}
          />
          <SavedTextField
            label="Wartezeit, wenn VIES nicht erreichbar ist (Stunden)"
            helpText="So lange wartet die Rechnung und Belegfluss fragt regelmäßig erneut, wenn VIES oder der Dienst des Mitgliedstaats ausgefallen ist."
            type="number"
            min={0.01}
            max={720}
            value={String(value.viesWaitHours)}
            disabled={busy}
            error={fieldError('viesWaitHours')}
            onCommit={(v) => saveIn('vies')({ viesWaitHours: hoursInput(v) as number })}
          />
          <ChoiceList
            title="Nach der Wartezeit"
            disabled={busy}
            selected={[value.viesAfterWait]}
            choices={[
              { label: 'Rechnung mit 19 % Umsatzsteuer erstellen und mich benachrichtigen', value: 'withVat' },
              { label: 'Weiter auf VIES warten und mich benachrichtigen', value: 'keepWaiting' },
            ]}
            onChange={([choice]) => saveIn('vies')({ viesAfterWait: choice as ContactPreferences['viesAfterWait'] })}
          />
          {status('vies')}
        </Area>
        <Area
          title="E-Rechnung"
          description="XRechnung für öffentliche Auftraggeber mit Leitweg-ID und ZUGFeRD für Firmenkunden: Lexware Office erstellt sie, Belegfluss liefert die Angaben dazu."
        >
          <GatedFeature api={api} feature="eInvoice">
            <EInvoiceArea value={value} busy={busy} error={prefs.error} save={saveIn('einvoice')} />
          </GatedFeature>
          <Text as="p" tone="subdued">
            ZUGFeRD erstellt Lexware Office für Netto-Rechnungen an Firmenkunden. Ob Geschäftskunden netto abgerechnet
            werden, stellst du unter <Link onClick={() => navigate(`${basePath}/invoices`)}>Rechnungen</Link> ein.
          </Text>
          {status('einvoice')}
        </Area>
      </Layout>
      {testing ? <VatIdTestModal places={value.vatIdPlaces} onClose={() => navigate(here)} /> : null}
    </Page>
  );
}

/** One annotated settings area: its card is a region named like the area. */
function Area({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Layout.AnnotatedSection title={title} description={description}>
      <Card>
        <section aria-label={title}>
          <BlockStack gap="300">{children}</BlockStack>
        </section>
      </Card>
    </Layout.AnnotatedSection>
  );
}
