import Router from '@koa/router';
import { readJson } from '../http/body.js';
import { lexwareTime } from '../time.js';
import { issueList, newerError, notAllowed, notNull, validationFailed } from './errors.js';
import { paymentJson } from './invoices/payment.js';
import { openCents } from './invoices/vouchers.js';
import { lex } from './middleware.js';
import { paged } from './paging.js';
import type { Voucher } from './types.js';

const VOUCHER_TYPES = ['invoice', 'creditnote', 'deliverynote'];
const STATUSES = ['draft', 'open', 'overdue', 'paid', 'paidoff', 'voided'];

/** The voucherlist sorts by these four properties only (`sort=voucherNumber,ASC`); anything else is a bad request. */
const SORT_FIELDS: Record<string, (v: Voucher) => string> = {
  voucherDate: (v) => `${v.voucherDate}|${String(v.json.createdDate)}`,
  voucherNumber: (v) => v.voucherNumber ?? '',
  createdDate: (v) => String(v.json.createdDate),
  updatedDate: (v) => String(v.json.updatedDate),
};

const DATE_FILTERS = [
  'voucherDateFrom',
  'voucherDateTo',
  'createdDateFrom',
  'createdDateTo',
  'updatedDateFrom',
  'updatedDateTo',
] as const;

/** A real day in the form yyyy-MM-dd (2026-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The voucherlist shows `overdue` for an open invoice past its due date. */
function listStatus(v: Voucher): string {
  if (v.status === 'open' && v.kind === 'invoice' && v.dueDate && Date.parse(v.dueDate) < Date.now()) return 'overdue';
  return v.status;
}

function listEntry(v: Voucher): Record<string, unknown> {
  return {
    id: v.id,
    voucherType: v.kind,
    voucherStatus: listStatus(v),
    voucherNumber: v.voucherNumber ?? '',
    voucherDate: v.voucherDate,
    createdDate: v.json.createdDate,
    updatedDate: v.json.updatedDate,
    dueDate: v.dueDate ?? null,
    contactId: v.contactId ?? null,
    contactName: v.contactName,
    totalAmount: v.totalGross,
    openAmount: openCents(v) / 100,
    currency: 'EUR',
    archived: false,
  };
}

/** Voucher list, payments and the partner assignment hint. */
export function bookkeepingRouter(): Router {
  const router = new Router();

  router.get('/voucherlist', (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    const details = [];
    if (!q.voucherType) details.push(notNull('voucherType'));
    if (!q.voucherStatus) details.push(notNull('voucherStatus'));
    if (details.length) return newerError(ctx, 400, 'voucherType und voucherStatus sind Pflicht', details);
    const types = (q.voucherType ?? '').split(',');
    const statuses = (q.voucherStatus ?? '').split(',');
    if (
      types.some((t) => t !== 'any' && !VOUCHER_TYPES.includes(t)) ||
      statuses.some((s) => s !== 'any' && !STATUSES.includes(s))
    ) {
      return newerError(ctx, 400, 'Unbekannter voucherType oder voucherStatus');
    }
    // "The status overdue can not be filtered in combination with other status filters."
    if (statuses.includes('overdue') && statuses.length > 1)
      return newerError(ctx, 400, 'overdue kann nicht mit anderen voucherStatus kombiniert werden');
    const [sortField = 'voucherDate', direction = 'ASC', ...extra] = (q.sort ?? 'voucherDate,DESC').split(',');
    if (!SORT_FIELDS[sortField] || !['ASC', 'DESC'].includes(direction.toUpperCase()) || extra.length > 0) {
      return newerError(ctx, 400, `Unbekannte Sortierung: ${q.sort ?? ''}`);
    }
    // Lexware's date filters take a calendar day, yyyy-MM-dd, and answer anything else with 400 instead of ignoring it.
    const badDate = DATE_FILTERS.find((p) => q[p] !== undefined && !isCalendarDay(q[p]!));
    if (badDate) return newerError(ctx, 400, `${badDate} muss ein Datum im Format yyyy-MM-dd sein`);
    let list = Object.values(lex(ctx).org.vouchers)
      .filter((v) => types.includes('any') || types.includes(v.kind))
      // An overdue invoice is still open, so the `open` filter keeps it.
      .filter((v) => statuses.includes('any') || statuses.includes(listStatus(v)) || statuses.includes(v.status));
    if (q.contactId) list = list.filter((v) => v.contactId === q.contactId);
    if (q.voucherNumber) list = list.filter((v) => v.voucherNumber === q.voucherNumber);
    if (q.voucherDateFrom) list = list.filter((v) => v.voucherDate.slice(0, 10) >= (q.voucherDateFrom ?? ''));
    if (q.voucherDateTo) list = list.filter((v) => v.voucherDate.slice(0, 10) <= (q.voucherDateTo ?? ''));
    for (const [param, field] of [
      ['createdDate', 'createdDate'],
      ['updatedDate', 'updatedDate'],
    ] as const) {
      const from = q[`${param}From`];
      const to = q[`${param}To`];
      if (from) list = list.filter((v) => String(v.json[field]).slice(0, 10) >= from);
      if (to) list = list.filter((v) => String(v.json[field]).slice(0, 10) <= to);
    }
    const desc = direction.toUpperCase() === 'DESC';
    const key = SORT_FIELDS[sortField]!;
    list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (desc ? -1 : 1));
    const page = paged(ctx, list.map(listEntry));
    if (page) ctx.body = page;
  });

  router.get('/payments/:voucherId', (ctx) => {
    const v = lex(ctx).org.vouchers[ctx.params.voucherId ?? ''];
    if (!v) return newerError(ctx, 404, 'Not Found');
    if (v.status === 'draft') return newerError(ctx, 406, 'Für Entwürfe gibt es keine Zahlungen');
    // Payments Endpoint: "will return an error code for … credit notes related to invoices" (their status is on the credit note).
    const preceding = v.precedingSalesVoucherId ? lex(ctx).org.vouchers[v.precedingSalesVoucherId] : undefined;
    if (v.kind === 'creditnote' && preceding?.kind === 'invoice')
      return newerError(ctx, 406, 'Für Gutschriften zu einer Rechnung gibt es keine Zahlungsinformationen');
    ctx.body = paymentJson(v);
  });

  router.post('/transaction-assignment-hint', async (ctx) => {
    const { org } = lex(ctx);
    const body = ((await readJson(ctx)) ?? {}) as { voucherId?: string; externalReference?: string };
    const details = [];
    if (!body.voucherId) details.push(notNull('voucherId'));
    if (!body.externalReference) details.push(notNull('externalReference'));
    if (details.length) return validationFailed(ctx, details);
    if (!org.vouchers[body.voucherId as string])
      return validationFailed(ctx, [notAllowed('voucherId', 'Beleg existiert nicht')]);
    if (org.hints[body.voucherId as string])
      return issueList(ctx, 409, [{ i18nKey: 'conflict', source: 'voucherId', type: 'conflict' }]);
    const hint = {
      voucherId: body.voucherId as string,
      externalReference: body.externalReference as string,
      createdDate: lexwareTime(),
    };
    org.hints[hint.voucherId] = hint;
    ctx.status = 201;
    ctx.body = { voucherId: hint.voucherId, externalReference: hint.externalReference };
  });

  return router;
}
