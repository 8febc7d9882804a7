import { describeError, formatPercent, type Shop } from '@belegfluss/frontend-kit';
import { ANNUAL_DISCOUNT, PLANS, TRIAL_DAYS, TOO_OLD_DAYS } from '@belegfluss/shared';
import {
  Banner,
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  ContextualSaveBar,
  InlineStack,
  Layout,
  Page,
  Text,
} from '@shopify/polaris';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_HEADERS } from '../headers';
import { followConfirmation } from './confirmation';
import { couponLabel, rememberUsedCoupon, type Coupon } from './coupon';
import { CouponModal } from './CouponModal';
import { PlanTable } from './PlanTable';
import { selectionDiffers, visiblePlans, type PlanSelection } from './pricing';
import { useShell } from '../../session/ShellContext';

/** `/plan` (#pricing) and `/plan/{planId}`: compare, choose, save. */
export function PlanPage({ shop, planId }: { shop: Shop; planId?: string }) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const active: PlanSelection = { id: shop.plan.id, quota: shop.plan.credits.quota, annual: shop.plan.annual };
  const preset = PLANS.find((plan) => plan.id === planId);
  const initial = preset ? { id: preset.id, quota: preset.transfersQuota, annual: active.annual } : active;
  const [selected, setSelected] = useState<PlanSelection>(initial);
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [couponOpen, setCouponOpen] = useState(false);
  const plans = visiblePlans({
    activePlanId: shop.plan.id,
    shopifyPlan: shop.shopifyPlan ?? undefined,
    coupon: coupon?.code,
  });

  const save = useMutation({
    mutationFn: () =>
      api.request<unknown>('/plan', {
        method: 'POST',
        body: { plan: selected.id, annual: selected.annual, coupon: coupon?.code ?? null },
      }),
    onSuccess: async (answer) => {
      if (coupon) rememberUsedCoupon(coupon.code);
      // Shopify's billing confirmation, if the gateway hands one back.
      if (followConfirmation(answer)) return;
      await queryClient.invalidateQueries({ queryKey: ['shop'] });
    },
  });
  const dirty = selectionDiffers(selected, active) || coupon !== null;
  const reset = () => {
    setSelected(active);
    setCoupon(null);
    save.reset();
  };

  return (
    <Page
      title={PAGE_HEADERS.plan.title}
      subtitle={`Aktiver Tarif: ${shop.plan.name}${shop.plan.annual ? ' (jährlich)' : ''}`}
    >
      {dirty ? (
        <ContextualSaveBar
          message="Tarif noch nicht gespeichert"
          saveAction={{ content: 'Tarif wechseln', onAction: () => save.mutate(), loading: save.isPending }}
          discardAction={{ content: 'Verwerfen', onAction: reset }}
        />
      ) : null}
      <Layout>
        {save.isError ? (
          <Layout.Section>
            <Banner tone="critical" title="Der Tarif wurde nicht gewechselt" onDismiss={() => save.reset()}>
              <p>{describeError(save.error)}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {coupon ? (
          <Layout.Section>
            <Banner tone="success" title={couponLabel(coupon, selected.annual)} onDismiss={() => setCoupon(null)}>
              {coupon.comment ? <p>{coupon.comment}</p> : null}
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <div id="pricing">
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center">
                <ButtonGroup variant="segmented">
                  <Button pressed={!selected.annual} onClick={() => setSelected({ ...selected, annual: false })}>
                    Monatlich
                  </Button>
                  <Button pressed={selected.annual} onClick={() => setSelected({ ...selected, annual: true })}>
                    {`Jährlich (${formatPercent(ANNUAL_DISCOUNT)} sparen)`}
                  </Button>
                </ButtonGroup>
                <Button onClick={() => setCouponOpen(true)}>Coupon einlösen</Button>
              </InlineStack>
              <PlanTable
                plans={plans}
                activeId={shop.plan.id}
                selectedId={selected.id}
                annual={selected.annual}
                onSelect={(plan) => setSelected({ ...selected, id: plan.id, quota: plan.transfersQuota })}
              />
            </BlockStack>
          </div>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                So zählen Übertragungen
              </Text>
              <Text as="p">
                {`Jeder erstellte Beleg – Rechnung oder Gutschrift – verbraucht eine Übertragung. Das Kontingent wird monatlich zurückgesetzt. Neue Abonnements beginnen mit ${TRIAL_DAYS} Tagen Testphase.`}
              </Text>
              {selected.annual ? (
                <Text as="p" tone="subdued">
                  {`Beim Jahresabo umfasst der Import älterer Bestellungen Bestellungen, die älter als ${TOO_OLD_DAYS} Tage sind.`}
                </Text>
              ) : null}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
      {couponOpen ? (
        <CouponModal
          onClose={() => setCouponOpen(false)}
          onRedeemed={(redeemed) => {
            setCoupon(redeemed);
            setCouponOpen(false);
          }}
        />
      ) : null}
    </Page>
  );
}
