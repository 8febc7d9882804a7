import {
  describeError,
  formatDate,
  formatTime,
  LinkCodeForm,
  LoadErrorBanner,
  shopQuery,
  type ApiClient,
  type Shop,
} from '@belegfluss/frontend-kit';
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Modal, SkeletonBodyText, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** The company name, else the user's e-mail, else 'Nicht verbunden'. */
export function connectionLabel(lexoffice: Shop['lexoffice']): string {
  if (!lexoffice.isConnected) return 'Nicht verbunden';
  const profile = lexoffice.profile as (Shop['lexoffice']['profile'] & { userEmail?: string | null }) | null;
  return profile?.companyName || profile?.userEmail || 'Verbunden';
}

export function ConnectionCard({ api }: { api: ApiClient }) {
  const shop = useQuery(shopQuery(api));
  const queryClient = useQueryClient();
  const pull = useMutation({
    mutationFn: () => api.request('/lexoffice/pull', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['shop'] }),
  });
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: () =>
      api.request<{ disconnected: boolean; revoked: boolean; sharedWith?: string[] }>('/lexoffice', {
        method: 'DELETE',
      }),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: ['shop'] });
    },
  });

  if (shop.isPending)
    return (
      <Card>
        <SkeletonBodyText lines={2} />
      </Card>
    );
  if (shop.isError)
    return (
      <LoadErrorBanner
        title="Die Verbindung konnte nicht geladen werden"
        error={shop.error}
        onRetry={() => void shop.refetch()}
      />
    );

  const { lexoffice } = shop.data;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {connectionLabel(lexoffice)}
          </Text>
          {lexoffice.isConnected ? (
            <Badge tone="success">Verbunden</Badge>
          ) : (
            <Badge tone="attention">Nicht verbunden</Badge>
          )}
          {lexoffice.profile?.smallBusiness ? <Badge tone="info">Kleinunternehmer</Badge> : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {lexoffice.isConnected
            ? `Verbunden seit ${formatDate(lexoffice.connectedAt)}.`
            : 'Verbinde Lexware Office auf der Startseite, damit Belegfluss Rechnungen und Gutschriften anlegen kann.'}
        </Text>
        {lexoffice.isConnected ? (
          <InlineStack gap="200" blockAlign="center">
            <Button onClick={() => pull.mutate()} loading={pull.isPending}>
              Synchronisieren
            </Button>
            {pull.isError ? (
              <Text as="span" tone="critical">
                {describeError(pull.error)}
              </Text>
            ) : null}
            {pull.isSuccess ? (
              <Text as="span" tone="success">
                Profil aktualisiert
              </Text>
            ) : null}
            <Button tone="critical" variant="plain" onClick={() => setConfirming(true)}>
              Verbindung trennen
            </Button>
          </InlineStack>
        ) : (
          <BlockStack gap="300">
            <InlineStack>
              <Button url="/home?assistant=connect" variant="primary">
                Jetzt verbinden
              </Button>
            </InlineStack>
            <Text as="p" tone="subdued">
              Ist Lexware Office schon mit einem anderen deiner Shops verbunden? Dann gib hier den Code ein, den du dort
              erzeugst – dieser Shop bucht danach in dieselbe Lexware-Organisation.
            </Text>
            <LinkCodeForm api={api} onLinked={() => queryClient.invalidateQueries({ queryKey: ['shop'] })} />
          </BlockStack>
        )}
        {lexoffice.isConnected ? <ShareConnection api={api} /> : null}
        {!lexoffice.isConnected && disconnect.data?.sharedWith?.length ? (
          <Banner tone="info" onDismiss={() => disconnect.reset()}>
            <p>{`Dieser Shop ist getrennt. ${sharedWithSentence(disconnect.data.sharedWith)}`}</p>
          </Banner>
        ) : null}
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Verbindung zu Lexware Office trennen?"
        primaryAction={{
          content: 'Verbindung trennen',
          destructive: true,
          loading: disconnect.isPending,
          onAction: () => disconnect.mutate(),
        }}
        secondaryActions={[{ content: 'Abbrechen', onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">
              Belegfluss legt danach keine Rechnungen, Gutschriften und Umsätze mehr an, bis du Lexware Office wieder
              verbindest. Bereits erstellte Belege bleiben in Lexware Office.
            </Text>
            {disconnect.isError ? (
              <Text as="p" tone="critical">{`Nicht getrennt: ${describeError(disconnect.error)}`}</Text>
            ) : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Card>
  );
}

/** Names the shops that keep the shared connection after this one left it. */
export function sharedWithSentence(shops: string[]): string {
  return shops.length === 1
    ? `Der Shop ${shops[0]} nutzt dieselbe Verbindung und bleibt mit Lexware Office verbunden.`
    : `Die Shops ${shops.join(', ')} nutzen dieselbe Verbindung und bleiben mit Lexware Office verbunden.`;
}

/**
 * A connected shop hands out a short-lived code; entered in another shop of the same merchant, it lets that
 * shop book into this Lexware organisation without a second Lexware login.
 */
function ShareConnection({ api }: { api: ApiClient }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const share = useMutation({
    mutationFn: async () => {
      const answer = await api.request<{ code: string; validMinutes: number }>('/lexoffice/link-code', {
        method: 'POST',
      });
      return { code: answer.code, validUntil: new Date(Date.now() + answer.validMinutes * 60_000) };
    },
    onMutate: () => setCopied('no'),
  });
  const copy = async (code: string) => {
    try {
      // Outside a secure context the browser has no clipboard API; the merchant then copies by hand.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Button onClick={() => share.mutate()} loading={share.isPending}>
          {share.data ? 'Neuen Code erzeugen' : 'Verbindung mit einem weiteren Shop teilen'}
        </Button>
        {share.isError ? (
          <Text as="span" tone="critical">
            {describeError(share.error)}
          </Text>
        ) : null}
      </InlineStack>
      {share.data ? (
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="span" variant="headingMd" fontWeight="bold">
              <code aria-label="Verbindungscode">{share.data.code}</code>
            </Text>
            <Button variant="plain" onClick={() => void copy(share.data.code)}>
              {copied === 'yes' ? 'Kopiert' : 'Code kopieren'}
            </Button>
            <Text as="span" tone="subdued">{`gültig bis ${formatTime(share.data.validUntil)}`}</Text>
          </InlineStack>
          {copied === 'failed' ? (
            <Text as="p" tone="critical">
              Der Browser lässt das Kopieren nicht zu. Bitte markiere den Code und kopiere ihn von Hand.
            </Text>
          ) : null}
          <Text as="p">
            Öffne Belegfluss im anderen Shop und gib den Code unter Einstellungen bei „Code aus dem anderen Shop“ ein –
            der Shop nutzt danach diese Verbindung mit.
          </Text>
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
