import { describe, expect, it } from 'vitest';
import { auditCounts, auditCsv, auditMonth, type AuditOrder, type AuditVoucher } from './completeness-audit';

const order = (id: string, extra: Partial<AuditOrder> = {}): AuditOrder => ({
  id,
  name: `#${id}`,
  totalCents: 1000,
  invoiceDue: true,
  refunds: [],
  ...extra,
});
const invoice = (orderId: string, extra: Partial<AuditVoucher> = {}): AuditVoucher => ({
  lexwareId: `inv-${orderId}`,
  type: 'invoice',
  number: `RE${orderId}`,
  status: 'open',
  totalCents: 1000,
  orderId,
  intentKey: `invoice:${orderId}`,
  ...extra,
});

describe('the completeness audit', () => {
  it('is clean when every order has its documents once, with the right amounts', () => {
    const orders = [order('1', { refunds: [{ id: 'r1', amountCents: 300 }] }), order('2', { invoiceDue: false })];
    const vouchers = [
      invoice('1'),
      {
        ...invoice('1'),
        lexwareId: 'cr-1',
        type: 'credit' as const,
        totalCents: 300,
        intentKey: 'credit:r1',
        precedingInvoiceId: 'inv-1',
      },
    ];
    expect(auditMonth(orders, vouchers)).toEqual([]);
  });

  it('finds each kind of fault, once', () => {
    const orders = [
      order('1'), // invoice missing
      order('2'), // duplicate by hand
      order('3', { totalCents: 2000 }), // total differs
      order('4', {
        refunds: [
          { id: 'r4', amountCents: 500 },
          { id: 'r4b', amountCents: 0 },
        ],
      }), // refund without credit note
      order('5', { refunds: [{ id: 'r5', amountCents: 100 }] }), // credit not linked
      order('6', { invoiceDue: false }), // waits: no finding
    ];
    const vouchers: AuditVoucher[] = [
      invoice('2'),
      { ...invoice('2'), lexwareId: 'hand', number: 'RE99', intentKey: null },
      invoice('3'),
      invoice('4'),
      invoice('5'),
      { ...invoice('5'), lexwareId: 'cr-5', type: 'credit', intentKey: 'credit:r5', precedingInvoiceId: null },
      { ...invoice('1'), status: 'voided' },
      { ...invoice('x'), orderId: null, unknownOrderName: '#9999', intentKey: null },
    ];
    const findings = auditMonth(orders, vouchers);
    expect(findings.map((f) => [f.kind, f.orderName])).toEqual([
      ['unknown_order', '#9999'],
      ['missing_invoice', '#1'],
      ['duplicate', '#2'],
      ['total_mismatch', '#3'],
      ['missing_credit', '#4'],
      ['unlinked_credit', '#5'],
    ]);
    expect(findings.find((f) => f.kind === 'duplicate')?.lexwareId).toBe('hand');
    expect(auditCounts(findings)).toMatchObject({
      missing_invoice: 1,
      duplicate: 1,
      total_mismatch: 1,
      missing_credit: 1,
      unlinked_credit: 1,
      unknown_order: 1,
    });
    const csv = auditCsv(findings);
    expect(csv.split('\r\n')[0]).toBe('Befund;Bestellung;Beleg;Erstattung;Soll (EUR);Ist (EUR)');
    expect(csv).toContain('Betrag weicht ab;#3;RE3;;20,00;10,00');
  });
});
