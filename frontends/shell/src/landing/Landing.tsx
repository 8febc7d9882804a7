import { formatMoney, formatNumber, formatPercent } from '@belegfluss/frontend-kit';
import { ANNUAL_DISCOUNT, PLANS } from '@belegfluss/shared';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Form,
  FormLayout,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { authUrl } from '../notices/redirect';
import { SHOP_DOMAIN_ERROR, shopDomainFrom } from './shopDomain';

/** What new users see first. */
const FEATURES = [
  {
    title: 'Einfache Einrichtung',
    text: 'Lexware Office in wenigen Minuten verbinden: ein Assistent führt dich durch Anmeldung, Import und Steuern.',
  },
  {
    title: 'Rechnungen automatisch',
    text: 'Aus jeder Bestellung entsteht eine Rechnung in Lexware Office – bei Bestellung, Zahlung oder Versand.',
  },
  {
    title: 'Gutschriften automatisch',
    text: 'Erstattungen in Shopify werden zu Gutschriften, die auf ihre Rechnung verweisen.',
  },
  {
    title: 'Kontakte gepflegt',
    text: 'Kunden werden in Lexware Office angelegt und aktualisiert, mit Adresse und USt-IdNr.',
  },
  {
    title: 'Belege im Blick',
    text: 'Zu jeder Bestellung siehst du Rechnungen und Gutschriften mit PDF und Protokoll.',
  },
  {
    title: 'Auch für ältere Bestellungen',
    text: 'Belege für Bestellungen von vor der Installation lassen sich nachträglich erstellen.',
  },
];

function Prices() {
  const plans = PLANS.filter((plan) => !plan.private);
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: plans.length }} gap="300">
      {plans.map((plan) => (
        <Card key={plan.id}>
          <BlockStack gap="200">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h3" variant="headingMd">
                {plan.name}
              </Text>
              {plan.id === 'free' ? <Badge tone="success">Empfohlen zum Start</Badge> : null}
            </InlineStack>
            <Text as="p" variant="headingLg">
              {plan.monthlyPrice === 0 ? 'kostenlos' : formatMoney(plan.monthlyPrice)}
            </Text>
            <Text as="p" tone="subdued">
              {plan.monthlyPrice === 0 ? 'für immer' : 'pro Monat'}
            </Text>
            <Text as="p">{`${formatNumber(plan.transfersQuota)} Belege pro Monat`}</Text>
            <Text as="p" tone="subdued">{`Protokoll ${formatNumber(plan.logMaxAge)} Tage`}</Text>
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}

function InstallForm({ apiUrl }: { apiUrl: string }) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | undefined>();
  const install = () => {
    const shop = shopDomainFrom(input);
    if (!shop) return setError(SHOP_DOMAIN_ERROR);
    // Shopify's grant screen cannot load in a frame, so the whole window goes there.
    window.location.assign(authUrl(apiUrl, shop));
  };
  return (
    <Form onSubmit={install}>
      <FormLayout>
        <TextField
          label="Adresse deines Shops"
          placeholder="mein-laden.myshopify.com"
          value={input}
          onChange={(value) => {
            setInput(value);
            setError(undefined);
          }}
          error={error}
          autoComplete="url"
          connectedRight={
            <Button variant="primary" submit>
              Installieren
            </Button>
          }
        />
      </FormLayout>
    </Form>
  );
}

/** `/` for a visitor without a session: features, prices, installation and help. */
export function Landing({ apiUrl, onSandboxLogin }: { apiUrl: string; onSandboxLogin?: () => void }) {
  return (
    <Page
      title="Belegfluss"
      subtitle="Rechnungen und Gutschriften aus deinem Shopify-Shop, automatisch in Lexware Office."
      secondaryActions={[
        { content: 'Funktionen', url: '#features' },
        { content: 'Preise', url: '#prices' },
        { content: 'Hilfe', url: '/help' },
        ...(onSandboxLogin ? [{ content: 'Sandbox-Shop öffnen', onAction: onSandboxLogin }] : []),
      ]}
    >
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingLg">
                Jetzt installieren
              </Text>
              <Text as="p">
                Gib die Adresse deines Shops ein. Shopify fragt dich danach, ob Belegfluss auf deine Bestellungen
                zugreifen darf.
              </Text>
              <InstallForm apiUrl={apiUrl} />
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <div id="features">
            <BlockStack gap="300">
              <Text as="h2" variant="headingLg">
                Funktionen
              </Text>
              <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="300">
                {FEATURES.map((feature) => (
                  <Card key={feature.title}>
                    <BlockStack gap="200">
                      <Text as="h3" variant="headingMd">
                        {feature.title}
                      </Text>
                      <Text as="p">{feature.text}</Text>
                    </BlockStack>
                  </Card>
                ))}
              </InlineGrid>
            </BlockStack>
          </div>
        </Layout.Section>
        <Layout.Section>
          <div id="prices">
            <BlockStack gap="300">
              <Text as="h2" variant="headingLg">
                Preise
              </Text>
              <Prices />
              <Text as="p" tone="subdued">
                {`Jeder erstellte Beleg verbraucht eine Übertragung. Im Jahresabo sparst du ${formatPercent(ANNUAL_DISCOUNT)}.`}
              </Text>
            </BlockStack>
          </div>
        </Layout.Section>
        <Layout.Section>
          <Box paddingBlockEnd="800">
            <InlineStack gap="200" align="center">
              <Text as="p" tone="subdued">
                Fragen?
              </Text>
              <Button url="/help" variant="plain">
                Zum Helpdesk
              </Button>
            </InlineStack>
          </Box>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
