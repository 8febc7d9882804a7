import { formatMoney, formatNumber } from '@belegfluss/frontend-kit';
import {
  BASIC_TAX_SAVING_PER_ORDER,
  FEATURE_INFO,
  orderImportPrice,
  PLAN_FEATURES,
  PLAN_PRESENTATION,
  planFeatures,
  type Plan,
} from '@belegfluss/shared';
import { Badge, BlockStack, Card, DataTable, InlineStack, RadioButton, Text } from '@shopify/polaris';
import { planPrice } from './pricing';

interface Props {
  plans: Plan[];
  activeId: string;
  selectedId: string;
  annual: boolean;
  onSelect: (plan: Plan) => void;
}

function priceLabel(plan: Plan, annual: boolean): string {
  if (plan.monthlyPrice === 0) return 'kostenlos';
  return `${formatMoney(planPrice(plan, annual))} ${annual ? 'pro Jahr' : 'pro Monat'}`;
}

function importPriceLabel(plan: Plan): string {
  const price = orderImportPrice(plan.id);
  return price === null ? '—' : formatMoney(price);
}

/** The features a plan adds to the one before it in the table, so each row says what the step up brings. */
function addedFeatures(plan: Plan, previous: Plan | undefined): string[] {
  const mine = planFeatures(plan.id);
  const before = previous ? planFeatures(previous.id) : null;
  return PLAN_FEATURES.filter((f) => f !== 'orderImport' && mine[f] === true && !(before && before[f] === true)).map(
    (f) => FEATURE_INFO[f].title,
  );
}

/** The comparison table with a radio choice, colour, tagline, features and requirements per plan. */
export function PlanTable({ plans, activeId, selectedId, annual, onSelect }: Props) {
  const rows = plans.map((plan, index) => {
    const look = PLAN_PRESENTATION[plan.id];
    const added = addedFeatures(plan, plans[index - 1]);
    return [
      <BlockStack key="name" gap="100">
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <RadioButton
            label={plan.name}
            name="plan"
            id={`plan-${plan.id}`}
            checked={plan.id === selectedId}
            onChange={() => onSelect(plan)}
          />
          <Badge tone={look.color === 'base' ? undefined : look.color}>{look.tagline}</Badge>
          {plan.id === activeId ? <Badge tone="success">Aktiv</Badge> : null}
        </InlineStack>
        {look.requires ? (
          <Text as="p" variant="bodySm" tone="caution">
            {look.requires}
          </Text>
        ) : null}
        {plan.id === 'basic' ? (
          <Text as="p" variant="bodySm" tone="subdued">
            {`Steuerersparnis: ${formatMoney(BASIC_TAX_SAVING_PER_ORDER)} pro Bestellung`}
          </Text>
        ) : null}
      </BlockStack>,
      <Text key="price" as="span" numeric>
        {priceLabel(plan, annual)}
      </Text>,
      formatNumber(plan.transfersQuota),
      `${formatNumber(plan.logMaxAge)} Tage`,
      <div key="features" style={{ whiteSpace: 'normal', minWidth: 200 }}>
        <Text as="p" variant="bodySm">
          {index === 0 || added.length === 0
            ? added.length
              ? added.join(', ')
              : `wie ${plans[index - 1]?.name ?? 'zuvor'}`
            : `+ ${added.join(', ')}`}
        </Text>
      </div>,
      importPriceLabel(plan),
    ];
  });
  return (
    <Card padding="0">
      <DataTable
        columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'text', 'numeric']}
        headings={[
          'Tarif',
          'Preis',
          'Übertragungen pro Monat',
          'Protokoll',
          'Funktionen',
          'Import älterer Bestellungen',
        ]}
        rows={rows}
      />
    </Card>
  );
}
