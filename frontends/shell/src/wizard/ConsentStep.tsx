import { Banner, BlockStack, Button, Checkbox, InlineStack, Link, Text } from '@shopify/polaris';

export interface Consent {
  terms: boolean;
  liability: boolean;
}
export const NO_CONSENT: Consent = { terms: false, liability: false };
export const consented = ({ terms, liability }: Consent) => terms && liability;

interface Props {
  /** Held by the wizard, so the ticks survive the account-opening dialog. */
  consent: Consent;
  onConsent: (consent: Consent) => void;
  onNext: () => void;
  onOpenAccount: () => void;
  accountOpened: boolean;
}

/** Step 0: both boxes must be ticked before connecting; a merchant without an account opens one first. */
export function ConsentStep({ consent, onConsent, onNext, onOpenAccount, accountOpened }: Props) {
  const { terms, liability } = consent;
  const setTerms = (value: boolean) => onConsent({ ...consent, terms: value });
  const setLiability = (value: boolean) => onConsent({ ...consent, liability: value });
  return (
    <BlockStack gap="400">
      {accountOpened ? (
        <Banner tone="success" title="Dein Lexware-Office-Konto ist eröffnet">
          <p>Bestätige noch die beiden Punkte; danach verbindest du das neue Konto mit Belegfluss.</p>
        </Banner>
      ) : null}
      <Text as="p">
        Belegfluss verbindet deinen Shop mit Lexware Office und legt dort Rechnungen und Gutschriften zu deinen
        Bestellungen an. Bevor es losgeht, bestätige bitte zwei Dinge.
      </Text>
      <Checkbox
        label={
          <>
            Ich akzeptiere die{' '}
            <Link url="/help/app/terms" target="_blank">
              Nutzungsbedingungen
            </Link>{' '}
            und die{' '}
            <Link url="/help/app/privacy" target="_blank">
              Datenschutzerklärung
            </Link>
            .
          </>
        }
        checked={terms}
        onChange={setTerms}
      />
      <Checkbox
        label="Mir ist bewusst, dass ich für die steuerliche Richtigkeit meiner Belege selbst verantwortlich bin und die erstellten Belege prüfe."
        checked={liability}
        onChange={setLiability}
      />
      {accountOpened ? null : (
        <Text as="p">
          Noch kein Lexware-Office-Konto? <Link onClick={onOpenAccount}>Konto eröffnen</Link>
        </Text>
      )}
      <InlineStack align="end">
        <Button variant="primary" disabled={!consented(consent)} onClick={onNext}>
          Weiter
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
