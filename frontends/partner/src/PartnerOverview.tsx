import {
  formatMoney,
  formatNumber,
  formatPercent,
  QueryState,
  shopQuery,
  type ApiClient,
} from '@belegfluss/frontend-kit';
import { MAX_PARTNER_COUPONS, PARTNER_ALLOWANCE, PAYOUT_GATEWAYS } from '@belegfluss/shared';
import { BlockStack, Button, Card, InlineGrid, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { PARTNERS_ONLY, type PartnerSummary } from './partner';

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

/** Roughly the three cards of figures: no jump when they arrive. */
const FIGURES_SKELETON = { lines: 18 };

/** The partner overview: info, commission, statistics. */
export function PartnerOverview({ api, basePath }: { api: ApiClient; basePath: string }) {
  const shop = useQuery(shopQuery(api));
  const isPartner = shop.data?.partner === true;
  const partner = useQuery({
    queryKey: ['partner'],
    queryFn: ({ signal }) => api.get<PartnerSummary>('/partner', signal),
    enabled: isPartner,
  });

  const content = (
    <QueryState
      query={shop}
      allowed={(s) => s.partner === true}
      forbidden={PARTNERS_ONLY}
      errorTitle="Der Shop konnte nicht geladen werden"
      skeleton={FIGURES_SKELETON}
      card
    >
      {() => (
        <QueryState
          query={partner}
          forbidden={PARTNERS_ONLY}
          errorTitle="Die Partnerdaten konnten nicht geladen werden"
          skeleton={FIGURES_SKELETON}
          card
        >
          {(summary) => <PartnerFigures summary={summary} basePath={basePath} />}
        </QueryState>
      )}
    </QueryState>
  );

  return (
    <Page title="Partnerprogramm" subtitle="Empfiehl Belegfluss mit eigenen Coupons und erhalte eine Provision.">
      <Layout>
        <Layout.Section>{content}</Layout.Section>
      </Layout>
    </Page>
  );
}

function PartnerFigures({ summary, basePath }: { summary: PartnerSummary; basePath: string }) {
  const allowance = summary.allowance ?? PARTNER_ALLOWANCE;
  const n = (value: number | undefined) => formatNumber(value ?? 0);
  const eur = (value: number | undefined) => formatMoney(value ?? 0);
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Deine Provision
          </Text>
          <Text as="p">
            Du erhältst {formatPercent(allowance)} der Abonnementzahlungen der Shops, die deinen Coupon einlösen. Jeder
            Shop wird nur einmal belohnt; eigene Coupons kannst du nicht einlösen.
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
            <Figure label={`Coupons (max. ${MAX_PARTNER_COUPONS})`} value={n(summary.coupons?.count)} />
            <Figure label="Aufrufe" value={n(summary.coupons?.views)} />
            <Figure label="Einlösungen" value={n(summary.coupons?.redemptions)} />
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
            <Figure label="Abonniert" value={eur(summary.provisions?.subscribed)} />
            <Figure label="Bestätigt" value={eur(summary.provisions?.verified)} />
            <Figure label="Abgelehnt" value={eur(summary.provisions?.declined)} />
            <Figure label="Geplant" value={eur(summary.payouts?.scheduled)} />
            <Figure label="Ausgezahlt" value={eur(summary.payouts?.paid)} />
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
