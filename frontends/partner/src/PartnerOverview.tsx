import {
  formatMoney,
  formatNumber,
  formatPercent,
  LoadErrorBanner,
  shopQuery,
  type ApiClient,
} from '@belegfluss/frontend-kit';
import { MAX_PARTNER_COUPONS, PARTNER_ALLOWANCE, PAYOUT_GATEWAYS } from '@belegfluss/shared';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import type { PartnerSummary } from './partner';

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

/** The partner overview: info, commission, statistics. */
export function PartnerOverview({ api, basePath }: { api: ApiClient; basePath: string }) {
  const shop = useQuery(shopQuery(api));
  const isPartner = shop.data?.partner === true;
  const partner = useQuery({
    queryKey: ['partner'],
    queryFn: ({ signal }) => api.get<PartnerSummary>('/partner', signal),
    enabled: isPartner,
  });

  let content;
  if (shop.isPending || (isPartner && partner.isPending))
    content = (
      <Card>
        <SkeletonBodyText lines={4} />
      </Card>
    );
  else if (shop.isError)
    content = (
      <LoadErrorBanner
        title="Der Shop konnte nicht geladen werden"
        error={shop.error}
        onRetry={() => void shop.refetch()}
      />
    );
  else if (!isPartner)
    content = (
      <Banner tone="info" title="Nur für Partner">
        <p>Das Partnerprogramm steht nur Shops offen, die als Partner freigeschaltet sind.</p>
      </Banner>
    );
  else if (partner.isError)
    content = (
      <LoadErrorBanner
        title="Die Partnerdaten konnten nicht geladen werden"
        error={partner.error}
        onRetry={() => void partner.refetch()}
      />
    );
  else content = <PartnerFigures summary={partner.data ?? {}} basePath={basePath} />;

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
