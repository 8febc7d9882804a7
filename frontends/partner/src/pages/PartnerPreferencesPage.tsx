import { describeError, errorField, QueryState, useRemoteToast, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { PartnerPreferencesBody } from '@belegfluss/shared';
import { Banner, BlockStack, Card, ChoiceList, FormLayout, Layout, Page, Select, TextField } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PARTNERS_ONLY } from '../partner';

interface Stored {
  email: string | null;
  taxId: string | null;
  vatId: string | null;
  language: 'de' | 'en';
  gateway: 'paypal' | 'bank' | null;
  address: { street?: string; zip?: string; city?: string; countryCode?: string } | null;
  paypalEmail: string | null;
  bankName: string | null;
  iban: string | null;
  bic: string | null;
}

type Form = Record<
  'email' | 'taxId' | 'vatId' | 'street' | 'zip' | 'city' | 'countryCode' | 'paypalEmail' | 'bankName' | 'iban' | 'bic',
  string
> & { gateway: 'paypal' | 'bank'; language: 'de' | 'en' };

const formOf = (s: Stored): Form => ({
  email: s.email ?? '',
  taxId: s.taxId ?? '',
  vatId: s.vatId ?? '',
  language: s.language,
  gateway: s.gateway ?? 'bank',
  street: s.address?.street ?? '',
  zip: s.address?.zip ?? '',
  city: s.address?.city ?? '',
  countryCode: s.address?.countryCode ?? 'DE',
  paypalEmail: s.paypalEmail ?? '',
  bankName: s.bankName ?? '',
  iban: s.iban ?? '',
  bic: s.bic ?? '',
});

/** The body of `PATCH /api/partner/preferences`: only the chosen gateway's fields, the address only when filled in. */
export function preferencesBody(f: Form) {
  const address =
    f.street || f.zip || f.city
      ? { street: f.street, zip: f.zip, city: f.city, countryCode: f.countryCode || 'DE' }
      : undefined;
  const common = {
    email: f.email,
    taxId: f.taxId,
    ...(f.vatId.trim() ? { vatId: f.vatId } : {}),
    ...(address ? { address } : {}),
    language: f.language,
  };
  return f.gateway === 'paypal'
    ? { gateway: 'paypal' as const, ...common, paypalEmail: f.paypalEmail }
    : { gateway: 'bank' as const, ...common, bankName: f.bankName, iban: f.iban, bic: f.bic };
}

/** Field errors with the shared schema's words, keyed like the form (`address.zip` → `zip`). */
function formErrors(body: unknown): Record<string, string> {
  const parsed = PartnerPreferencesBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path.at(-1) ?? 'form')] ??= issue.message;
  return errors;
}

function PreferencesForm({ api, stored, basePath }: { api: RemoteAppProps['api']; stored: Stored; basePath: string }) {
  const queryClient = useQueryClient();
  const [toast, showToast] = useRemoteToast();
  const [form, setForm] = useState<Form>(() => formOf(stored));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      api.request<{ message?: string }>('/partner/preferences', { method: 'PATCH', body: preferencesBody(form) }),
    onSuccess: async (answer) => {
      showToast(answer?.message ?? 'Gespeichert');
      await queryClient.invalidateQueries({ queryKey: ['partner'] });
    },
    onError: (error) => {
      const field = errorField(error)?.split('.').at(-1);
      if (field) setErrors({ [field]: describeError(error) });
    },
  });
  const field = (name: keyof Form, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={String(form[name])}
      onChange={(value) => {
        setForm({ ...form, [name]: value });
        setErrors(({ [name]: _gone, ...rest }) => rest);
      }}
      error={errors[name]}
      autoComplete="off"
      {...extra}
    />
  );
  const submit = () => {
    const found = formErrors(preferencesBody(form));
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Page
      title="Partnerdaten"
      backAction={{ content: 'Partnerprogramm', url: basePath }}
      primaryAction={{ content: 'Speichern', onAction: submit, loading: save.isPending }}
    >
      <Layout>
        {save.isError && !errorField(save.error) ? (
          <Layout.Section>
            <Banner tone="critical" title="Nicht gespeichert">
              <p>{describeError(save.error)}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.AnnotatedSection title="Kontakt und Steuern" description="Für deine Provisionsgutschriften.">
          <Card>
            <FormLayout>
              {field('email', 'E-Mail-Adresse', { type: 'email', autoComplete: 'email' })}
              <FormLayout.Group>
                {field('taxId', 'Steuernummer')}
                {field('vatId', 'USt-IdNr. (optional)')}
              </FormLayout.Group>
              {field('street', 'Straße und Hausnummer')}
              <FormLayout.Group>
                {field('zip', 'PLZ')}
                {field('city', 'Ort')}
                {field('countryCode', 'Land (ISO-Code)', { maxLength: 2 })}
              </FormLayout.Group>
              <Select
                label="Sprache der Belege"
                options={[
                  { label: 'Deutsch', value: 'de' },
                  { label: 'Englisch', value: 'en' },
                ]}
                value={form.language}
                onChange={(v) => setForm({ ...form, language: v as Form['language'] })}
              />
            </FormLayout>
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection title="Auszahlung" description="Wohin deine Provisionen gehen.">
          <Card>
            <BlockStack gap="400">
              <ChoiceList
                title="Auszahlungsweg"
                choices={[
                  { label: 'Banküberweisung (SEPA)', value: 'bank' },
                  { label: 'PayPal', value: 'paypal' },
                ]}
                selected={[form.gateway]}
                onChange={([value]) => setForm({ ...form, gateway: value === 'paypal' ? 'paypal' : 'bank' })}
              />
              <FormLayout>
                {form.gateway === 'paypal' ? (
                  field('paypalEmail', 'PayPal-E-Mail-Adresse', { type: 'email' })
                ) : (
                  <>
                    {field('bankName', 'Kontoinhaber oder Bank')}
                    <FormLayout.Group>
                      {field('iban', 'IBAN')}
                      {field('bic', 'BIC')}
                    </FormLayout.Group>
                  </>
                )}
              </FormLayout>
            </BlockStack>
          </Card>
        </Layout.AnnotatedSection>
      </Layout>
      {toast}
    </Page>
  );
}

/** The partner preferences: contact, tax and payout data. */
export function PartnerPreferencesPage({ api, basePath }: RemoteAppProps) {
  const stored = useQuery({
    queryKey: ['partner', 'preferences'],
    queryFn: ({ signal }) => api.get<Stored>('/partner/preferences', signal),
  });
  return (
    <QueryState
      query={stored}
      forbidden={PARTNERS_ONLY}
      errorTitle="Die Partnerdaten konnten nicht geladen werden"
      skeleton={{ lines: 14 }}
      card
      frame={(state) => (
        <Page title="Partnerdaten" backAction={{ content: 'Partnerprogramm', url: basePath }}>
          {state}
        </Page>
      )}
    >
      {(data) => <PreferencesForm api={api} stored={data} basePath={basePath} />}
    </QueryState>
  );
}
