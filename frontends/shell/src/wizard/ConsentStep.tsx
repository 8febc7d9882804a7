import { BlockStack, Button, Checkbox, InlineStack, Link, Text } from '@shopify/polaris';
import { useState } from 'react';

/** Step 0 (spec 1 §5): both boxes must be ticked before connecting. */
export function ConsentStep({ onNext }: { onNext: () => void }) {
  const [terms, setTerms] = useState(false);
  const [liability, setLiability] = useState(false);
  return (
    <BlockStack gap="400">
      <Text as="p">
        Belegfluss verbindet deinen Shop mit Lexware Office und legt dort Rechnungen und Gutschriften zu deinen Bestellungen an.
        Bevor es losgeht, bestätige bitte zwei Dinge.
      </Text>
      <Checkbox
        label={
          <>
            Ich akzeptiere die <Link url="/help/app/terms" target="_blank">Nutzungsbedingungen</Link> und die{' '}
            <Link url="/help/app/privacy" target="_blank">Datenschutzerklärung</Link>.
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
      <InlineStack align="end">
        <Button variant="primary" disabled={!terms || !liability} onClick={onNext}>
          Weiter
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
