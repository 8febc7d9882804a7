import { describe, expect, it } from 'vitest';
import { NOTIFICATION_GROUPS, linkSources, notificationLinks } from './notification-links';

const EXAMPLE = 'https://app.example.de/documents/abc/download';

describe('e-mail link wizard', () => {
  it('offers 20 notification templates in 4 groups', () => {
    expect(NOTIFICATION_GROUPS).toHaveLength(4);
    expect(NOTIFICATION_GROUPS.flatMap((g) => g.templates)).toHaveLength(20);
    expect(new Set(NOTIFICATION_GROUPS.flatMap((g) => g.templates.map((t) => t.id))).size).toBe(20);
  });

  it('is not ready without a written PDF link', () => {
    const links = notificationLinks([{ value: 'invoice_number', namespace: 'belegfluss', key: 'number' }], {
      exampleUrl: EXAMPLE,
    });
    expect(links.ready).toBe(false);
    expect(links.groups[0]?.templates[0]).toMatchObject({ code: null, preview: null });
  });

  it('links invoices through the download metafield, and credit notes through theirs', () => {
    const write = [
      { value: 'invoice_pdf_view' as const, namespace: 'belegfluss', key: 'view' },
      { value: 'invoice_pdf_save' as const, namespace: 'belegfluss', key: 'pdf' },
      { value: 'credits_pdf_save' as const, namespace: 'belegfluss', key: 'credit_pdfs' },
    ];
    expect(linkSources(write).invoice).toMatchObject({ key: 'pdf', list: false });
    const links = notificationLinks(write, { exampleUrl: EXAMPLE });
    expect(links.ready).toBe(true);
    const all = links.groups.flatMap((g) => g.templates);
    const confirmation = all.find((t) => t.id === 'order_confirmation')!;
    expect(confirmation.code).toContain('{% assign belegfluss_url = order.metafields.belegfluss.pdf.value %}');
    expect(confirmation.code).toContain('>Rechnung herunterladen</a>');
    expect(confirmation.preview).toContain(`href="${EXAMPLE}"`);
    const refund = all.find((t) => t.id === 'order_refund')!;
    expect(refund.code).toContain('{% for belegfluss_url in order.metafields.belegfluss.credit_pdfs.value %}');
    expect(refund.code).toContain('Gutschrift herunterladen');
  });

  it('falls back to the invoice link for credit templates, and escapes the link text', () => {
    const links = notificationLinks([{ value: 'invoices_pdf_view', namespace: 'belegfluss', key: 'pdfs' }], {
      exampleUrl: EXAMPLE,
      style: { text: { invoice: 'Beleg <PDF>', credit: 'x' }, style: 'link', color: 'red;evil' },
    });
    const refund = links.groups[1]!.templates[0]!;
    expect(refund).toMatchObject({ id: 'order_refund', document: 'invoice' });
    expect(refund.code).toContain('Beleg &lt;PDF&gt;');
    expect(refund.code).toContain('color:#1a1a1a');
  });
});
