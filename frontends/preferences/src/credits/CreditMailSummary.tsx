import type { CreditPreferences } from '@belegfluss/shared';
import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { CREDIT_MAIL } from '../mail/send-mail';

const list = (values: string[]) => (values.length > 0 ? values.join(', ') : 'keine');

/**
 * The credit note's automatic mail at a glance ("e-mail sending block, exclusion tags,
 * skip sources"); it is edited on /preferences/mail, not here.
 */
export function CreditMailSummary({
  value,
  onEdit,
  onEmbedLink,
}: {
  value: CreditPreferences;
  onEdit: () => void;
  onEmbedLink: () => void;
}) {
  const block = CREDIT_MAIL.read(value);
  const finalized = CREDIT_MAIL.finalized(value);
  const on = block.enabled && finalized;
  return (
    <Card>
      <section aria-label="Gutschriften per E-Mail">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Gutschriften per E-Mail
          </Text>
          <Text as="p">
            {on ? `Neue Gutschriften gehen automatisch an ${block.to}.` : 'Kein automatischer Versand.'}
          </Text>
          {!finalized ? (
            <Text as="p" tone="subdued">
              E-Mails gehen nur für festgeschriebene Gutschriften hinaus; solange Gutschriften als Entwurf angelegt
              werden, bleibt der Versand aus.
            </Text>
          ) : null}
          {on ? <Text as="p" tone="subdued">{`Betreff: ${block.subject}`}</Text> : null}
          <Text
            as="p"
            tone="subdued"
          >{`Nicht senden bei Tags: ${list(block.skipTags)} · Nicht senden bei Quellen: ${list(block.skipSources)}`}</Text>
          <InlineStack gap="200">
            <Button onClick={onEdit}>E-Mail-Versand bearbeiten</Button>
            <Button variant="plain" onClick={onEmbedLink}>
              Beleg-Link in Shopify-E-Mails einbetten
            </Button>
          </InlineStack>
        </BlockStack>
      </section>
    </Card>
  );
}
