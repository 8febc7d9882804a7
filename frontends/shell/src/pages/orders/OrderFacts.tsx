import { formatMoney } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import { FULFILLMENT_STATUS, PAYMENT_STATUS } from './orders';

export interface OrderFactsData {
  currency?: string;
  financialStatus?: string | null;
  fulfillmentStatus?: string | null;
  items?: { id: number; title: string; sku: string | null; quantity: number; price: number }[];
  customer?: {
    name?: string | null;
    email?: string | null;
    company?: string | null;
    city?: string | null;
    country?: string | null;
  } | null;
  balance?: { documents: number; expected: number; difference: number; complete: boolean } | null;
}

/** The order beside its documents: statuses, customer, items and the balance. */
export function OrderFacts({ data }: { data: OrderFactsData }) {
  const currency = data.currency ?? 'EUR';
  const money = (v: number) => formatMoney(v, currency);
  const paid = data.financialStatus ? (PAYMENT_STATUS[data.financialStatus] ?? data.financialStatus) : null;
  const shipped = data.fulfillmentStatus
    ? (FULFILLMENT_STATUS[data.fulfillmentStatus] ?? data.fulfillmentStatus)
    : null;
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Status
          </Text>
          <InlineStack gap="200">
            {paid ? (
              <Badge tone={data.financialStatus === 'paid' ? 'success' : 'attention'}>{`Zahlung: ${paid}`}</Badge>
            ) : null}
            {shipped ? (
              <Badge
                tone={data.fulfillmentStatus === 'fulfilled' ? 'success' : undefined}
              >{`Versand: ${shipped}`}</Badge>
            ) : null}
          </InlineStack>
          {data.balance ? (
            <BlockStack gap="100">
              <Text as="p">{`Belege ${money(data.balance.documents)} · Bestellung ${money(data.balance.expected)}`}</Text>
              {data.balance.complete ? (
                <Badge tone="success">Ausgeglichen</Badge>
              ) : (
                <Text
                  as="p"
                  tone="caution"
                >{`Abweichung ${money(data.balance.difference)}: Rechnungen minus Gutschriften decken die Bestellung nach Erstattungen nicht.`}</Text>
              )}
            </BlockStack>
          ) : null}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Kunde
          </Text>
          {data.customer ? (
            <BlockStack gap="050">
              {data.customer.name ? <Text as="p">{data.customer.name}</Text> : null}
              {data.customer.company ? <Text as="p">{data.customer.company}</Text> : null}
              {data.customer.email ? (
                <Text as="p" tone="subdued">
                  {data.customer.email}
                </Text>
              ) : null}
              {data.customer.city ? (
                <Text as="p" tone="subdued">
                  {[data.customer.city, data.customer.country].filter(Boolean).join(', ')}
                </Text>
              ) : null}
            </BlockStack>
          ) : (
            <Text as="p" tone="subdued">
              Die Bestellung hat keinen Kunden.
            </Text>
          )}
        </BlockStack>
      </Card>
      {data.items && data.items.length > 0 ? (
        <Card>
          {/* A list, not a table: the side column is too narrow for four columns without a scroll bar. */}
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              Artikel
            </Text>
            {data.items.map((item) => (
              <InlineStack key={item.id} gap="200" align="space-between" blockAlign="start" wrap={false}>
                <BlockStack gap="050">
                  <Text as="p">{item.title}</Text>
                  <Text
                    as="p"
                    tone="subdued"
                    variant="bodySm"
                  >{`${item.sku ? `SKU ${item.sku} · ` : ''}${item.quantity} × ${money(item.price)}`}</Text>
                </BlockStack>
                <Text as="p" numeric>
                  {money(item.price * item.quantity)}
                </Text>
              </InlineStack>
            ))}
          </BlockStack>
        </Card>
      ) : null}
    </BlockStack>
  );
}
