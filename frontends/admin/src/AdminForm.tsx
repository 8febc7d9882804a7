import { describeError, errorField, useRemoteToast, type ApiClient } from '@belegfluss/frontend-kit';
import { Banner, BlockStack, Card, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AdminTable } from './AdminTable';

/** What the form needs of the gateway's zod schema. */
interface BodySchema {
  safeParse(body: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface AdminFormOptions<D> {
  api: ApiClient;
  /** The list the form changes, `GET {path}` → `{ items }`; cached under `['admin', name]`. */
  list: { name: string; path: string };
  blank: D;
  /** The request body for a draft. */
  toBody: (draft: D) => Record<string, unknown>;
  /** The gateway's own schema: the form names the same problems in the same words before sending. */
  schema: BodySchema;
  /** Where a problem that names no field is shown. */
  fallbackField: string;
  /** Sends the body for the draft and answers what the toast says. */
  send: (body: Record<string, unknown>, draft: D) => Promise<string>;
  /** Other caches a change makes stale, besides the list. */
  alsoStale?: QueryKey[];
}

/**
 * An admin list with a form that adds to it (or edits one of its rows): the list query, the draft
 * with its field errors, the check against the gateway's schema before sending, and after a change
 * a toast, an empty form and a fresh list.
 */
export function useAdminForm<D, Item>({
  api,
  list: { name, path },
  blank,
  toBody,
  schema,
  fallbackField,
  send,
  alsoStale = [],
}: AdminFormOptions<D>) {
  const [toastNode, toast] = useRemoteToast();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', name],
    queryFn: ({ signal }) => api.get<{ items: Item[] }>(path, signal),
  });
  const [draft, setDraft] = useState<D>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  /** A text field's value, change and error for one key of the draft. */
  const bind = (name: keyof D & string) => ({
    value: String(draft[name]),
    onChange: (value: string) => set({ [name]: value } as Partial<D>),
    error: errors[name],
    autoComplete: 'off',
  });
  const reset = () => {
    setDraft(blank);
    setErrors({});
  };
  /** After any change: say so, empty the form, and read the list again. */
  const done = async (text: string) => {
    toast(text);
    reset();
    for (const key of [['admin', name], ...alsoStale]) await queryClient.invalidateQueries({ queryKey: key });
  };
  const save = useMutation({
    mutationFn: ({ body, sent }: { body: Record<string, unknown>; sent: D }) => send(body, sent),
    onSuccess: done,
    onError: (error) => {
      // A field the gateway names gets the message beside it; anything else goes to the banner.
      const field = errorField(error);
      if (field) setErrors({ [field.split('.')[0]!]: describeError(error) });
    },
  });
  const submit = () => {
    const body = toBody(draft);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error?.issues ?? [];
      setErrors(Object.fromEntries(issues.map((i) => [String(i.path[0] ?? fallbackField), i.message])));
      return;
    }
    setErrors({});
    save.mutate({ body, sent: draft });
  };
  return { list, draft, set, bind, setDraft, errors, reset, submit, save, done, toast, toastNode };
}

function TitledCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

/** The form's card: its heading, a banner when the gateway refused without naming a field, the fields, the buttons. */
export function AdminFormCard({
  title,
  failed,
  actions,
  children,
}: {
  title: string;
  failed: unknown;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title}>
      {failed && !errorField(failed) ? (
        <Banner tone="critical" title="Nicht gespeichert">
          <p>{describeError(failed)}</p>
        </Banner>
      ) : null}
      {children}
      {actions}
    </TitledCard>
  );
}

/** The list's card: its heading above the table. */
export function AdminListCard<Item>({
  title,
  ...table
}: { title: string } & Omit<Parameters<typeof AdminTable<{ items: Item[] }, Item>>[0], 'items' | 'card'>) {
  return (
    <TitledCard title={title}>
      <AdminTable {...table} items={(data) => data.items} />
    </TitledCard>
  );
}
