import {
  describeError,
  errorField,
  GatedFeature,
  LoadErrorBanner,
  type RemoteAppProps,
} from '@belegfluss/frontend-kit';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { scopeText } from '@belegfluss/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { METAFIELDS_KEY, useMetafieldCatalogue, type Catalogue, type ReadEntry, type WriteEntry } from './catalogue';
import { LinkWizard } from './LinkWizard';
import { useLinkWizard } from './use-link-wizard';

const SAVED_FEEDBACK_MS = 5_000;

/** /preferences/metafields: read entries become placeholders, write entries carry document data to the order. */
export function MetafieldsPage({ api, basePath, search, navigate }: RemoteAppProps) {
  const queryClient = useQueryClient();
  const catalogue = useMetafieldCatalogue(api);
  const wizard = useLinkWizard({ search, navigate, here: `${basePath}/metafields` });
  const [savedAt, setSavedAt] = useState<number>();
  const save = useMutation({
    mutationFn: (change: { read?: ReadEntry[]; write?: WriteEntry[] }) =>
      api.request('/preferences/metafields', { method: 'PATCH', body: change }),
    onSuccess: () => {
      setSavedAt(Date.now());
      return queryClient.invalidateQueries({ queryKey: METAFIELDS_KEY });
    },
  });
  useEffect(() => {
    if (savedAt === undefined) return;
    const timer = setTimeout(() => setSavedAt(undefined), SAVED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const back = { content: 'Einstellungen', onAction: () => navigate(basePath) };
  if (catalogue.isError) {
    return (
      <Page title="Metafelder" backAction={back}>
        <LoadErrorBanner
          title="Die Metafelder konnten nicht geladen werden"
          error={catalogue.error}
          onRetry={() => void catalogue.refetch()}
        />
      </Page>
    );
  }
  if (!catalogue.data)
    return (
      <Page title="Metafelder" backAction={back}>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </Page>
    );
  const c = catalogue.data;
  const missing = [
    ...new Set([
      ...c.resources.filter((r) => !r.granted).map((r) => r.scope),
      ...(c.writeScope.granted ? [] : [c.writeScope.scope]),
    ]),
  ];
  const error = save.isError ? { message: describeError(save.error), field: errorField(save.error) } : undefined;

  return (
    <Page
      title="Metafelder"
      subtitle="Metafelder aus Shopify in Belegtexten verwenden und Belegdaten an die Bestellung schreiben"
      backAction={back}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {missing.length > 0 ? (
              <Banner tone="warning" title="Fehlende Shopify-Berechtigung">
                <p>
                  Ohne {missing.join(', ')} lassen sich manche Metafelder nicht lesen oder schreiben. Erteile den
                  Zugriff über „Zugriff erteilen“ oben in der App.
                </p>
              </Banner>
            ) : null}
            <GatedFeature api={api} feature="metafields">
              <BlockStack gap="400">
                <ReadCard c={c} busy={save.isPending} error={error} onSave={(read) => save.mutate({ read })} />
                <WriteCard c={c} busy={save.isPending} error={error} onSave={(write) => save.mutate({ write })} />
              </BlockStack>
            </GatedFeature>
            {savedAt ? (
              <Text as="p" tone="success">
                Gespeichert
              </Text>
            ) : null}
            <GatedFeature api={api} feature="emailIntegration">
              <Card>
                <InlineStack align="space-between" blockAlign="center">
                  <BlockStack gap="100">
                    <Text as="h2" variant="headingMd">
                      Rechnungslink in Shopify-Benachrichtigungen
                    </Text>
                    <Text as="p" tone="subdued">
                      Deine Kundinnen und Kunden laden die Rechnung direkt aus der Bestellbestätigung oder
                      Versandbestätigung.
                    </Text>
                  </BlockStack>
                  <Button onClick={wizard.show}>Assistent öffnen</Button>
                </InlineStack>
              </Card>
            </GatedFeature>
          </BlockStack>
        </Layout.Section>
      </Layout>
      <LinkWizard api={api} open={wizard.open} onClose={wizard.close} />
    </Page>
  );
}

interface CardProps<T> {
  c: Catalogue;
  busy: boolean;
  error?: { message: string; field?: string };
  onSave: (entries: T[]) => void;
}

/** The error of a save shown at the field it names (`read.0.namespace`), or under its list. */
const fieldError = (error: CardProps<unknown>['error'], list: string, name: string) =>
  error?.field?.startsWith(`${list}.`) && error.field.endsWith(name) ? error.message : undefined;

function ListError({ error, list }: { error: CardProps<unknown>['error']; list: 'read' | 'write' }) {
  const mine =
    error &&
    (error.field ?? 'read').split('.')[0] === list &&
    !fieldError(error, list, 'namespace') &&
    !fieldError(error, list, 'key');
  return mine ? (
    <Text as="p" tone="critical">
      Nicht gespeichert: {error.message}
    </Text>
  ) : null;
}

function ReadCard({ c, busy, error, onSave }: CardProps<ReadEntry>) {
  const granted = c.resources.filter((r) => r.granted);
  const [draft, setDraft] = useState<ReadEntry>({ resource: granted[0]?.id ?? 'order', namespace: 'custom', key: '' });
  const full = c.read.length >= c.limit;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Metafelder lesen
        </Text>
        <Text as="p" tone="subdued">
          Jedes Metafeld wird ein Platzhalter für Titel, Einleitung, Bemerkung und Positionen deiner Belege.
        </Text>
        {c.placeholders.length === 0 ? (
          <Text as="p">Noch keine Metafelder.</Text>
        ) : (
          c.placeholders.map((p, i) => (
            <InlineStack key={p.placeholder} align="space-between" blockAlign="center" gap="200">
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {p.placeholder}
                </Text>
                <Text as="span" tone="subdued">
                  {c.resources.find((r) => r.id === p.resource)?.label}: {p.namespace}.{p.key}
                </Text>
              </BlockStack>
              <Button
                variant="plain"
                tone="critical"
                disabled={busy}
                onClick={() => onSave(c.read.filter((_, j) => j !== i))}
                accessibilityLabel={`${p.placeholder} entfernen`}
              >
                Entfernen
              </Button>
            </InlineStack>
          ))
        )}
        <InlineStack gap="200" blockAlign="end" wrap>
          <Select
            label="Ressource"
            options={c.resources.map((r) => ({
              label: r.granted ? r.label : `${r.label} (fehlt: ${scopeText(r.scope)})`,
              value: r.id,
              disabled: !r.granted,
            }))}
            value={draft.resource}
            onChange={(resource) => setDraft({ ...draft, resource })}
          />
          <TextField
            label="Namespace"
            autoComplete="off"
            value={draft.namespace}
            onChange={(namespace) => setDraft({ ...draft, namespace })}
            error={fieldError(error, 'read', 'namespace')}
          />
          <TextField
            label="Schlüssel"
            autoComplete="off"
            value={draft.key}
            onChange={(key) => setDraft({ ...draft, key })}
            error={fieldError(error, 'read', 'key')}
          />
          <Button disabled={busy || full} onClick={() => onSave([...c.read, draft])}>
            Hinzufügen
          </Button>
        </InlineStack>
        {full ? (
          <Text as="p" tone="subdued">
            Du kannst maximal {c.limit} Metafelder hinzufügen
          </Text>
        ) : null}
        <ListError error={error} list="read" />
      </BlockStack>
    </Card>
  );
}

function WriteCard({ c, busy, error, onSave }: CardProps<WriteEntry>) {
  const free = c.writable.filter((w) => !c.write.some((e) => e.value === w.id));
  const [draft, setDraft] = useState<WriteEntry>({
    value: free[0]?.id ?? 'invoice_number',
    namespace: 'belegfluss',
    key: free[0]?.id ?? 'invoice_number',
  });
  const full = c.write.length >= c.limit;
  const info = (id: string) => c.writable.find((w) => w.id === id);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Metafelder schreiben
        </Text>
        <Text as="p" tone="subdued">
          Nach jedem Beleg schreibt Belegfluss diese Werte an die Bestellung in Shopify; dafür braucht es die
          Berechtigung „{scopeText(c.writeScope.scope)}“.
        </Text>
        {c.write.length === 0 ? (
          <Text as="p">Noch keine Metafelder.</Text>
        ) : (
          c.write.map((e, i) => (
            <InlineStack key={e.value} align="space-between" blockAlign="center" gap="200">
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {info(e.value)?.label ?? e.value}
                </Text>
                <Text as="span" tone="subdued">
                  {e.namespace}.{e.key} · {info(e.value)?.type}
                </Text>
              </BlockStack>
              <Button
                variant="plain"
                tone="critical"
                disabled={busy}
                onClick={() => onSave(c.write.filter((_, j) => j !== i))}
                accessibilityLabel={`${info(e.value)?.label ?? e.value} entfernen`}
              >
                Entfernen
              </Button>
            </InlineStack>
          ))
        )}
        <InlineStack gap="200" blockAlign="end" wrap>
          <Select
            label="Wert"
            options={free.map((w) => ({ label: `${w.label}`, value: w.id }))}
            value={draft.value}
            onChange={(value) => setDraft({ ...draft, value, key: value })}
            disabled={free.length === 0}
          />
          <TextField
            label="Namespace"
            autoComplete="off"
            value={draft.namespace}
            onChange={(namespace) => setDraft({ ...draft, namespace })}
            error={fieldError(error, 'write', 'namespace')}
          />
          <TextField
            label="Schlüssel"
            autoComplete="off"
            value={draft.key}
            onChange={(key) => setDraft({ ...draft, key })}
            error={fieldError(error, 'write', 'key')}
          />
          <Button
            disabled={busy || full || !c.writeScope.granted || free.length === 0}
            onClick={() => onSave([...c.write, draft])}
          >
            Hinzufügen
          </Button>
        </InlineStack>
        {info(draft.value) ? (
          <Text as="p" tone="subdued">
            Beispiel: {info(draft.value)!.example}
          </Text>
        ) : null}
        {full ? (
          <Text as="p" tone="subdued">
            Du kannst maximal {c.limit} Metafelder schreiben
          </Text>
        ) : null}
        <ListError error={error} list="write" />
      </BlockStack>
    </Card>
  );
}
