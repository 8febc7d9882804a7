import {
  describeError,
  formatDateTime,
  LoadErrorBanner,
  useRemoteToast,
  type ApiClient,
} from '@belegfluss/frontend-kit';
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
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

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
  const [toastNode, toast] = useRemoteToast();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'downtimes'],
    queryFn: ({ signal }) => api.get<{ items: Downtime[] }>('/admin/downtimes', signal),
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = async (text: string) => {
    toast(text);
    setDraft(EMPTY);
    setErrors({});
    await queryClient.invalidateQueries({ queryKey: ['admin', 'downtimes'] });
    await queryClient.invalidateQueries({ queryKey: ['shop'] });
  };
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.request(draft.id ? `/admin/downtimes/${draft.id}` : '/admin/downtimes', {
        method: draft.id ? 'PATCH' : 'POST',
        body,
      }),
    onSuccess: () => done(draft.id ? 'Wartung geändert' : 'Wartung angelegt'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.request(`/admin/downtimes/${id}`, { method: 'DELETE' }),
    onSuccess: () => done('Wartung gelöscht'),
  });
  const submit = () => {
    const body = {
      status: draft.status,
      message: draft.message,
      startsAt: toIso(draft.startsAt),
      endsAt: draft.endsAt ? toIso(draft.endsAt) : null,
    };
    // The gateway's own schema, so the form names the same problems in the same words before sending.
    const parsed = DowntimeBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'message'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(body);
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  let table;
  if (list.isError)
    table = (
      <LoadErrorBanner
        title="Die Wartungen konnten nicht geladen werden"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!list.data) table = <SkeletonBodyText lines={3} />;
  else if (list.data.items.length === 0)
    table = (
      <Text as="p" tone="subdued">
        Keine Wartungen geplant.
      </Text>
    );
  else
    table = (
      <IndexTable
        resourceName={{ singular: 'Wartung', plural: 'Wartungen' }}
        itemCount={list.data.items.length}
        selectable={false}
        headings={[{ title: 'Art' }, { title: 'Nachricht' }, { title: 'Zeitraum' }, { title: 'Aktionen' }]}
      >
        {list.data.items.map((d, index) => (
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
        ))}
      </IndexTable>
    );

  const failed = save.error ?? remove.error;
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {draft.id ? 'Wartung bearbeiten' : 'Neue Wartung'}
          </Text>
          {failed ? (
            <Banner tone="critical" title="Nicht gespeichert">
              <p>{describeError(failed)}</p>
            </Banner>
          ) : null}
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
              label="Nachricht an die Shops"
              value={draft.message}
              onChange={(v) => set({ message: v })}
              multiline={2}
              maxLength={500}
              showCharacterCount
              error={errors.message}
              autoComplete="off"
            />
            <FormLayout.Group>
              <TextField
                label="Beginn"
                type="datetime-local"
                value={draft.startsAt}
                onChange={(v) => set({ startsAt: v })}
                error={errors.startsAt}
                autoComplete="off"
              />
              <TextField
                label="Ende (optional)"
                type="datetime-local"
                value={draft.endsAt}
                onChange={(v) => set({ endsAt: v })}
                error={errors.endsAt}
                autoComplete="off"
              />
            </FormLayout.Group>
          </FormLayout>
          <Text as="h3" variant="headingSm">
            Vorschau
          </Text>
          <Preview draft={draft} />
          <InlineStack gap="200">
            <Button variant="primary" loading={save.isPending} onClick={submit}>
              {draft.id ? 'Änderung speichern' : 'Wartung anlegen'}
            </Button>
            {draft.id ? (
              <Button
                onClick={() => {
                  setDraft(EMPTY);
                  setErrors({});
                }}
              >
                Abbrechen
              </Button>
            ) : null}
          </InlineStack>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Wartungen
          </Text>
          {table}
        </BlockStack>
      </Card>
      {toastNode}
    </BlockStack>
  );
}
