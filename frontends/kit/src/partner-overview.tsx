import { MAX_PARTNER_COUPONS, PAYOUT_GATEWAYS } from '@belegfluss/shared';
import { BlockStack, Button, Card, InlineGrid, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import type { PartnerFigureTexts } from '../first-view.mjs';
import { formatMoney, formatPercent } from './format';

/**
 * The partner overview: its frame around `children`. The partner remote renders it with the partner's figures, and
 * the shell renders the same in the view index.html paints before any script runs, with the texts written from the
 * page's early answers (see first-view.mjs), so that the page reads the same from its first paint on.
 */
export function PartnerOverviewPage({ children }: { children: ReactNode }) {
  return (
    <Page title="Partnerprogramm" subtitle="Empfiehl Belegfluss mit eigenen Coupons und erhalte eine Provision.">
      <Layout>
        <Layout.Section>{children}</Layout.Section>
      </Layout>
    </Page>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" variant="headingLg">
        {value}
      </Text>
    </BlockStack>
  );
}

/** The overview's three cards: the commission, the coupons, the provisions and payouts, as `texts` gives them. */
export function PartnerFigures({ texts, basePath }: { texts: PartnerFigureTexts; basePath: string }) {
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Deine Provision
          </Text>
          <Text as="p">
            Du erhältst {texts.allowance} der Abonnementzahlungen der Shops, die deinen Coupon einlösen. Jeder Shop wird
            nur einmal belohnt; eigene Coupons kannst du nicht einlösen.
          </Text>
          <Text as="p" tone="subdued">
            Auszahlung ab {formatMoney(PAYOUT_GATEWAYS.paypal.threshold)} per PayPal (
            {formatPercent(PAYOUT_GATEWAYS.paypal.fee)} Gebühr) oder per Banküberweisung (SEPA, gebührenfrei).
          </Text>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Coupons
          </Text>
          <InlineGrid columns={3} gap="400">
            <Figure label={`Coupons (max. ${MAX_PARTNER_COUPONS})`} value={texts.coupons} />
            <Figure label="Aufrufe" value={texts.views} />
            <Figure label="Einlösungen" value={texts.redemptions} />
          </InlineGrid>
          <div>
            <InlineStack gap="200">
              <Button url={`${basePath}/coupons`}>Coupons verwalten</Button>
              <Button url={`${basePath}/redemptions`}>Einlösungen</Button>
            </InlineStack>
          </div>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Provisionen und Auszahlungen
          </Text>
          <InlineGrid columns={{ xs: 2, md: 5 }} gap="400">
            <Figure label="Abonniert" value={texts.subscribed} />
            <Figure label="Bestätigt" value={texts.verified} />
            <Figure label="Abgelehnt" value={texts.declined} />
            <Figure label="Geplant" value={texts.scheduled} />
            <Figure label="Ausgezahlt" value={texts.paid} />
          </InlineGrid>
          <InlineStack gap="200">
            <Button url={`${basePath}/payouts`}>Auszahlungen</Button>
            <Button url={`${basePath}/preferences`}>Auszahlungsdaten</Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

/**
 * Keeps the view index.html painted on screen while it is part of what the app renders: the page that view shows
 * is still loading (the shell's early-requests.mjs removes the view once nothing in the app holds it).
 */
export function HoldsFirstView() {
  return <span data-first-paint-holds="" hidden />;
}
