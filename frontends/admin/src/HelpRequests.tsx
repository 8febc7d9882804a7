import { formatDateTime, QueryState, type ApiClient } from '@belegfluss/frontend-kit';
import { Badge, BlockStack, Card, InlineStack, Link, Pagination, Text } from '@shopify/polaris';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_ONLY } from './Staff';

interface HelpRequest {
  id: number;
  shopId: string;
  subject: string;
  message: string;
  replyTo: string | null;
  mailStatus: 'pending' | 'sent' | 'failed';
  mailError: string | null;
  createdAt: string;
}

const MAIL_STATUS = {
  sent: { label: 'E-Mail gesendet', tone: 'success' },
  failed: { label: 'E-Mail fehlgeschlagen', tone: 'critical' },
  pending: { label: 'E-Mail ausstehend', tone: 'attention' },
} as const;

/** The help contact form's requests, newest first; with `shop`, only that shop's. */
export function HelpRequestList({ api, shop }: { api: ApiClient; shop?: string }) {
  const [page, setPage] = useState(1);
  const path = `/admin/help-requests?${new URLSearchParams({ page: String(page), ...(shop ? { shop } : {}) }).toString()}`;
  const list = useQuery({
    queryKey: ['admin', 'help', path],
    queryFn: ({ signal }) => api.get<{ items: HelpRequest[]; hasNext: boolean; hasPrevious: boolean }>(path, signal),
    placeholderData: keepPreviousData,
  });
  const content = (
    <QueryState
      query={list}
      forbidden={ADMIN_ONLY}
      errorTitle="Die Supportanfragen konnten nicht geladen werden"
      skeleton={{ lines: 4 }}
      empty={{ when: (data) => data.items.length === 0, heading: 'Keine Supportanfragen' }}
    >
      {(data) => (
        <BlockStack gap="400">
          {data.items.map((r) => (
            <BlockStack key={r.id} gap="100">
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  {r.subject}
                </Text>
                <Badge tone={MAIL_STATUS[r.mailStatus].tone}>{MAIL_STATUS[r.mailStatus].label}</Badge>
              </InlineStack>
              <Text as="p" tone="subdued" variant="bodySm">
                {`${formatDateTime(r.createdAt)} · `}
                {shop ? r.shopId : <Link url={`/admin/shops/${encodeURIComponent(r.shopId)}`}>{r.shopId}</Link>}
                {r.replyTo ? ` · Antwort an ${r.replyTo}` : ' · keine E-Mail-Adresse hinterlegt'}
              </Text>
              <Text as="p">
                <span style={{ whiteSpace: 'pre-wrap' }}>{r.message}</span>
              </Text>
              {r.mailError ? (
                <Text as="p" tone="critical" variant="bodySm">
                  {r.mailError}
                </Text>
              ) : null}
            </BlockStack>
          ))}
        </BlockStack>
      )}
    </QueryState>
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Supportanfragen
        </Text>
        {content}
        {list.data && (list.data.hasNext || list.data.hasPrevious) ? (
          <InlineStack align="center">
            <Pagination
              label={`Seite ${page}`}
              hasPrevious={list.data.hasPrevious}
              hasNext={list.data.hasNext}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
            />
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
