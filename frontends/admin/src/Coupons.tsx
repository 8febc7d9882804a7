import {
  describeError,
  errorField,
  formatDate,
  formatMoney,
  LoadErrorBanner,
  staffMayDo,
  useRemoteToast,
  type ApiClient,
  type Shop,
} from '@belegfluss/frontend-kit';
import { ADMIN_COUPON_MESSAGES, AdminCouponBody, PARTNER_COUPON, PLANS, couponPlans } from '@belegfluss/shared';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  IndexTable,
  InlineStack,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

interface Coupon {
  code: string;
  type: 'percent' | 'amount';
  value: number;
  intervals: number;
  plans: string[];
  comment: string | null;
  expiresAt: string | null;
  redemptions: number;
}
interface Draft {
  code: string;
  type: 'percent' | 'amount';
  value: string;
  intervals: string;
  plans: string[];
  comment: string;
  expiresAt: string;
}
const EMPTY: Draft = { code: '', type: 'percent', value: '', intervals: '1', plans: [], comment: '', expiresAt: '' };
const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;
const discount = (c: Pick<Coupon, 'type' | 'value'>) =>
  c.type === 'percent' ? `${c.value.toLocaleString('de-DE')} %` : formatMoney(c.value);

/** Coupons for every shop, without a partner behind them: the list, and for the operator the form to add one. */
export function Coupons({ api, shop }: { api: ApiClient; shop: Shop | undefined }) {
  const [toastNode, toast] = useRemoteToast();
  const queryClient = useQueryClient();
  const mayCreate = staffMayDo(shop, 'coupon.create');
  const list = useQuery({
    queryKey: ['admin', 'coupons'],
    queryFn: ({ signal }) => api.get<{ items: Coupon[] }>('/admin/coupons', signal),
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.request<{ message: string }>('/admin/coupons', { method: 'POST', body }),
    onSuccess: async (answer) => {
      toast(answer.message);
      setDraft(EMPTY);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    },
    onError: (error) => {
      const field = errorField(error);
      if (field) setErrors({ [field.split('.')[0]!]: describeError(error) });
    },
  });
  const submit = () => {
    const body = {
      code: draft.code,
      type: draft.type,
      value: draft.value === '' ? undefined : Number(draft.value.replace(',', '.')),
      intervals: Number(draft.intervals),
      plans: draft.plans,
      comment: draft.comment,
      expiresAt: draft.expiresAt || null,
    };
    // The gateway's own schema: the form names the same problems in the same words before sending.
    const parsed = AdminCouponBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'code'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(body);
  };
  const partner = draft.code.trim().toUpperCase() === PARTNER_COUPON;
  const offered = partner ? couponPlans(PARTNER_COUPON, []) : PLANS.map((p) => p.id);

  let table;
  if (list.isError)
    table = (
      <LoadErrorBanner
        title="Die Coupons konnten nicht geladen werden"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!list.data) table = <SkeletonBodyText lines={3} />;
  else if (list.data.items.length === 0)
    table = (
      <Text as="p" tone="subdued">
        Noch keine Coupons ohne Partner.
      </Text>
    );
  else
    table = (
      <IndexTable
        resourceName={{ singular: 'Coupon', plural: 'Coupons' }}
        itemCount={list.data.items.length}
        selectable={false}
        headings={[
          { title: 'Code' },
          { title: 'Rabatt' },
          { title: 'Zeiträume' },
          { title: 'Tarife' },
          { title: 'Gültig bis' },
          { title: 'Einlösungen' },
        ]}
      >
        {list.data.items.map((c, index) => (
          <IndexTable.Row id={c.code} key={c.code} position={index}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {c.code}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{discount(c)}</IndexTable.Cell>
            <IndexTable.Cell>{c.intervals}</IndexTable.Cell>
            <IndexTable.Cell>{c.plans.length ? c.plans.map(planName).join(', ') : 'alle'}</IndexTable.Cell>
            <IndexTable.Cell>{c.expiresAt ? formatDate(c.expiresAt) : 'unbegrenzt'}</IndexTable.Cell>
            <IndexTable.Cell>{c.redemptions}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );

  return (
    <BlockStack gap="400">
      {mayCreate ? (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Neuer Coupon
            </Text>
            {save.error && !errorField(save.error) ? (
              <Banner tone="critical" title="Nicht gespeichert">
                <p>{describeError(save.error)}</p>
              </Banner>
            ) : null}
            <FormLayout>
              <FormLayout.Group>
                <TextField
                  label="Code"
                  value={draft.code}
                  onChange={(v) => set({ code: v.toUpperCase().replace(/ /g, '-') })}
                  helpText="4 bis 30 Zeichen: Großbuchstaben, Ziffern, Bindestriche."
                  error={errors.code}
                  autoComplete="off"
                />
                <Select
                  label="Rabattart"
                  options={[
                    { label: 'Prozent', value: 'percent' },
                    { label: 'Betrag in Euro', value: 'amount' },
                  ]}
                  value={draft.type}
                  onChange={(v) => set({ type: v as Draft['type'] })}
                  error={errors.type}
                />
                <TextField
                  label={draft.type === 'percent' ? 'Rabatt in %' : 'Rabatt in €'}
                  type="number"
                  value={draft.value}
                  onChange={(v) => set({ value: v })}
                  error={errors.value}
                  autoComplete="off"
                />
                <TextField
                  label="Abrechnungszeiträume"
                  type="number"
                  value={draft.intervals}
                  onChange={(v) => set({ intervals: v })}
                  error={errors.intervals}
                  autoComplete="off"
                />
              </FormLayout.Group>
              <BlockStack gap="100">
                <Text as="p">
                  {partner ? `Tarife: ${ADMIN_COUPON_MESSAGES.partnerPlans}` : 'Tarife (keiner gewählt: alle)'}
                </Text>
                <InlineStack gap="400">
                  {offered.map((id) => (
                    <Checkbox
                      key={id}
                      label={planName(id)}
                      checked={draft.plans.includes(id)}
                      onChange={(on) => set({ plans: on ? [...draft.plans, id] : draft.plans.filter((p) => p !== id) })}
                    />
                  ))}
                </InlineStack>
                {errors.plans ? (
                  <Text as="p" tone="critical">
                    {errors.plans}
                  </Text>
                ) : null}
              </BlockStack>
              <FormLayout.Group>
                <TextField
                  label="Gültig bis (optional)"
                  type="date"
                  value={draft.expiresAt}
                  onChange={(v) => set({ expiresAt: v })}
                  error={errors.expiresAt}
                  autoComplete="off"
                />
                <TextField
                  label="Kommentar (optional)"
                  value={draft.comment}
                  onChange={(v) => set({ comment: v })}
                  maxLength={200}
                  error={errors.comment}
                  autoComplete="off"
                />
              </FormLayout.Group>
            </FormLayout>
            <InlineStack>
              <Button variant="primary" loading={save.isPending} onClick={submit}>
                Coupon erstellen
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      ) : (
        <Banner tone="info">Coupons legt nur der Betrieb an.</Banner>
      )}
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Coupons ohne Partner
          </Text>
          {table}
        </BlockStack>
      </Card>
      {toastNode}
    </BlockStack>
  );
}
