import { describeError, isApiError, type ApiClient } from '@belegfluss/frontend-kit';
import { Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const SETTLE_MS = 400;

/**
 * The live preview of a document or mail text: `GET /api/lexoffice/vars` renders it for the
 * shop's newest order, a moment after typing stops.
 */
export function TemplatePreview({
  api,
  value,
  type,
  field,
}: {
  api: ApiClient;
  value: string;
  /** Which rendering the text gets: a document's, or the mail's (the order alone). */
  type: 'invoice' | 'credit' | 'mail';
  field: string;
}) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const params = new URLSearchParams({ value: settled, type, field });
  const preview = useQuery({
    queryKey: ['lexoffice', 'vars', type, field, settled],
    queryFn: ({ signal }) => api.get<{ value: string; order?: string }>(`/lexoffice/vars?${params}`, signal),
    enabled: settled.trim() !== '',
    // No `retry: false`: the app's query client retries a dropped connection or a 5xx (never a 4xx such as the
    // gateway's "no order yet"), so one hiccup does not leave "Keine Vorschau" until the next keystroke.
    staleTime: 60_000,
  });
  if (settled.trim() === '') return null;
  // The gateway answers 404 with its own sentence while the shop has no order to render.
  const why =
    isApiError(preview.error) && preview.error.status === 404 && preview.error.code
      ? preview.error.message
      : describeError(preview.error);
  if (preview.isError) return <Text as="p" tone="subdued">{`Keine Vorschau: ${why}`}</Text>;
  if (!preview.data)
    return (
      <Text as="p" tone="subdued">
        Vorschau wird geladen …
      </Text>
    );
  return (
    <Text as="p" tone="subdued">
      {`Vorschau${preview.data.order ? ` (Bestellung ${preview.data.order})` : ''}: `}
      <Text as="span" tone="base">
        {preview.data.value}
      </Text>
    </Text>
  );
}
