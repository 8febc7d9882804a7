import { describeError } from '@belegfluss/frontend-kit';
import { Banner, BlockStack, Button, Card, FormLayout, Layout, Page, TextField } from '@shopify/polaris';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useShell } from '../../session/ShellContext';

/** `/help/contact?subject=…&message=…`: prefilled from the query. */
export function HelpContact({ search }: { search: string }) {
  const { api } = useShell();
  const query = new URLSearchParams(search);
  const [subject, setSubject] = useState(query.get('subject') ?? '');
  const [message, setMessage] = useState(query.get('message') ?? '');
  // The gateway says whether the mail to support went out; the request is stored either way.
  const send = useMutation({
    mutationFn: () =>
      api.request<{ mailed?: boolean; message?: string }>('/help/contact', {
        method: 'POST',
        body: { subject, message },
      }),
  });

  return (
    <Page title="Kontakt" backAction={{ content: 'Hilfe', url: '/help' }}>
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              {send.isSuccess ? (
                <Banner
                  tone={send.data?.mailed === false ? 'warning' : 'success'}
                  title={send.data?.mailed === false ? 'Nachricht gespeichert' : 'Nachricht gesendet'}
                >
                  <p>{send.data?.message ?? 'Wir melden uns per E-Mail bei dir.'}</p>
                </Banner>
              ) : null}
              {send.isError ? (
                <Banner tone="critical" title="Die Nachricht wurde nicht gesendet">
                  <p>{describeError(send.error)}</p>
                </Banner>
              ) : null}
              <FormLayout>
                <TextField label="Betreff" value={subject} onChange={setSubject} autoComplete="off" />
                <TextField label="Nachricht" value={message} onChange={setMessage} multiline={6} autoComplete="off" />
                <Button
                  variant="primary"
                  onClick={() => send.mutate()}
                  loading={send.isPending}
                  disabled={message.trim() === ''}
                >
                  Senden
                </Button>
              </FormLayout>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
