import { describeError, formatDate, LoadErrorBanner, shopQuery, type ApiClient, type Shop } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Button, Card, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Spec 3 §2: the company name, else the user's e-mail, else 'Nicht verbunden'. */
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

  if (shop.isPending) return <Card><SkeletonBodyText lines={2} /></Card>;
  if (shop.isError) return <LoadErrorBanner title="Die Verbindung konnte nicht geladen werden" error={shop.error} onRetry={() => void shop.refetch()} />;

  const { lexoffice } = shop.data;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {connectionLabel(lexoffice)}
          </Text>
          {lexoffice.isConnected ? <Badge tone="success">Verbunden</Badge> : <Badge tone="attention">Nicht verbunden</Badge>}
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
            {pull.isError ? <Text as="span" tone="critical">{describeError(pull.error)}</Text> : null}
            {pull.isSuccess ? <Text as="span" tone="success">Profil aktualisiert</Text> : null}
          </InlineStack>
        ) : (
          <InlineStack>
            <Button url="/home?assistant=connect" variant="primary">
              Jetzt verbinden
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </Card>
  );
}
