import { randomUUID } from 'node:crypto';
import { addDays, lexwareTime } from '../../time.js';
import { contactName } from '../contacts.js';
import type { Organization, Voucher, VoucherKind } from '../types.js';
import { computeTotals } from './totals.js';

type Json = Record<string, unknown>;

export const PATHS: Record<VoucherKind, string> = { invoice: 'invoices', creditnote: 'credit-notes' };

function voucherNumber(org: Organization, kind: VoucherKind): string {
  const n = kind === 'invoice' ? org.nextInvoiceNumber++ : org.nextCreditNoteNumber++;
  return `${kind === 'invoice' ? 'RE' : 'GS'}${String(n).padStart(4, '0')}`;
}

/** The address as Lexware returns it: with a contactId, the name and address come from the contact. */
function resolveAddress(org: Organization, address: Json): Json {
  const contact = typeof address.contactId === 'string' ? org.contacts[address.contactId] : undefined;
  if (!contact) return address;
  const billing = ((contact.addresses?.billing as Json[] | undefined) ?? [])[0] ?? {};
  return { contactId: contact.id, name: contactName(contact), ...billing, ...address };
}

/**
 * Lexware's electronicDocumentProfile: XRechnung for a buyer reference, EN16931 (ZUGFeRD) for net B2B with
 * e-invoicing on. A credit note is never an XRechnung (Lexware's API docs: "we currently do not support the
 * XRechnung format for credit-notes"), though EN16931 is among its documented profiles: the credit note of an
 * XRechnung is a ZUGFeRD PDF where the account makes e-invoices, else a plain PDF.
 */
function electronicProfile(org: Organization, kind: VoucherKind, body: Json, finalize: boolean): string {
  if (!finalize) return 'NONE';
  const address = body.address as Json;
  const contact = typeof address.contactId === 'string' ? org.contacts[address.contactId] : undefined;
  const taxType = (body.taxConditions as Json).taxType;
  const override = (body.xRechnung as Json | undefined)?.buyerReference;
  const buyerReference = override !== undefined ? override : contact?.xRechnung?.buyerReference;
  if (kind === 'invoice' && contact && taxType === 'net' && typeof buyerReference === 'string' && buyerReference !== '')
    return 'XRechnung';
  // ZUGFeRD: e-invoicing on in the account, a net voucher to a company (B2B).
  if (org.profile.eInvoicing && taxType === 'net' && (contact ? Boolean(contact.company) : false)) return 'EN16931';
  return 'NONE';
}

export function createVoucher(
  org: Organization,
  kind: VoucherKind,
  body: Json,
  finalize: boolean,
  precedingSalesVoucherId?: string,
): Voucher {
  const now = new Date();
  const id = randomUUID();
  const totals = computeTotals(body);
  const voucherDate = String(body.voucherDate);
  const term = Number(((body.paymentConditions as Json | undefined)?.paymentTermDuration as number | undefined) ?? 14);
  const dueDate = kind === 'invoice' && finalize ? lexwareTime(addDays(new Date(voucherDate), term)) : undefined;
  const address = resolveAddress(org, body.address as Json);
  const number = finalize ? voucherNumber(org, kind) : undefined;
  const status = finalize ? (kind === 'creditnote' && precedingSalesVoucherId ? 'paidoff' : 'open') : 'draft';
  const json: Json = {
    id,
    organizationId: org.id,
    createdDate: lexwareTime(now),
    updatedDate: lexwareTime(now),
    version: 1,
    language: 'de',
    archived: false,
    voucherNumber: number,
    voucherDate,
    ...(kind === 'invoice' ? { dueDate } : {}),
    address,
    electronicDocumentProfile: electronicProfile(org, kind, body, finalize),
    lineItems: totals.lineItems,
    totalPrice: totals.totalPrice,
    taxAmounts: totals.taxAmounts,
    taxConditions: body.taxConditions,
    ...(kind === 'invoice'
      ? { paymentConditions: body.paymentConditions, shippingConditions: body.shippingConditions }
      : {}),
    relatedVouchers: precedingSalesVoucherId ? [{ id: precedingSalesVoucherId, voucherType: 'invoice' }] : [],
    title: body.title ?? (kind === 'invoice' ? 'Rechnung' : 'Rechnungskorrektur'),
    introduction: body.introduction,
    remark: body.remark,
    printLayoutId: body.printLayoutId,
    files: finalize ? { documentFileId: randomUUID() } : undefined,
  };
  const voucher: Voucher = {
    kind,
    id,
    organizationId: org.id,
    json,
    status,
    voucherNumber: number,
    totalGross: totals.totalGross,
    paidCents: 0,
    paymentItems: [],
    precedingSalesVoucherId,
    contactId: typeof address.contactId === 'string' ? address.contactId : undefined,
    contactName: String(address.name ?? ''),
    voucherDate,
    dueDate,
  };
  org.vouchers[id] = voucher;
  return voucher;
}

export function voucherJson(v: Voucher): Json {
  return { ...v.json, voucherStatus: v.status };
}

/** Open amount in cents; a paid-off credit note or a paid invoice has none. */
export function openCents(v: Voucher): number {
  if (v.status === 'draft' || v.status === 'voided') return 0;
  return Math.max(0, Math.round(v.totalGross * 100) - v.paidCents);
}
