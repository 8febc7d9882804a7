import { formatMoney, formatNumber, type Shop } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Card, DataTable, Layout, Page, Text } from '@shopify/polaris';
import { TRIAL_DAYS, visiblePlans } from './plans';

/** `/plan` (#pricing): the plans of spec 1 §9 and the shop's place among them. */
export function Plan({ shop }: { shop: Shop }) {
  const rows = visiblePlans(shop.plan.id).map((plan) => [
    <Text as="span" fontWeight="semibold" key="name">
      {plan.name} {plan.id === shop.plan.id ? <Badge tone="success">Aktiv</Badge> : null}
    </Text>,
    plan.monthlyPrice === 0 ? 'kostenlos' : formatMoney(plan.monthlyPrice),
    formatNumber(plan.transfersPerMonth),
    `${formatNumber(plan.logDays)} Tage`,
    plan.importPrice === null ? '—' : formatMoney(plan.importPrice),
  ]);

  return (
    <Page title="Abonnement" subtitle={`Aktiver Tarif: ${shop.plan.name}`}>
      <Layout>
        <Layout.Section>
          <div id="pricing">
            <Card padding="0">
              <DataTable
                columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'numeric']}
                headings={['Tarif', 'Preis pro Monat', 'Übertragungen pro Monat', 'Protokoll', 'Import älterer Bestellungen']}
                rows={rows}
              />
            </Card>
          </div>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                So zählen Übertragungen
              </Text>
              <Text as="p">
                Jeder erstellte Beleg – Rechnung oder Gutschrift – verbraucht eine Übertragung. Das Kontingent wird monatlich
                zurückgesetzt. Neue Abonnements beginnen mit {TRIAL_DAYS} Tagen Testphase.
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
