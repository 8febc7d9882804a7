import { describe, expect, it } from 'vitest';
import { hasHappened, invoiceDue } from './has-happened';

const order = (financial_status: string, fulfillment_status: string | null) => ({
  financial_status,
  fulfillment_status,
  payment_gateway_names: ['manual'],
  gateway: 'manual',
});

describe('hasHappened', () => {
  it('created is always true', () => expect(hasHappened(order('pending', null), 'created')).toBe(true));
  it.each(['paid', 'refunded', 'partially_refunded'])('paid when status is %s', (s) =>
    expect(hasHappened(order(s, null), 'paid')).toBe(true),
  );
  it('not paid while pending', () => expect(hasHappened(order('pending', null), 'paid')).toBe(false));
  it('fulfilled only when fulfilled', () => {
    expect(hasHappened(order('pending', 'fulfilled'), 'fulfilled')).toBe(true);
    expect(hasHappened(order('pending', 'partial'), 'fulfilled')).toBe(false);
  });
  it('completed needs both', () => {
    expect(hasHappened(order('paid', null), 'completed')).toBe(false);
    expect(hasHappened(order('paid', 'fulfilled'), 'completed')).toBe(true);
  });
  it('gateway exceptions invoice on creation', () => {
    expect(invoiceDue(order('pending', null), 'paid', ['manual'])).toBe(true);
    expect(invoiceDue(order('pending', null), 'paid', ['paypal'])).toBe(false);
  });
});
