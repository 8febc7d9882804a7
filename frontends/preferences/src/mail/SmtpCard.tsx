import { describeError, errorField, formatDateTime, LoadErrorBanner, type ApiClient } from '@belegfluss/frontend-kit';
import { MAIL_MESSAGES, SMTP_DEFAULT_PORT, storedSmtpPasswordApplies, type SmtpSettingsView } from '@belegfluss/shared';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  bodyOf,
  ENCRYPTION_OPTIONS,
  formOf,
  SMTP_KEY,
  smtpErrors,
  STATE_LABEL,
  type SmtpCheck,
  type SmtpForm,
} from './smtp';

type Toast = (content: string, error?: boolean) => void;

/** The merchant's own SMTP sender, used only after a successful check. */
export function SmtpCard({ api, toast }: { api: ApiClient; toast: Toast }) {
  const smtp = useQuery({
    queryKey: SMTP_KEY,
    queryFn: ({ signal }) => api.get<{ smtp: SmtpSettingsView | null }>('/shop/smtp', signal),
  });
  if (smtp.isError)
    return (
      <LoadErrorBanner
        title="Der Absender konnte nicht geladen werden"
        error={smtp.error}
        onRetry={() => void smtp.refetch()}
      />
    );
  if (!smtp.data)
    return (
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    );
  // A new answer from the server (saved, checked, removed) starts the form afresh, password field empty.
  return <SmtpEditor key={JSON.stringify(smtp.data.smtp)} api={api} toast={toast} view={smtp.data.smtp} />;
}

function SenderState({ view }: { view: SmtpSettingsView | null }) {
  if (!view) {
    return (
      <Banner tone="info" title="Standard-Absender der App aktiv">
        <p>
          Du hast keinen eigenen Absender eingerichtet. Belegfluss versendet deine Belege über den Standard-Absender der
          App; Antworten gehen an deine Antwortadresse.
        </p>
      </Banner>
    );
  }
  const state = STATE_LABEL[view.status];
  const fallback = 'Bis zur nächsten erfolgreichen Prüfung versendet Belegfluss über den Standard-Absender der App.';
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span">Status:</Text>
        <Badge tone={state.tone}>{state.label}</Badge>
        {view.checkedAt ? (
          <Text as="span" tone="subdued">{`zuletzt geprüft am ${formatDateTime(view.checkedAt)}`}</Text>
        ) : null}
      </InlineStack>
      {view.status === 'connected' ? (
        <Text as="p">{`Belegfluss versendet deine Belege über ${view.host} als ${view.email}.`}</Text>
      ) : null}
      {view.status === 'unchecked' ? <Text as="p" tone="subdued">{`Noch nicht geprüft. ${fallback}`}</Text> : null}
      {view.status === 'interrupted' ? (
        <Banner tone="critical" title="Verbindung unterbrochen">
          <p>{view.error ?? MAIL_MESSAGES.smtpFailed}</p>
          <p>{fallback}</p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}

function SmtpEditor({ api, toast, view }: { api: ApiClient; toast: Toast; view: SmtpSettingsView | null }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SmtpForm>(() => formOf(view));
  const [touched, setTouched] = useState<Partial<Record<keyof SmtpForm, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const stored = (smtp: SmtpSettingsView | null) => queryClient.setQueryData(SMTP_KEY, { smtp });

  const check = useMutation({
    mutationFn: () => api.request<SmtpCheck>('/shop/smtp/validate', { method: 'POST', body: bodyOf(form) }),
    onSuccess: (answer) => {
      toast(answer.result.ok ? MAIL_MESSAGES.smtpConnected : MAIL_MESSAGES.smtpFailed, !answer.result.ok);
      stored(answer.smtp);
    },
  });
  const save = useMutation({
    mutationFn: () => api.request<{ smtp: SmtpSettingsView }>('/shop/smtp', { method: 'PATCH', body: bodyOf(form) }),
    onSuccess: (answer) => {
      toast('Absender gespeichert');
      stored(answer.smtp);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.request('/shop/smtp', { method: 'DELETE' }),
    onSuccess: () => {
      toast('Eigener Absender entfernt');
      stored(null);
    },
  });
  const failed = [check, save, remove].find((m) => m.isError)?.error;
  const failedField = failed ? errorField(failed) : undefined;

  const errors = smtpErrors(form);
  const blocked = Object.keys(errors).length > 0;
  const busy = check.isPending || save.isPending || remove.isPending;
  const errorOf = (field: keyof SmtpForm) =>
    (submitted || touched[field] ? errors[field] : undefined) ??
    (failedField === field ? describeError(failed) : undefined);
  const field = (name: keyof SmtpForm) => ({
    value: form[name],
    onChange: (value: string) => {
      [check, save, remove].forEach((m) => m.reset());
      setForm({ ...form, [name]: value });
    },
    onBlur: () => setTouched({ ...touched, [name]: true }),
    error: errorOf(name),
    autoComplete: 'off',
  });
  /** Submission is blocked while any field has an error. */
  const submit = (action: { mutate: () => void }) => () => {
    setSubmitted(true);
    if (!blocked) action.mutate();
  };

  return (
    <Card>
      <section aria-label="Eigener Absender (SMTP)">
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Eigener Absender (SMTP)
          </Text>
          <SenderState view={view} />
          <FormLayout>
            <FormLayout.Group>
              <TextField label="SMTP-Server" placeholder="smtp.mein-laden.de" {...field('host')} />
              <TextField
                label="Port"
                type="number"
                // The port an empty field stands for: 587 belongs to TLS, while SSL, the default, uses 465.
                placeholder={String(SMTP_DEFAULT_PORT[form.encryption])}
                {...field('port')}
                helpText="Leer lassen für den üblichen Port der Verschlüsselung."
              />
            </FormLayout.Group>
            <Select
              label="Verschlüsselung"
              options={ENCRYPTION_OPTIONS}
              value={form.encryption}
              onChange={(v) => setForm({ ...form, encryption: v as SmtpForm['encryption'] })}
            />
            <FormLayout.Group>
              <TextField label="Benutzername" {...field('user')} />
              <TextField
                label="Passwort"
                type="password"
                {...field('pass')}
                autoComplete="new-password"
                placeholder={view?.hasPassword && storedSmtpPasswordApplies(view, form) ? '••••••••' : undefined}
                helpText={
                  !view?.hasPassword
                    ? 'Wird verschlüsselt gespeichert und nie wieder angezeigt.'
                    : storedSmtpPasswordApplies(view, form)
                      ? 'Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.'
                      : MAIL_MESSAGES.passwordAgain
                }
              />
            </FormLayout.Group>
            <FormLayout.Group>
              <TextField
                label="Absender-E-Mail"
                type="email"
                placeholder="rechnung@mein-laden.de"
                {...field('email')}
              />
              <TextField label="Absendername" placeholder="Mein Laden" {...field('name')} />
            </FormLayout.Group>
          </FormLayout>
          {failed && !failedField ? (
            <Text as="p" tone="critical">
              {describeError(failed)}
            </Text>
          ) : null}
          <InlineStack gap="200" align="end">
            {view ? (
              <Button
                tone="critical"
                variant="plain"
                disabled={busy}
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Eigenen Absender entfernen
              </Button>
            ) : null}
            <Button disabled={busy} loading={save.isPending} onClick={submit(save)}>
              Speichern
            </Button>
            <Button variant="primary" disabled={busy} loading={check.isPending} onClick={submit(check)}>
              Verbindung prüfen
            </Button>
          </InlineStack>
        </BlockStack>
      </section>
    </Card>
  );
}
