import { formatNumber, LoadErrorBanner, listSandboxShops } from '@belegfluss/frontend-kit';
import { BlockStack, Button, Card, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';

/** Local development only: which sandbox shop the session tokens are for. */
export function ShopPicker({ sandboxUrl, onPick }: { sandboxUrl: string; onPick: (shop: string) => void }) {
  const shops = useQuery({ queryKey: ['sandbox', 'shops'], queryFn: () => listSandboxShops(sandboxUrl), retry: false });

  let content;
  if (shops.isPending) content = <SkeletonBodyText lines={3} />;
  else if (shops.isError)
    content = (
      <LoadErrorBanner
        title="Die Shops der Sandbox konnten nicht geladen werden"
        error={shops.error}
        onRetry={() => void shops.refetch()}
      />
    );
  else if (shops.data.length === 0)
    content = <Text as="p">Die Sandbox kennt noch keine Shops. Lege dort zuerst einen an.</Text>;
  else
    content = (
      <BlockStack gap="200">
        {shops.data.map(({ shop, name }) => (
          <Button key={shop} onClick={() => onPick(shop)} fullWidth textAlign="start">
            {`${name} (${shop})`}
          </Button>
        ))}
      </BlockStack>
    );

  return (
    <Page
      narrowWidth
      title="Shop wählen"
      subtitle="Lokale Entwicklung: Für welchen Sandbox-Shop möchtest du Belegfluss öffnen?"
    >
      <Card>
        <BlockStack gap="300">
          {content}
          {shops.data && shops.data.length > 0 ? (
            <Text as="p" tone="subdued">
              {formatNumber(shops.data.length)} Shops. Die Auswahl wird auf diesem Gerät gespeichert.
            </Text>
          ) : null}
        </BlockStack>
      </Card>
    </Page>
  );
}
