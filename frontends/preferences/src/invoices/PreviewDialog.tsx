import { describeError, type ApiClient } from '@belegfluss/frontend-kit';
import { Banner, BlockStack, Modal, Select, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

interface OrderItem {
  id: string;
  name: string;
  customer: { name: string | null };
}
interface Draft {
  title?: string;
  introduction?: string;
  remark?: string;
  lineItems: { name: string }[];
}
/** `GET /api/orders/{id}/lexoffice/invoice/preview`. */
export interface InvoicePreviewAnswer {
  pdf: { base64: string } | null;
  invoice: { number: string | null; status: string } | null;
  draft?: Draft | null;
  warnings?: string[];
  error: string | null;
}

/** The PDF as an object URL for the frame, revoked when it is replaced or the dialog closes. */
function usePdfUrl(base64: string | undefined): string | undefined {
  const url = useMemo(() => {
    if (!base64) return undefined;
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [base64]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** The invoice preview: pick an order and see its invoice, or what would go to Lexware Office before there is one. */
export function PreviewDialog({ api, open, onClose }: { api: ApiClient; open: boolean; onClose: () => void }) {
  const orders = useQuery({
    queryKey: ['orders', 'preview-picker'],
    queryFn: ({ signal }) => api.get<{ items: OrderItem[] }>('/orders', signal),
    enabled: open,
  });
  const [chosen, setChosen] = useState<string>();
  const orderId = chosen ?? orders.data?.items[0]?.id;
  const preview = useQuery({
    queryKey: ['orders', orderId, 'invoice-preview'],
    queryFn: ({ signal }) => api.get<InvoicePreviewAnswer>(`/orders/${orderId}/lexoffice/invoice/preview`, signal),
    enabled: open && orderId !== undefined,
    staleTime: 0,
  });
  const pdfUrl = usePdfUrl(open ? preview.data?.pdf?.base64 : undefined);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Rechnungsvorschau"
      size="large"
      secondaryActions={[{ content: 'Schließen', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {orders.isError ? (
            <Banner tone="critical" title="Die Bestellungen konnten nicht geladen werden">
              <p>{describeError(orders.error)}</p>
            </Banner>
          ) : null}
          {orders.data && orders.data.items.length === 0 ? (
            <Text as="p">Noch keine Bestellungen: die Vorschau braucht mindestens eine Bestellung.</Text>
          ) : null}
          {orders.data && orders.data.items.length > 0 ? (
            <Select
              label="Bestellung"
              options={orders.data.items.map((o) => ({
                value: o.id,
                label: o.customer.name ? `${o.name} – ${o.customer.name}` : o.name,
              }))}
              value={orderId}
              onChange={setChosen}
            />
          ) : null}
          {!orders.data && !orders.isError ? <SkeletonBodyText lines={2} /> : null}
          {preview.isError ? (
            <Banner tone="critical" title="Keine Vorschau">
              <p>{describeError(preview.error)}</p>
            </Banner>
          ) : null}
          {orderId !== undefined && preview.isPending && !preview.isError ? <SkeletonBodyText lines={6} /> : null}
          {preview.data ? <PreviewBody answer={preview.data} pdfUrl={pdfUrl} /> : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

function PreviewBody({ answer, pdfUrl }: { answer: InvoicePreviewAnswer; pdfUrl?: string }) {
  return (
    <BlockStack gap="300">
      {answer.error ? (
        <Banner tone={answer.draft ? 'info' : 'warning'}>
          <p>{answer.error}</p>
        </Banner>
      ) : null}
      {answer.warnings?.map((w) => (
        <Text key={w} as="p" tone="caution">
          {w}
        </Text>
      ))}
      {answer.invoice ? (
        <Text as="p">{`Rechnung ${answer.invoice.number ?? '(ohne Nummer)'} · ${answer.invoice.status === 'draft' ? 'Entwurf' : 'festgeschrieben'}`}</Text>
      ) : null}
      {pdfUrl ? (
        <iframe title="Rechnung als PDF" src={pdfUrl} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : null}
      {answer.draft ? (
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {answer.draft.title ?? 'Rechnung'}
          </Text>
          {answer.draft.introduction ? <Text as="p">{answer.draft.introduction}</Text> : null}
          <Text as="span" tone="subdued">{`${answer.draft.lineItems.length} Positionen`}</Text>
          <BlockStack gap="050">
            {answer.draft.lineItems.map((item, i) => (
              <Text key={i} as="p">
                {item.name}
              </Text>
            ))}
          </BlockStack>
          {answer.draft.remark ? (
            <Text as="p" tone="subdued">
              {answer.draft.remark}
            </Text>
          ) : null}
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
