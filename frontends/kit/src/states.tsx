import { Banner, BlockStack, Box, Card, Layout, Page, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { describeError } from './api';

/** A failed call, said plainly, with a way to try again. */
export function LoadErrorBanner({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <Banner
      tone="critical"
      title={title}
      action={onRetry ? { content: 'Erneut versuchen', onAction: onRetry } : undefined}
    >
      <p>{describeError(error)}</p>
    </Banner>
  );
}

/** A centred heading with a few words below: empty lists and failed loads inside a card of their own. */
export function CenteredMessage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <Box paddingBlock="800" paddingInline="400">
      <BlockStack gap="200" inlineAlign="center">
        <Text as="h2" variant="headingMd" alignment="center">
          {heading}
        </Text>
        {children}
      </BlockStack>
    </Box>
  );
}

/** A remote's sub-page that is not built yet, as a whole page with a way back. */
export function NotBuiltYetPage({ title, backLabel, backUrl }: { title: string; backLabel: string; backUrl: string }) {
  return (
    <Page title={title} backAction={{ content: backLabel, url: backUrl }}>
      <Layout>
        <Layout.Section>
          <NotBuiltYet title={title} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/** A sub-page the remote does not have yet; better than a blank page or fake content. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <Text as="p" tone="subdued">
          Diese Seite wurde nicht gefunden.
        </Text>
      </BlockStack>
    </Card>
  );
}

/** A figure in a table cell, right-aligned with tabular digits. */
export function NumericCell({ children }: { children: ReactNode }) {
  return (
    <Text as="span" alignment="end" numeric>
      {children}
    </Text>
  );
}
