import {
  describeError,
  errorField,
  formatDate,
  formatNumber,
  QueryState,
  NumericCell,
  useRemoteToast,
  type RemoteAppProps,
} from '@belegfluss/frontend-kit';
import { PARTNER_COUPON_MESSAGES, PARTNER_COUPON_TYPES } from '@belegfluss/shared';
import {
  Button,
  Card,
  FormLayout,
  IndexTable,
  type IndexTableProps,
  Layout,
  Modal,
  Page,
  Select,
  Tabs,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  COUPON_TABS,
  couponTypeLabel,
  normalizePartnerCode,
  partnerCodeError,
  type CouponList,
  type PartnerCoupon,
} from './coupons';
import { PARTNERS_ONLY } from '../partner';

const COUPONS_KEY = ['partner', 'coupons'] as const;
const HEADINGS: IndexTableProps['headings'] = [
  { title: 'Code' },
  { title: 'Rabatt' },
  { title: 'Aufrufe', alignment: 'end' },
  { title: 'Einlösungen', alignment: 'end' },
  { title: 'Erstellt' },
  { title: '' },
];

/** A gateway code as its German text; anything else as the gateway says it. */
const couponMessage = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code && code in PARTNER_COUPON_MESSAGES
    ? PARTNER_COUPON_MESSAGES[code as keyof typeof PARTNER_COUPON_MESSAGES]
    : describeError(error);
};

function CreateCouponModal({
  api,
  onDone,
  onClose,
}: {
  api: RemoteAppProps['api'];
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [type, setType] = useState<string>(PARTNER_COUPON_TYPES.find((t) => t.popular)?.id ?? '');
  const [codeError, setCodeError] = useState<string>();
  const create = useMutation({
    mutationFn: () =>
      api.request<{ message?: string }>(`/partner/coupons/${encodeURIComponent(code)}`, {
        method: 'POST',
        body: { type },
      }),
    onSuccess: (answer) => onDone(answer?.message ?? 'Coupon erstellt'),
    onError: (error) => {
      if (errorField(error) !== 'type') setCodeError(couponMessage(error));
    },
  });
  const submit = () => {
    const problem = partnerCodeError(code);
    setCodeError(problem);
    if (!problem) create.mutate();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Coupon erstellen"
      primaryAction={{ content: 'Erstellen', onAction: submit, loading: create.isPending, disabled: type === '' }}
      secondaryActions={[{ content: 'Abbrechen', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Code"
            value={code}
            onChange={(value) => {
              setCode(normalizePartnerCode(value));
              setCodeError(undefined);
            }}
            error={codeError}
            helpText="4 bis 30 Zeichen: Großbuchstaben, Ziffern und Bindestriche."
            autoComplete="off"
          />
          <Select
            label="Rabatt"
            options={PARTNER_COUPON_TYPES.map((t) => ({ label: couponTypeLabel(t), value: t.id }))}
            value={type}
            onChange={setType}
            error={create.isError && errorField(create.error) === 'type' ? couponMessage(create.error) : undefined}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}

/** `/partner/coupons`: `/new` opens the create dialog, `/confirm?code=` the delete confirmation. */
export function CouponsPage({ api, path, search, basePath, navigate }: RemoteAppProps) {
  const queryClient = useQueryClient();
  const [toast, showToast] = useRemoteToast();
  const [tab, setTab] = useState(0);
  const coupons = useQuery({
    queryKey: COUPONS_KEY,
    queryFn: ({ signal }) => api.get<CouponList>('/partner/coupons', signal),
  });
  const listUrl = `${basePath}/coupons`;
  const confirmCode = path === '/coupons/confirm' ? new URLSearchParams(search).get('code') : null;
  const remove = useMutation({
    mutationFn: (code: string) =>
      api.request<{ message?: string }>(`/partner/coupons/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    onSuccess: async (answer) => {
      showToast(answer?.message ?? '1 Coupon(s) gelöscht');
      navigate(listUrl);
      await queryClient.invalidateQueries({ queryKey: ['partner'] });
    },
    onError: (error) => {
      showToast(couponMessage(error), true);
      navigate(listUrl);
    },
  });

  const tabs = (
    <Tabs tabs={COUPON_TABS.map((t) => ({ id: t.id, content: t.label }))} selected={tab} onSelect={setTab} />
  );
  const content = (
    <QueryState
      query={coupons}
      forbidden={PARTNERS_ONLY}
      errorTitle="Die Coupons konnten nicht geladen werden"
      skeleton={{ table: HEADINGS, above: tabs }}
      card
      empty={{
        when: (data) => data.items.length === 0,
        heading: 'Noch keine Coupons',
        text: 'Erstelle einen Coupon und gib ihn an Shops weiter. Für jede Einlösung erhältst du eine Provision.',
        action: { content: 'Coupon erstellen', url: `${listUrl}/new` },
      }}
    >
      {(data) => {
        const rows: PartnerCoupon[] = data.items.filter(COUPON_TABS[tab]?.keep ?? (() => true));
        return (
          <Card padding="0">
            {tabs}
            <IndexTable
              resourceName={{ singular: 'Coupon', plural: 'Coupons' }}
              itemCount={rows.length}
              selectable={false}
              headings={HEADINGS}
              emptyState={
                <Text as="p" tone="subdued" alignment="center">
                  In diesem Reiter gibt es keine Coupons.
                </Text>
              }
            >
              {rows.map((coupon, index) => (
                <IndexTable.Row id={coupon.code} key={coupon.code} position={index}>
                  <IndexTable.Cell>
                    <Text as="span" fontWeight="semibold">
                      {coupon.code}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{`${formatNumber(coupon.value)} % für ${coupon.intervals} ${coupon.intervals === 1 ? 'Monat' : 'Monate'}`}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <NumericCell>{formatNumber(coupon.views)}</NumericCell>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <NumericCell>{formatNumber(coupon.redemptions)}</NumericCell>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{formatDate(coupon.createdAt)}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Button
                      variant="plain"
                      tone="critical"
                      url={`${listUrl}/confirm?code=${encodeURIComponent(coupon.code)}`}
                      accessibilityLabel={`Coupon ${coupon.code} löschen`}
                    >
                      Löschen
                    </Button>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          </Card>
        );
      }}
    </QueryState>
  );

  const full = coupons.data ? coupons.data.items.length >= coupons.data.max : false;
  return (
    <Page
      title="Coupons"
      subtitle={coupons.data ? `${coupons.data.items.length} von ${coupons.data.max} Coupons` : undefined}
      backAction={{ content: 'Partnerprogramm', url: basePath }}
      primaryAction={{
        content: 'Coupon erstellen',
        url: `${listUrl}/new`,
        disabled: full,
        helpText: full ? 'Maximale Anzahl an Coupons erreicht' : undefined,
      }}
    >
      <Layout>
        <Layout.Section>{content}</Layout.Section>
      </Layout>
      {path === '/coupons/new' ? (
        <CreateCouponModal
          api={api}
          onClose={() => navigate(listUrl)}
          onDone={(message) => {
            showToast(message);
            navigate(listUrl);
            void queryClient.invalidateQueries({ queryKey: ['partner'] });
          }}
        />
      ) : null}
      {confirmCode ? (
        <Modal
          open
          onClose={() => navigate(listUrl)}
          title={`Coupon ${confirmCode} löschen?`}
          primaryAction={{
            content: 'Löschen',
            destructive: true,
            loading: remove.isPending,
            onAction: () => remove.mutate(confirmCode),
          }}
          secondaryActions={[{ content: 'Abbrechen', onAction: () => navigate(listUrl) }]}
        >
          <Modal.Section>
            <Text as="p">
              Shops können den Code danach nicht mehr einlösen. Coupons mit offenen Provisionen lassen sich nicht
              löschen.
            </Text>
          </Modal.Section>
        </Modal>
      ) : null}
      {toast}
    </Page>
  );
}
