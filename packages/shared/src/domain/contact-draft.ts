import type { ShopifyOrder } from '../shopify-order';
import type { ContactPreferences } from '../preferences/contact';
import { DEFAULT_CONTACT_PREFERENCES } from '../preferences/typed-defaults';
import type { AddressEntry, LexwareContactInput } from './lexware-types';
import { customerExtras, orderExtras, splitTags } from './order-fields';

export interface ContactDraftOptions {
  prefs?: ContactPreferences;
  /** The customer's VAT ID, from findVatId; makes the contact a company with vatRegistrationId. */
  vatId?: string | null;
  /** The shop's domain, written into the note when contactPushShop is on. */
  shopDomain?: string;
  /** The e-invoice decision's XRechnung fields (decideEInvoice), when the order names a Leitweg-ID. */
  xRechnung?: LexwareContactInput['xRechnung'] | null;
}

function addressEntry(a: ShopifyOrder['billing_address']): AddressEntry | undefined {
  if (!a?.country_code) return undefined;
  return {
    ...(a.address2 ? { supplement: a.address2 } : {}),
    ...(a.address1 ? { street: a.address1 } : {}),
    ...(a.zip ? { zip: a.zip } : {}),
    ...(a.city ? { city: a.city } : {}),
    countryCode: a.country_code.toUpperCase(),
  };
}

export type ContactDecision = { action: 'create' } | { action: 'none'; reason: 'CONTACT_TAGS' };

/**
 * contactCreate: 'all' customers get a contact, or only those whose order or customer carries one
 * of the tags. Tax-free regimes other than vatfree need a contact anyway (`required`).
 */
/** A tax-free invoice other than vatfree (EU B2B, export) must name a Lexware contact. */
export const contactRequired = (regime: { taxFree: boolean; taxType: string }): boolean =>
  regime.taxFree && regime.taxType !== 'vatfree';

export function decideContact(
  order: ShopifyOrder,
  prefs: Pick<ContactPreferences, 'contactCreate'>,
  required = false,
): ContactDecision {
  if (required || prefs.contactCreate === 'all') return { action: 'create' };
  const tags = [...splitTags(order.tags), ...splitTags(customerExtras(order).tags)];
  return prefs.contactCreate.some((t) => tags.includes(t))
    ? { action: 'create' }
    : { action: 'none', reason: 'CONTACT_TAGS' };
}

/**
 * A Lexware contact for the order's customer: a company when the billing address names one or a
 * VAT ID was found, a person otherwise. E-mail, phone and notes go in only as contactPush* allows.
 */
export function buildContactDraft(order: ShopifyOrder, options: ContactDraftOptions = {}): LexwareContactInput {
  const prefs = options.prefs ?? DEFAULT_CONTACT_PREFERENCES;
  const address = order.billing_address ?? order.shipping_address;
  const email = order.customer?.email ?? order.email ?? undefined;
  const c = customerExtras(order);
  const addressPhone = typeof address?.phone === 'string' ? address.phone : null;
  const phone = c.phone ?? addressPhone ?? orderExtras(order).phone ?? undefined;
  const firstName = address?.first_name ?? order.customer?.first_name ?? undefined;
  const lastName = address?.last_name ?? order.customer?.last_name ?? 'Unbekannt';
  const billing = addressEntry(order.billing_address ?? order.shipping_address);
  const shipping = order.shipping_address && order.billing_address ? addressEntry(order.shipping_address) : undefined;
  const companyName =
    address?.company?.trim() || (options.vatId ? [firstName, lastName].filter(Boolean).join(' ') : '');
  const noteLines = [
    prefs.contactPushShop && options.shopDomain ? `Shop: ${options.shopDomain}` : '',
    prefs.contactPushCustomer && order.customer ? `Shopify-Kunde: ${order.customer.id}` : '',
    prefs.contactPushNote && c.note ? c.note : '',
  ].filter(Boolean);
  return {
    version: 0,
    roles: { customer: {} },
    ...(companyName
      ? {
          company: {
            name: companyName,
            ...(options.vatId ? { vatRegistrationId: options.vatId, allowTaxFreeInvoices: true } : {}),
            ...(address?.company
              ? {
                  contactPersons: [
                    {
                      ...(firstName ? { firstName } : {}),
                      lastName,
                      ...(prefs.contactPushEmail && email ? { emailAddress: email } : {}),
                    },
                  ],
                }
              : {}),
          },
        }
      : { person: { ...(firstName ? { firstName } : {}), lastName } }),
    ...(billing ? { addresses: { billing: [billing], ...(shipping ? { shipping: [shipping] } : {}) } } : {}),
    ...(prefs.contactPushEmail && email ? { emailAddresses: { private: [email] } } : {}),
    ...(prefs.contactPushPhone && phone ? { phoneNumbers: { private: [phone] } } : {}),
    ...(noteLines.length ? { note: noteLines.join('\n').slice(0, 1000) } : {}),
    ...(options.xRechnung ? { xRechnung: options.xRechnung } : {}),
  };
}

/** A contact as `GET /v1/contacts/{id}` returns it, as far as an update compares it. */
export type ExistingContact = LexwareContactInput & {
  id: string;
  version: number;
  roles: { customer?: { number?: number } };
};

const norm = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x: unknown) => (typeof x === 'string' ? x.trim().toLowerCase() : x));

/** The fields the draft would change on the existing contact; empty when nothing needs an update. */
export function contactChanges(existing: LexwareContactInput, draft: LexwareContactInput): string[] {
  const changes: string[] = [];
  const firstEntry = (e?: AddressEntry[]) => e?.[0];
  const isCompany = Boolean(draft.company);
  if (isCompany !== Boolean(existing.company)) changes.push(isCompany ? 'company' : 'person');
  else if (
    draft.company &&
    (draft.company.name !== existing.company?.name ||
      ((draft.company.vatRegistrationId ?? null) !== (existing.company?.vatRegistrationId ?? null) &&
        draft.company.vatRegistrationId))
  )
    changes.push('company');
  else if (
    draft.person &&
    norm([draft.person.firstName, draft.person.lastName]) !==
      norm([existing.person?.firstName, existing.person?.lastName])
  )
    changes.push('person');
  if (
    draft.addresses?.billing &&
    norm(firstEntry(draft.addresses.billing)) !== norm(firstEntry(existing.addresses?.billing))
  )
    changes.push('addresses.billing');
  if (
    draft.addresses?.shipping &&
    norm(firstEntry(draft.addresses.shipping)) !== norm(firstEntry(existing.addresses?.shipping))
  )
    changes.push('addresses.shipping');
  const mail = (c: LexwareContactInput) => Object.values(c.emailAddresses ?? {}).flat();
  if (
    mail(draft).some(
      (m) =>
        !mail(existing)
          .map((x) => x.toLowerCase())
          .includes(m.toLowerCase()),
    )
  )
    changes.push('emailAddresses');
  const phones = (c: LexwareContactInput) =>
    Object.values(c.phoneNumbers ?? {})
      .flat()
      .map((p) => p.replace(/[^\d+]/g, ''));
  if (phones(draft).some((p) => !phones(existing).includes(p))) changes.push('phoneNumbers');
  if (draft.note && draft.note !== existing.note) changes.push('note');
  if (draft.xRechnung && norm(draft.xRechnung) !== norm(existing.xRechnung)) changes.push('xRechnung');
  return changes;
}

/** Whether a returning customer's contact must be updated (only what the draft sets is compared). */
export function contactNeedsUpdate(existing: LexwareContactInput, draft: LexwareContactInput): boolean {
  return contactChanges(existing, draft).length > 0;
}

/** The PUT body: the existing contact with the draft's fields, keeping its version and customer number. */
export function mergeContactUpdate(existing: ExistingContact, draft: LexwareContactInput): LexwareContactInput {
  const { id: _id, ...rest } = existing;
  const merged: LexwareContactInput = {
    ...rest,
    version: existing.version,
    roles: existing.roles as LexwareContactInput['roles'],
  };
  if (draft.company) {
    merged.company = { ...existing.company, ...draft.company };
    delete merged.person;
  } else if (draft.person) {
    merged.person = { ...existing.person, ...draft.person };
    delete merged.company;
  }
  if (draft.addresses) merged.addresses = { ...existing.addresses, ...draft.addresses };
  if (draft.emailAddresses) merged.emailAddresses = { ...existing.emailAddresses, ...draft.emailAddresses };
  if (draft.phoneNumbers) merged.phoneNumbers = { ...existing.phoneNumbers, ...draft.phoneNumbers };
  if (draft.note) merged.note = draft.note;
  if (draft.xRechnung) merged.xRechnung = draft.xRechnung;
  return merged;
}
