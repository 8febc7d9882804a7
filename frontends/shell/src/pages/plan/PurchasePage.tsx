import { describeError, formatMoney, formatNumber, type Shop } from '@belegfluss/frontend-kit';
import { ORDER_IMPORT_FACTOR, PLANS } from '@belegfluss/shared';
import { Banner, BlockStack, Button, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useShell } from '../../session/ShellContext';
import { followConfirmation } from './confirmation';

/** The one-time unlocks; only the historical order import has a price. */
const FEATURES: Record<string, { title: string; description: string }> = {
  orderImport: {
    title: 'Import älterer Bestellungen',
    description: 'Erstellt Belege für Bestellungen, die vor der Installation von Belegfluss eingegangen sind.',
  },
};

/**
 * `/plan/purchase/{feature}`: a one-time purchase. Shopify charges it on its confirmation page
 * (as PlanPage does for subscriptions); the merchant comes back here and the shop lists the feature.
 */
export function PurchasePage({ shop, feature }: { shop: Shop; feature: string }) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const purchase = useMutation({
    mutationFn: () => api.request<unknown>(`/plan/purchase/${encodeURIComponent(feature)}`, { method: 'POST' }),
    onSuccess: async (answer) => {
      if (followConfirmation(answer)) return;
      await queryClient.invalidateQueries({ queryKey: ['shop'] });
    },
  });
  const owned = shop.plan.purchase.includes(feature);
  const info = FEATURES[feature];
  const plan = PLANS.find((entry) => entry.id === shop.plan.id);
  const price = plan?.importPrice ?? null;

  let body;
  if (!info) body = <Text as="p">Diese Funktion kann nicht einzeln gekauft werden.</Text>;
  else if (owned)
    body = (
      <Banner tone="success" title="Der Import ist freigeschaltet">
        <p>{`Du kannst ältere Bestellungen jetzt importieren. Für 30 Tage ab dem Kauf gilt das ${ORDER_IMPORT_FACTOR}-fache deines Monatskontingents.`}</p>
      </Banner>
    );
  else if (price === null)
    body = (
      <BlockStack gap="200" inlineAlign="start">
        <Text as="p">
          Auf dem kostenlosen Tarif ist der Import nicht verfügbar. Wähle zuerst einen bezahlten Tarif.
        </Text>
        <Button url="/plan">Tarife vergleichen</Button>
      </BlockStack>
    );
  else
    body = (
      <BlockStack gap="300">
        <Text as="p">{info.description}</Text>
        <Text as="p">
          {`Einmalig ${formatMoney(price)}. Du erhältst für 30 Tage ${formatNumber(shop.plan.credits.quota * ORDER_IMPORT_FACTOR)} zusätzliche Übertragungen (${ORDER_IMPORT_FACTOR} × dein Monatskontingent).`}
        </Text>
        {purchase.isError ? (
          <Banner tone="critical" title="Der Kauf wurde nicht gestartet">
            <p>{describeError(purchase.error)}</p>
          </Banner>
        ) : null}
        {purchase.isSuccess ? <Banner tone="info" title="Weiter zu Shopify: bitte bestätige dort den Kauf" /> : null}
        <InlineStack>
          <Button
            variant="primary"
            loading={purchase.isPending || purchase.isSuccess}
            onClick={() => purchase.mutate()}
          >
            {`Für ${formatMoney(price)} freischalten`}
          </Button>
        </InlineStack>
      </BlockStack>
    );

  return (
    <Page title={info?.title ?? 'Einmalkauf'} backAction={{ content: 'Abonnement', url: '/plan' }}>
      <Layout>
        <Layout.Section>
          <Card>{body}</Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
