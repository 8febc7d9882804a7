import {
  describeError,
  formatDate,
  LoadErrorBanner,
  shopQuery,
  type ApiClient,
  type Shop,
} from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Button, Card, InlineStack, Modal, SkeletonBodyText, Text } from '@shopify/polaris';
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
    mutationFn: () => api.request<{ disconnected: boolean; revoked: boolean }>('/lexoffice', { method: 'DELETE' }),
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
          <InlineStack>
            <Button url="/home?assistant=connect" variant="primary">
              Jetzt verbinden
            </Button>
          </InlineStack>
        )}
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
