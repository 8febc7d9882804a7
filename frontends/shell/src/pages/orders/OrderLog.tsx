import { describeError, formatDateTime } from '@belegfluss/frontend-kit';
import { Badge, Banner, BlockStack, Card, IndexTable, InlineStack, Pagination, SkeletonBodyText, Text } from '@shopify/polaris';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useShell } from '../../session/ShellContext';
import { LOG_ORIGIN, LOG_REFETCH_MS, LOG_STATUS, logPageOf, logsPath, logText } from './logs';

/** Spec 2 §2: the event log, filtered to one order (so without the order column). */
export function OrderLog({ order }: { order: string }) {
  const { api } = useShell();
  const [page, setPage] = useState(1);
  const logs = useQuery({
    queryKey: ['logs', order, page],
    queryFn: async ({ signal }) => logPageOf(await api.get<unknown>(logsPath({ order, page }), signal)),
    refetchInterval: LOG_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

  let content;
  if (logs.isPending) content = <SkeletonBodyText lines={4} />;
  else if (logs.isError)
    content = (
      <Banner tone="critical" title="Das Protokoll konnte nicht geladen werden" action={{ content: 'Erneut versuchen', onAction: () => void logs.refetch() }}>
        <p>{describeError(logs.error)}</p>
      </Banner>
    );
  else if (logs.data.items.length === 0) content = <Text as="p" tone="subdued">Zu dieser Bestellung gibt es noch keine Einträge.</Text>;
  else
    content = (
      <IndexTable
        resourceName={{ singular: 'Eintrag', plural: 'Einträge' }}
        itemCount={logs.data.items.length}
        selectable={false}
        headings={[{ title: 'Status' }, { title: 'Ereignis' }, { title: 'Datum' }]}
      >
        {logs.data.items.map((entry, index) => {
          const status = LOG_STATUS[entry.status] ?? { label: entry.status };
          return (
            <IndexTable.Row id={entry._key} key={entry._key} position={index}>
              <IndexTable.Cell>
                <Badge tone={status.tone}>{status.label}</Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="050">
                  <Text as="span">{logText(entry)}</Text>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {LOG_ORIGIN[entry.origin] ?? entry.origin}
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>{formatDateTime(entry.date)}</IndexTable.Cell>
            </IndexTable.Row>
          );
        })}
      </IndexTable>
    );

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Protokoll
        </Text>
        {content}
        {logs.data && (logs.data.hasNext || logs.data.hasPrevious) ? (
          <InlineStack align="center">
            <Pagination hasPrevious={logs.data.hasPrevious} hasNext={logs.data.hasNext} onPrevious={() => setPage(page - 1)} onNext={() => setPage(page + 1)} />
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
