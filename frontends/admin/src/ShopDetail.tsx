import {
  describeError,
  EventLog,
  formatDateTime,
  QueryState,
  shopQuery,
  staffMayDo,
  useRemoteToast,
  type ApiClient,
  type Shop,
} from '@belegfluss/frontend-kit';
import { STAFF_MESSAGES } from '@belegfluss/shared';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  IndexTable,
  InlineStack,
  Layout,
  Link,
  Modal,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HelpRequestList } from './HelpRequests';
import { AdminTable } from './AdminTable';
import { ADMIN_ONLY, StaffLine } from './Staff';

interface Workflow {
  workflowId: string;
  runId: string;
  type: string;
  status: string;
  startTime: string;
  orderName: string | null;
  url: string;
}
interface Settings {
  permissions: string[];
  partner: boolean;
  allowance: number;
}

type Toast = (content: string) => void;

const WORKFLOW_HEADINGS: [{ title: string }, ...{ title: string }[]] = [
  { title: 'Workflow' },
  { title: 'Status' },
  { title: 'Gestartet' },
  { title: 'Aktionen' },
];

/** Why the person can't change these settings, or null when they can. */
function settingsLock(session: Shop | undefined, shop: string): string | null {
  if (!staffMayDo(session, 'shop.settings'))
    return 'Berechtigungen, Partnerstatus und Provision ändert nur der Betrieb.';
  if (session?.shop === shop) return STAFF_MESSAGES.ownShop;
  return null;
}

function SettingsCard({
  api,
  shop,
  session,
  toast,
}: {
  api: ApiClient;
  shop: string;
  session: Shop | undefined;
  toast: Toast;
}) {
  const locked = settingsLock(session, shop);
  const queryClient = useQueryClient();
  const path = `/admin/shops/${encodeURIComponent(shop)}/settings`;
  const settings = useQuery({
    queryKey: ['admin', 'settings', shop],
    queryFn: ({ signal }) => api.get<Settings>(path, signal),
  });
  const [permissions, setPermissions] = useState('');
  const [partner, setPartner] = useState(false);
  const [allowance, setAllowance] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setPermissions(settings.data.permissions.join(', '));
    setPartner(settings.data.partner);
    setAllowance(String(Math.round(settings.data.allowance * 100)));
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      api.request<Settings>(path, {
        method: 'PATCH',
        body: {
          permissions: permissions
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
          partner,
          allowance: Number(allowance.replace(',', '.')) / 100,
        },
      }),
    onSuccess: async () => {
      toast('Gespeichert und im Protokoll des Shops vermerkt');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      await queryClient.invalidateQueries({ queryKey: ['logs'] });
    },
  });
  return (
    <QueryState
      query={settings}
      forbidden={ADMIN_ONLY}
      errorTitle="Die Einstellungen des Shops konnten nicht geladen werden"
      skeleton={{ lines: 12 }}
      card
    >
      {() => (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Berechtigungen und Partnerprogramm
            </Text>
            {locked ? (
              <Text as="p" tone="subdued">
                {locked}
              </Text>
            ) : null}
            {save.isError ? (
              <Banner tone="critical" title="Nicht gespeichert">
                <p>{describeError(save.error)}</p>
              </Banner>
            ) : null}
            <TextField
              label="Berechtigungen"
              helpText="Durch Komma getrennt, in der Form name_unterbereich. Die Administration öffnen sie nicht: sie gehört den Personen, die der Betrieb einträgt."
              value={permissions}
              onChange={setPermissions}
              autoComplete="off"
              disabled={Boolean(locked)}
            />
            <Checkbox
              label="Partner (Partnerprogramm und Coupons)"
              checked={partner}
              onChange={setPartner}
              disabled={Boolean(locked)}
            />
            <TextField
              label="Provision des Partners"
              suffix="%"
              type="number"
              value={allowance}
              onChange={setAllowance}
              helpText="Anteil am ersten Abrechnungszeitraum eines geworbenen Shops."
              autoComplete="off"
              disabled={!partner || Boolean(locked)}
            />
            {locked ? null : (
              <InlineStack>
                <Button variant="primary" loading={save.isPending} onClick={() => save.mutate()}>
                  Speichern
                </Button>
              </InlineStack>
            )}
          </BlockStack>
        </Card>
      )}
    </QueryState>
  );
}

function WorkflowsCard({
  api,
  shop,
  mayTerminate,
  toast,
}: {
  api: ApiClient;
  shop: string;
  mayTerminate: boolean;
  toast: Toast;
}) {
  const queryClient = useQueryClient();
  const base = `/admin/shops/${encodeURIComponent(shop)}/workflows`;
  const workflows = useQuery({
    queryKey: ['admin', 'workflows', shop],
    queryFn: ({ signal }) => api.get<{ items: Workflow[]; url: string }>(base, signal),
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'restart' | 'terminate' }) =>
      api.request(`${base}/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: action === 'terminate' ? { reason: 'Vom Support beendet' } : {},
      }),
    onSuccess: async (_answer, { action }) => {
      toast(action === 'restart' ? 'Workflow neu gestartet' : 'Workflow beendet');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'workflows', shop] });
      await queryClient.invalidateQueries({ queryKey: ['logs'] });
    },
  });
  // Ending a workflow stops the order's processing: support confirms it first.
  const [ending, setEnding] = useState<Workflow | null>(null);
  const content = (
    <AdminTable
      query={workflows}
      items={(data) => data.items}
      errorTitle="Die Workflows konnten nicht geladen werden"
      emptyHeading="Dieser Shop hat keine Workflows"
      resourceName={{ singular: 'Workflow', plural: 'Workflows' }}
      headings={WORKFLOW_HEADINGS}
      row={(wf, index) => (
        <IndexTable.Row id={wf.workflowId} key={`${wf.workflowId}:${wf.runId}`} position={index}>
          <IndexTable.Cell>
            <BlockStack gap="050">
              <Link url={wf.url} target="_blank">
                {wf.orderName ? `Bestellung ${wf.orderName}` : wf.workflowId}
              </Link>
              <Text as="span" tone="subdued" variant="bodySm">
                {wf.type}
              </Text>
            </BlockStack>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Badge
              tone={
                wf.status === 'RUNNING'
                  ? 'info'
                  : wf.status === 'COMPLETED'
                    ? 'success'
                    : wf.status === 'FAILED'
                      ? 'critical'
                      : undefined
              }
            >
              {wf.status}
            </Badge>
          </IndexTable.Cell>
          <IndexTable.Cell>{formatDateTime(wf.startTime)}</IndexTable.Cell>
          <IndexTable.Cell>
            <InlineStack gap="200">
              {wf.workflowId.startsWith('order:') ? (
                <Button size="slim" onClick={() => act.mutate({ id: wf.workflowId, action: 'restart' })}>
                  Neu starten
                </Button>
              ) : null}
              {wf.status === 'RUNNING' && mayTerminate ? (
                <Button size="slim" tone="critical" onClick={() => setEnding(wf)}>
                  Beenden
                </Button>
              ) : null}
            </InlineStack>
          </IndexTable.Cell>
        </IndexTable.Row>
      )}
    />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            Workflows
          </Text>
          {workflows.data?.url ? (
            <Link url={workflows.data.url} target="_blank">
              Alle in Temporal öffnen
            </Link>
          ) : null}
        </InlineStack>
        {act.isError ? (
          <Banner tone="critical" title="Die Aktion schlug fehl">
            <p>{describeError(act.error)}</p>
          </Banner>
        ) : null}
        {content}
        {ending ? (
          <Modal
            open
            onClose={() => setEnding(null)}
            title={`${ending.orderName ? `Bestellung ${ending.orderName}` : ending.workflowId}: Workflow beenden?`}
            primaryAction={{
              content: 'Beenden',
              destructive: true,
              onAction: () => {
                act.mutate({ id: ending.workflowId, action: 'terminate' });
                setEnding(null);
              },
            }}
            secondaryActions={[{ content: 'Abbrechen', onAction: () => setEnding(null) }]}
          >
            <Modal.Section>
              <Text as="p">
                Der Workflow hält sofort an und verarbeitet keine weiteren Meldungen, bis er neu gestartet wird oder
                eine neue Meldung ihn neu startet. Die Aktion steht mit deinem Namen im Protokoll des Shops.
              </Text>
            </Modal.Section>
          </Modal>
        ) : null}
      </BlockStack>
    </Card>
  );
}

/** `/admin/shops/{shop}`: support's view of one shop: settings, workflows, event log with stack traces, help requests. */
export function ShopDetail({ api, shop, onBack }: { api: ApiClient; shop: string; onBack: () => void }) {
  const [toastNode, toast] = useRemoteToast();
  const session = useQuery(shopQuery(api)).data;
  return (
    <Page title={shop} backAction={{ content: 'Shops', onAction: onBack }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <StaffLine shop={session} />
            <SettingsCard api={api} shop={shop} session={session} toast={toast} />
            <WorkflowsCard
              api={api}
              shop={shop}
              mayTerminate={staffMayDo(session, 'workflow.terminate')}
              toast={toast}
            />
            <EventLog
              api={api}
              base={`/admin/shops/${encodeURIComponent(shop)}/logs`}
              title="Protokoll des Shops"
              links={false}
            />
            <HelpRequestList api={api} shop={shop} />
          </BlockStack>
        </Layout.Section>
      </Layout>
      {toastNode}
    </Page>
  );
}
