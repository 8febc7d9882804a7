import { describe, expect, it } from 'vitest';
import { sandboxOrder } from './fixtures/sandbox-orders';
import {
  metafieldVar,
  previewTemplate,
  renderTemplate,
  templateGroupsFor,
  templatePlaceholders,
  templateVars,
  orderDiscounts,
} from './templates';

const { order, refunds } = sandboxOrder('refund_partial');

describe('templates', () => {
  it('renders ORDER, ORDER_ITEM, ORDER_SHIPPING, ORDER_DISCOUNT and ORDER_REFUND', () => {
    const vars = templateVars(order, {
      item: order.line_items[0],
      shipping: order.shipping_lines[0],
      discount: orderDiscounts(order)[0],
      refund: refunds[0],
    });
    expect(renderTemplate('{ORDER.NAME} {ORDER.CUSTOMER_NAME} {ORDER.GATEWAY} {ORDER.TOTAL}', vars)).toBe(
      `${order.name} Max Mustermann paypal 69,97 €`,
    );
    expect(
      renderTemplate('{ORDER_ITEM.SKU} · {ORDER_ITEM.NAME} · {ORDER_ITEM.QUANTITY} × {ORDER_ITEM.PRICE}', vars),
    ).toBe('TS-BIO-M-BLK · Bio-Baumwoll T-Shirt - M / Schwarz · 2 × 29,90 €');
    expect(renderTemplate('{ORDER_SHIPPING.TITLE} {ORDER_SHIPPING.PRICE} {ORDER_SHIPPING.RATE}', vars)).toBe(
      'DHL Paket 4,90 € 19 %',
    );
    expect(renderTemplate('{ORDER_DISCOUNT.CODE} {ORDER_DISCOUNT.TYPE} {ORDER_DISCOUNT.VALUE}', vars)).toBe(
      'WILLKOMMEN10 percentage 10.0',
    );
    expect(renderTemplate('{ORDER_REFUND.POSITIONS}/{ORDER_REFUND.QUANTITY}', vars)).toBe('1/1');
  });

  it('fills metafields as METAFIELD.{RESOURCE.NAMESPACE.KEY}', () => {
    const m = { resource: 'order' as const, namespace: 'custom', key: 'po_number', value: 'PO-77' };
    expect(metafieldVar(m)).toBe('METAFIELD.ORDER.CUSTOM.PO_NUMBER');
    expect(renderTemplate('PO: {METAFIELD.ORDER.CUSTOM.PO_NUMBER}', templateVars(order, { metafields: [m] }))).toBe(
      'PO: PO-77',
    );
  });

  it('unknown placeholders vanish on documents and stay visible in previews', () => {
    expect(renderTemplate('A {ORDER.NOPE} B', {})).toBe('A B');
    expect(renderTemplate('A {ORDER.NOPE} B', {}, 'keep')).toBe('A {ORDER.NOPE} B');
    expect(templatePlaceholders('{ORDER.NAME} {ORDER_ITEM.SKU}')).toEqual(['ORDER.NAME', 'ORDER_ITEM.SKU']);
  });

  it('previews a field with its context, for /api/lexoffice/vars', () => {
    expect(previewTemplate('{ORDER_ITEM.TITLE}', order, 'invoice', 'itemTitle')).toBe('Bio-Baumwoll T-Shirt');
    expect(previewTemplate('{ORDER_SHIPPING.TITLE}', order, 'invoice', 'shippingDetail')).toBe('DHL Paket');
    const note = `${order.refunds.length} {ORDER_REFUND.POSITIONS}`;
    expect(previewTemplate(note, order, 'credit', 'remark')).toMatch(/^\d+ \d+$/);
    // An invoice and a mail are not rendered with a refund: the preview shows the placeholder as it stays.
    expect(previewTemplate(note, order, 'invoice', 'remark')).toBe(`${order.refunds.length} {ORDER_REFUND.POSITIONS}`);
    const metafields = [{ resource: 'order' as const, namespace: 'custom', key: 'po', value: 'PO-7' }];
    expect(previewTemplate('{METAFIELD.ORDER.CUSTOM.PO}', order, 'invoice', 'title', metafields)).toBe('PO-7');
    expect(previewTemplate('{METAFIELD.ORDER.CUSTOM.PO}', order, 'mail', 'message', metafields)).toBe(
      '{METAFIELD.ORDER.CUSTOM.PO}',
    );
  });

  it('names the groups each text is rendered with, for the placeholder picker', () => {
    expect(templateGroupsFor('invoice', 'title')).toEqual({ groups: ['ORDER'], metafields: true });
    expect(templateGroupsFor('invoice', 'discountDetail').groups).toEqual(['ORDER', 'ORDER_DISCOUNT']);
    expect(templateGroupsFor('invoice', 'shippingTitle').groups).toEqual(['ORDER', 'ORDER_SHIPPING']);
    expect(templateGroupsFor('invoice', 'tipTitle').groups).toEqual(['ORDER']);
    expect(templateGroupsFor('credit', 'remark').groups).toEqual(['ORDER', 'ORDER_REFUND']);
    expect(templateGroupsFor('credit', 'itemTitle').groups).toEqual(['ORDER', 'ORDER_ITEM', 'ORDER_REFUND']);
    expect(templateGroupsFor('mail', 'message')).toEqual({ groups: ['ORDER'], metafields: false });
  });
});
