import { formatDate, formatMoney, staffMayDo, type ApiClient, type Shop } from '@belegfluss/frontend-kit';
import { ADMIN_COUPON_MESSAGES, AdminCouponBody, PARTNER_COUPON, PLANS, couponPlans } from '@belegfluss/shared';
import {
  Banner,
  BlockStack,
  Button,
  Checkbox,
  FormLayout,
  IndexTable,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { AdminFormCard, AdminListCard, useAdminForm } from './AdminForm';

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
const HEADINGS: [{ title: string }, ...{ title: string }[]] = [
  { title: 'Code' },
  { title: 'Rabatt' },
  { title: 'Zeiträume' },
  { title: 'Tarife' },
  { title: 'Gültig bis' },
  { title: 'Einlösungen' },
];
const discount = (c: Pick<Coupon, 'type' | 'value'>) =>
  c.type === 'percent' ? `${c.value.toLocaleString('de-DE')} %` : formatMoney(c.value);

/** Coupons for every shop, without a partner behind them: the list, and for the operator the form to add one. */
export function Coupons({ api, shop }: { api: ApiClient; shop: Shop | undefined }) {
  const mayCreate = staffMayDo(shop, 'coupon.create');
  const { list, draft, set, bind, errors, submit, save, toastNode } = useAdminForm<Draft, Coupon>({
    api,
    list: { name: 'coupons', path: '/admin/coupons' },
    blank: EMPTY,
    toBody: (d) => ({
      code: d.code,
      type: d.type,
      value: d.value === '' ? undefined : Number(d.value.replace(',', '.')),
      intervals: Number(d.intervals),
      plans: d.plans,
      comment: d.comment,
      expiresAt: d.expiresAt || null,
    }),
    schema: AdminCouponBody,
    fallbackField: 'code',
    send: async (body) => (await api.request<{ message: string }>('/admin/coupons', { method: 'POST', body })).message,
  });
  const partner = draft.code.trim().toUpperCase() === PARTNER_COUPON;
  const offered = partner ? couponPlans(PARTNER_COUPON, []) : PLANS.map((p) => p.id);

  return (
    <BlockStack gap="400">
      {mayCreate ? (
        <AdminFormCard
          title="Neuer Coupon"
          failed={save.error}
          actions={
            <InlineStack>
              <Button variant="primary" loading={save.isPending} onClick={submit}>
                Coupon erstellen
              </Button>
            </InlineStack>
          }
        >
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
                {...bind('value')}
                label={draft.type === 'percent' ? 'Rabatt in %' : 'Rabatt in €'}
                type="number"
              />
              <TextField {...bind('intervals')} label="Abrechnungszeiträume" type="number" />
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
              <TextField {...bind('expiresAt')} label="Gültig bis (optional)" type="date" />
              <TextField {...bind('comment')} label="Kommentar (optional)" maxLength={200} />
            </FormLayout.Group>
          </FormLayout>
        </AdminFormCard>
      ) : (
        <Banner tone="info">Coupons legt nur der Betrieb an.</Banner>
      )}
      <AdminListCard<Coupon>
        title="Coupons ohne Partner"
        query={list}
        errorTitle="Die Coupons konnten nicht geladen werden"
        emptyHeading="Noch keine Coupons ohne Partner"
        resourceName={{ singular: 'Coupon', plural: 'Coupons' }}
        headings={HEADINGS}
        row={(c, index) => (
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
        )}
      />
      {toastNode}
    </BlockStack>
  );
}
