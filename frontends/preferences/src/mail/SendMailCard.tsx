import { describeError, errorField, LoadErrorBanner, type ApiClient } from '@belegfluss/frontend-kit';
import { LIMITS, templateGroupsFor } from '@belegfluss/shared';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PlaceholderPicker } from '../form/PlaceholderPicker';
import { TemplatePreview } from '../form/TemplatePreview';
import { AttachmentInputs, TagInput } from './ListInputs';
import { blockErrors, type MailAdapter, type MailBlock } from './send-mail';

type Raw = Record<string, unknown>;
type Toast = (content: string, error?: boolean) => void;
interface Saved {
  value: Raw;
  forced: string[];
}

const WORDS = {
  invoice: { title: 'Rechnungen per E-Mail', plural: 'Rechnungen', switch: 'Rechnungen automatisch per E-Mail senden' },
  credit: {
    title: 'Gutschriften per E-Mail',
    plural: 'Gutschriften',
    switch: 'Gutschriften automatisch per E-Mail senden',
  },
} as const;

/** The mail's texts that take placeholders, each with a live preview. */
const MAIL_TEXTS = [
  { name: 'subject', label: 'Betreff', max: LIMITS.mailSubject, lines: undefined, help: undefined },
  {
    name: 'message',
    label: 'Nachricht',
    max: LIMITS.mailMessage,
    lines: 6,
    help: 'HTML ist erlaubt. Platzhalter werden für jede Bestellung ersetzt.',
  },
  { name: 'signature', label: 'Signatur', max: LIMITS.mailMessage, lines: 3, help: 'Steht unter der Nachricht.' },
] as const;

/** One automatic `sendMail` block, saved into its preferences section. */
export function SendMailCard({ api, adapter, toast }: { api: ApiClient; adapter: MailAdapter; toast: Toast }) {
  const key = ['preferences', adapter.section];
  const prefs = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ value: Raw }>(`/preferences/${adapter.section}`, signal),
  });
  if (prefs.isError)
    return (
      <LoadErrorBanner
        title={`${WORDS[adapter.kind].title}: Einstellungen konnten nicht geladen werden`}
        error={prefs.error}
        onRetry={() => void prefs.refetch()}
      />
    );
  if (!prefs.data)
    return (
      <Card>
        <SkeletonBodyText lines={8} />
      </Card>
    );
  const value = prefs.data.value;
  const saved = adapter.read(value);
  return (
    <SendMailEditor
      key={JSON.stringify([saved, adapter.finalized(value)])}
      api={api}
      adapter={adapter}
      toast={toast}
      saved={saved}
      finalized={adapter.finalized(value)}
    />
  );
}

function SendMailEditor({
  api,
  adapter,
  toast,
  saved,
  finalized,
}: {
  api: ApiClient;
  adapter: MailAdapter;
  toast: Toast;
  saved: MailBlock;
  finalized: boolean;
}) {
  const queryClient = useQueryClient();
  const words = WORDS[adapter.kind];
  const [block, setBlock] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const patch = useMutation({
    mutationFn: (body: Raw) => api.request<Saved>(`/preferences/${adapter.section}`, { method: 'PATCH', body }),
    onSuccess: (answer) => {
      const off = answer.forced.includes(adapter.forcedOff);
      // The server switches mail off while documents stay drafts; say so rather than pretend.
      toast(
        off ? `Gespeichert. Automatischer Versand aus: ${words.plural} werden nicht festgeschrieben.` : 'Gespeichert',
      );
      queryClient.setQueryData(['preferences', adapter.section], { value: answer.value });
      return queryClient.invalidateQueries({ queryKey: ['preferences'] });
    },
    onError: (error) => {
      const field = errorField(error);
      const mine = field ? adapter.field(field) : undefined;
      if (mine) setErrors({ [mine]: describeError(error) });
    },
  });

  const edit = <K extends keyof MailBlock>(name: K, next: MailBlock[K]) => {
    setBlock({ ...block, [name]: next });
    setErrors(Object.fromEntries(Object.entries(errors).filter(([f]) => f !== name && !f.startsWith(`${name}.`))));
  };
  const submit = () => {
    const cleaned = { ...block, attachments: block.attachments.map((u) => u.trim()).filter(Boolean) };
    const found = blockErrors(cleaned);
    setBlock(cleaned);
    setErrors(found);
    if (Object.keys(found).length === 0) patch.mutate(adapter.patch(cleaned));
  };
  const dirty = JSON.stringify(block) !== JSON.stringify(saved);
  const busy = patch.isPending;
  const text = (name: 'to' | 'name' | 'replyTo' | 'copy' | 'subject' | 'message' | 'signature') => ({
    value: block[name],
    onChange: (v: string) => edit(name, v),
    error: errors[name],
    disabled: busy,
    autoComplete: 'off',
  });
  const fieldId = (name: 'subject' | 'message' | 'signature') => `${adapter.kind}-mail-${name}`;
  const unplaced =
    patch.isError && !(errorField(patch.error) && adapter.field(errorField(patch.error)!))
      ? describeError(patch.error)
      : undefined;

  return (
    <Card>
      <section aria-label={words.title}>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {words.title}
          </Text>
          {!finalized ? (
            <Banner
              tone="warning"
              title="Automatischer Versand nicht möglich"
              action={{
                content: `${words.plural} automatisch festschreiben`,
                onAction: () => patch.mutate(adapter.finalizeOn),
                loading: busy,
              }}
            >
              <p>{`E-Mails gehen nur für festgeschriebene (finalisierte) Belege hinaus. Solange ${words.plural} als Entwurf angelegt werden, bleibt der automatische Versand aus.`}</p>
            </Banner>
          ) : null}
          <Checkbox
            label={words.switch}
            helpText="Jeder neue Beleg geht mit seinem PDF an den Empfänger, einmal pro Beleg."
            checked={block.enabled && finalized}
            disabled={!finalized || busy}
            onChange={(on) => edit('enabled', on)}
          />
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label="Empfänger"
                helpText="Eine Adresse oder ein Platzhalter, z. B. {ORDER.EMAIL}."
                {...text('to')}
              />
              <TextField label="Absendername" helpText="Leer: der Name deines Shops." {...text('name')} />
            </FormLayout.Group>
            <FormLayout.Group>
              <TextField
                label="Antwort an"
                type="email"
                helpText="Antworten deiner Kunden gehen an diese Adresse."
                {...text('replyTo')}
              />
              <TextField
                label="Blindkopie (BCC)"
                type="email"
                helpText="Eine Kopie jeder E-Mail, z. B. für deine Buchhaltung."
                {...text('copy')}
              />
            </FormLayout.Group>
            {MAIL_TEXTS.map((t) => (
              <BlockStack key={t.name} gap="100">
                <TextField
                  id={fieldId(t.name)}
                  label={t.label}
                  multiline={t.lines}
                  maxLength={t.max}
                  showCharacterCount={t.name === 'subject'}
                  helpText={t.help}
                  {...text(t.name)}
                />
                <TemplatePreview api={api} type="mail" field={t.name} value={block[t.name]} />
              </BlockStack>
            ))}
          </FormLayout>
          <PlaceholderPicker
            api={api}
            id={`${adapter.kind}-mail-placeholders`}
            fields={MAIL_TEXTS.map((t) => ({
              id: fieldId(t.name),
              label: t.label,
              accepts: templateGroupsFor('mail'),
            }))}
          />
          <AttachmentInputs
            value={block.attachments}
            onChange={(urls) => edit('attachments', urls)}
            errorOf={(i) => errors[`attachments.${i}`] ?? (i === 0 ? errors.attachments : undefined)}
            disabled={busy}
          />
          <FormLayout>
            <FormLayout.Group>
              <TagInput
                label="Nicht senden bei Tags"
                helpText="Bestellungen mit einem dieser Tags bekommen keine E-Mail. Komma oder Enter fügt hinzu."
                value={block.skipTags}
                onChange={(tags) => edit('skipTags', tags)}
                disabled={busy}
                error={errors.skipTags}
              />
              <TagInput
                label="Nicht senden bei Quellen"
                helpText="Bestellquellen aus Shopify, z. B. pos für Kassenverkäufe."
                value={block.skipSources}
                onChange={(sources) => edit('skipSources', sources)}
                disabled={busy}
                error={errors.skipSources}
              />
            </FormLayout.Group>
          </FormLayout>
          {unplaced ? <Text as="p" tone="critical">{`Nicht gespeichert: ${unplaced}`}</Text> : null}
          {Object.keys(errors).length > 0 ? (
            <Text as="p" tone="critical">
              Bitte korrigiere die markierten Felder.
            </Text>
          ) : null}
          <InlineStack align="end" gap="200">
            <Button
              disabled={!dirty || busy}
              onClick={() => {
                setBlock(saved);
                setErrors({});
              }}
            >
              Verwerfen
            </Button>
            <Button variant="primary" disabled={!dirty || busy} loading={busy} onClick={submit}>
              Speichern
            </Button>
          </InlineStack>
        </BlockStack>
      </section>
    </Card>
  );
}
