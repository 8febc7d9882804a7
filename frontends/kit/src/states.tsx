import { Banner, BlockStack, Box, Card, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { describeError } from './api';

/** A failed call, said plainly, with a way to try again. */
export function LoadErrorBanner({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <Banner tone="critical" title={title} action={onRetry ? { content: 'Erneut versuchen', onAction: onRetry } : undefined}>
      <p>{describeError(error)}</p>
    </Banner>
  );
}

/** A section or page that has nothing to show yet. */
export function EmptyCard({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <Card>
      <Box paddingBlock="800">
        <BlockStack gap="200" inlineAlign="center">
          <Text as="h2" variant="headingMd" alignment="center">
            {heading}
          </Text>
          {children}
        </BlockStack>
      </Box>
    </Card>
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
          Diese Seite ist noch nicht verfügbar.
        </Text>
      </BlockStack>
    </Card>
  );
}
