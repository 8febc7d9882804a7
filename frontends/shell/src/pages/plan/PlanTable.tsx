import { formatMoney, formatNumber } from '@belegfluss/frontend-kit';
import type { Plan } from '@belegfluss/shared';
import { Badge, Card, DataTable, InlineStack, RadioButton, Text } from '@shopify/polaris';
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

/** Spec 1 §2: the comparison table with a radio choice per plan. */
export function PlanTable({ plans, activeId, selectedId, annual, onSelect }: Props) {
  const rows = plans.map((plan) => [
    <InlineStack key="name" gap="200" blockAlign="center" wrap={false}>
      <RadioButton label={plan.name} name="plan" id={`plan-${plan.id}`} checked={plan.id === selectedId} onChange={() => onSelect(plan)} />
      {plan.id === activeId ? <Badge tone="success">Aktiv</Badge> : null}
    </InlineStack>,
    <Text key="price" as="span" numeric>
      {priceLabel(plan, annual)}
    </Text>,
    formatNumber(plan.creditsQuota),
    `${formatNumber(plan.logMaxAge)} Tage`,
    plan.importPrice === null ? '—' : formatMoney(plan.importPrice),
  ]);
  return (
    <Card padding="0">
      <DataTable
        columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'numeric']}
        headings={['Tarif', 'Preis', 'Übertragungen pro Monat', 'Protokoll', 'Import älterer Bestellungen']}
        rows={rows}
      />
    </Card>
  );
}
