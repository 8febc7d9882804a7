import { formatDateTime, type ApiClient } from '@belegfluss/frontend-kit';
import { DowntimeBody } from '@belegfluss/shared';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  IndexTable,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation } from '@tanstack/react-query';
import { AdminFormCard, AdminListCard, useAdminForm } from './AdminForm';

interface Downtime {
  id: number;
  status: 'warning' | 'active';
  message: string;
  startsAt: string;
  endsAt: string | null;
}
interface Draft {
  id: number | null;
  status: 'warning' | 'active';
  message: string;
  startsAt: string;
  endsAt: string;
}

/** `datetime-local` speaks local time without a zone; the gateway wants ISO with one. */
const toLocal = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');
const EMPTY: Draft = { id: null, status: 'warning', message: '', startsAt: '', endsAt: '' };
const HEADINGS: [{ title: string }, ...{ title: string }[]] = [
  { title: 'Art' },
  { title: 'Nachricht' },
  { title: 'Zeitraum' },
  { title: 'Aktionen' },
];
const STATUS = { warning: 'Hinweis (Banner)', active: 'Wartung läuft (ganze Seite)' } as const;

/** What a merchant sees: the banner for a warning, the full-page screen for an active downtime. */
function Preview({ draft }: { draft: Draft }) {
  if (draft.status === 'warning') {
    return (
      <Banner tone="info" title="Geplante Wartungsarbeiten">
        <p>{draft.message || 'Die Nachricht an die Shops erscheint hier.'}</p>
      </Banner>
    );
  }
  return (
    <Card background="bg-surface-secondary">
      <BlockStack gap="200" inlineAlign="center">
        <Text as="h3" variant="headingLg" alignment="center">
          Wartungsarbeiten
        </Text>
        <Text as="p" alignment="center">
          {draft.message || 'Die Nachricht an die Shops erscheint hier.'}
        </Text>
        {draft.endsAt ? (
          <Text
            as="p"
            tone="subdued"
            alignment="center"
          >{`Voraussichtlich bis ${formatDateTime(toIso(draft.endsAt))}`}</Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}

/** Maintenance windows: create, edit, delete, with a preview of what the shops will see. */
export function Downtimes({ api }: { api: ApiClient }) {
  const { list, draft, set, bind, setDraft, reset, submit, save, done, toastNode } = useAdminForm<Draft, Downtime>({
    api,
    list: { name: 'downtimes', path: '/admin/downtimes' },
    blank: EMPTY,
    toBody: (d) => ({
      status: d.status,
      message: d.message,
      startsAt: toIso(d.startsAt),
      endsAt: d.endsAt ? toIso(d.endsAt) : null,
    }),
    schema: DowntimeBody,
    fallbackField: 'message',
    send: async (body, sent) => {
      await api.request(sent.id ? `/admin/downtimes/${sent.id}` : '/admin/downtimes', {
        method: sent.id ? 'PATCH' : 'POST',
        body,
      });
      return sent.id ? 'Wartung geändert' : 'Wartung angelegt';
    },
    // The shops read the downtime with their shop: the admin's own frame shows it at once.
    alsoStale: [['shop']],
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.request(`/admin/downtimes/${id}`, { method: 'DELETE' }),
    onSuccess: () => done('Wartung gelöscht'),
  });

  return (
    <BlockStack gap="400">
      <AdminFormCard
        title={draft.id ? 'Wartung bearbeiten' : 'Neue Wartung'}
        failed={save.error ?? remove.error}
        actions={
          <InlineStack gap="200">
            <Button variant="primary" loading={save.isPending} onClick={submit}>
              {draft.id ? 'Änderung speichern' : 'Wartung anlegen'}
            </Button>
            {draft.id ? <Button onClick={reset}>Abbrechen</Button> : null}
          </InlineStack>
        }
      >
        <FormLayout>
          <Select
            label="Art"
            options={[
              { label: STATUS.warning, value: 'warning' },
              { label: STATUS.active, value: 'active' },
            ]}
            value={draft.status}
            onChange={(v) => set({ status: v as Draft['status'] })}
          />
          <TextField
            {...bind('message')}
            label="Nachricht an die Shops"
            multiline={2}
            maxLength={500}
            showCharacterCount
          />
          <FormLayout.Group>
            <TextField {...bind('startsAt')} label="Beginn" type="datetime-local" />
            <TextField {...bind('endsAt')} label="Ende (optional)" type="datetime-local" />
          </FormLayout.Group>
        </FormLayout>
        <Text as="h3" variant="headingSm">
          Vorschau
        </Text>
        <Preview draft={draft} />
      </AdminFormCard>
      <AdminListCard<Downtime>
        title="Wartungen"
        query={list}
        errorTitle="Die Wartungen konnten nicht geladen werden"
        emptyHeading="Keine Wartungen geplant"
        resourceName={{ singular: 'Wartung', plural: 'Wartungen' }}
        headings={HEADINGS}
        row={(d, index) => (
          <IndexTable.Row id={String(d.id)} key={d.id} position={index}>
            <IndexTable.Cell>
              <Badge tone={d.status === 'active' ? 'critical' : 'info'}>{STATUS[d.status]}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <div style={{ whiteSpace: 'normal' }}>{d.message}</div>
            </IndexTable.Cell>
            <IndexTable.Cell>{`${formatDateTime(d.startsAt)} – ${d.endsAt ? formatDateTime(d.endsAt) : 'offen'}`}</IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="200">
                <Button
                  size="slim"
                  onClick={() =>
                    setDraft({
                      id: d.id,
                      status: d.status,
                      message: d.message,
                      startsAt: toLocal(d.startsAt),
                      endsAt: toLocal(d.endsAt),
                    })
                  }
                >
                  Bearbeiten
                </Button>
                <Button size="slim" tone="critical" onClick={() => remove.mutate(d.id)}>
                  Löschen
                </Button>
              </InlineStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        )}
      />
      {toastNode}
    </BlockStack>
  );
}
