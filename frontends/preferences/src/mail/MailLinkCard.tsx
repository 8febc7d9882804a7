import type { ApiClient } from '@belegfluss/frontend-kit';
import type { SmtpSettingsView } from '@belegfluss/shared';
import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { CREDIT_MAIL, INVOICE_MAIL, type MailAdapter } from './send-mail';
import { SMTP_KEY, STATE_LABEL } from './smtp';

/** The settings home's way to /preferences/mail, with the current sender and what is mailed automatically. */
export function MailLinkCard({ api, onOpen }: { api: ApiClient; onOpen: () => void }) {
  const smtp = useQuery({
    queryKey: SMTP_KEY,
    queryFn: ({ signal }) => api.get<{ smtp: SmtpSettingsView | null }>('/shop/smtp', signal),
  });
  const sender = smtp.data?.smtp;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center" align="space-between">
          <Text as="h2" variant="headingMd">
            E-Mail-Versand
          </Text>
          {sender ? <Badge tone={STATE_LABEL[sender.status].tone}>{STATE_LABEL[sender.status].label}</Badge> : null}
        </InlineStack>
        {smtp.data ? (
          <Text as="p">
            {sender
              ? `Eigener Absender: ${sender.email} über ${sender.host}`
              : 'Absender: der Standard-Absender der App'}
          </Text>
        ) : null}
        <AutoMailLine api={api} adapter={INVOICE_MAIL} label="Rechnungen" />
        <AutoMailLine api={api} adapter={CREDIT_MAIL} label="Gutschriften" />
        <InlineStack>
          <Button onClick={onOpen}>E-Mail-Versand einrichten</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

function AutoMailLine({ api, adapter, label }: { api: ApiClient; adapter: MailAdapter; label: string }) {
  const prefs = useQuery({
    queryKey: ['preferences', adapter.section],
    queryFn: ({ signal }) => api.get<{ value: Record<string, unknown> }>(`/preferences/${adapter.section}`, signal),
  });
  if (!prefs.data) return null;
  const on = adapter.read(prefs.data.value).enabled && adapter.finalized(prefs.data.value);
  return (
    <Text
      as="p"
      tone="subdued"
    >{`${label}: ${on ? 'werden automatisch per E-Mail versendet' : 'kein automatischer Versand'}`}</Text>
  );
}
