import { LoadErrorBanner } from '@belegfluss/frontend-kit';
import { BlockStack, Card, Layout, Page, SkeletonBodyText } from '@shopify/polaris';
import type { ReactNode } from 'react';

/** One annotated block of a settings page: title and description beside a card, its save note last. */
export function SettingsBlock({
  title,
  description,
  note,
  children,
}: {
  title: string;
  description?: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Layout.AnnotatedSection title={title} description={description}>
      <Card>
        <BlockStack gap="300">
          {children}
          {note}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}

interface Loading {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A settings page while its sections load, or when one failed to; undefined once all are there. */
export function settingsPageWaiting({
  title,
  back,
  queries,
  ready,
  errorTitle,
}: {
  title: string;
  back: { content: string; onAction: () => void };
  queries: Loading[];
  ready: boolean;
  errorTitle: string;
}): ReactNode {
  const failed = queries.find((q) => q.isError);
  if (failed)
    return (
      <Page title={title} backAction={back}>
        <LoadErrorBanner title={errorTitle} error={failed.error} onRetry={() => void failed.refetch()} />
      </Page>
    );
  if (!ready)
    return (
      <Page title={title} backAction={back}>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </Page>
    );
  return undefined;
}
