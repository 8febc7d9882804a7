import { BlockStack, Button, Card, Layout, Page, Text } from '@shopify/polaris';

export function NotFound() {
  return (
    <Page title="Seite nicht gefunden">
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="200" inlineAlign="start">
              <Text as="p">Diese Seite gibt es nicht (mehr).</Text>
              <Button url="/">Zur Startseite</Button>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
