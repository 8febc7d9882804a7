import { describe, expect, it } from 'vitest';
import { sandboxOrder } from './fixtures/sandbox-orders';
import {
  buildContactDraft,
  contactChanges,
  contactNeedsUpdate,
  decideContact,
  mergeContactUpdate,
  type ExistingContact,
} from './contact-draft';
import { ContactPreferencesSchema } from '../preferences';
import { findVatId } from './vat-id';

describe('contacts', () => {
  const { order } = sandboxOrder('de_b2c');

  it('a person with billing address and e-mail by default', () => {
    expect(buildContactDraft(order)).toEqual({
      version: 0,
      roles: { customer: {} },
      person: { firstName: 'Max', lastName: 'Mustermann' },
      addresses: {
        billing: [{ street: 'Hauptstraße 12', zip: '10115', city: 'Berlin', countryCode: 'DE' }],
        shipping: [{ street: 'Hauptstraße 12', zip: '10115', city: 'Berlin', countryCode: 'DE' }],
      },
      emailAddresses: { private: ['max.mustermann@example.com'] },
    });
  });

  it('pushes only what contactPush* allows', () => {
    const prefs = ContactPreferencesSchema.parse({
      contactPushEmail: false,
      contactPushPhone: true,
      contactPushShop: true,
      contactPushCustomer: true,
    });
    const draft = buildContactDraft(order, { prefs, shopDomain: 'demo.myshopify.com' });
    expect(draft.emailAddresses).toBeUndefined();
    expect(draft.phoneNumbers).toEqual({ private: ['+49 30 1234567'] });
    expect(draft.note).toBe(`Shop: demo.myshopify.com\nShopify-Kunde: ${order.customer!.id}`);
  });

  it('a company with a VAT ID becomes a company contact with vatRegistrationId', () => {
    const b2b = sandboxOrder('eu_b2b_vat').order;
    const vatId = findVatId(b2b, ['order-note'])!.vatId;
    const draft = buildContactDraft(b2b, { vatId });
    expect(draft.company).toMatchObject({
      name: 'Alpenhandel GmbH',
      vatRegistrationId: 'ATU12345678',
      allowTaxFreeInvoices: true,
      contactPersons: [{ firstName: 'Anna', lastName: 'Huber' }],
    });
    expect(draft.person).toBeUndefined();
  });

  it('contactCreate: all, or only tagged customers; required contacts are always made', () => {
    expect(decideContact(order, { contactCreate: 'all' })).toEqual({ action: 'create' });
    expect(decideContact(order, { contactCreate: ['stammkunde'] })).toEqual({ action: 'none', reason: 'CONTACT_TAGS' });
    expect(
      decideContact(sandboxOrder('de_b2c', { scenario: { tags: ['Stammkunde'] } }).order, {
        contactCreate: ['stammkunde'],
      }),
    ).toEqual({ action: 'create' });
    expect(decideContact(order, { contactCreate: ['stammkunde'] }, true)).toEqual({ action: 'create' });
  });

  it('contactNeedsUpdate compares only what the draft sets', () => {
    const draft = buildContactDraft(order);
    const existing: ExistingContact = {
      ...draft,
      id: 'c-1',
      version: 3,
      roles: { customer: { number: 10001 } },
      emailAddresses: { private: ['MAX.mustermann@example.com'] },
      note: 'intern',
    };
    expect(contactNeedsUpdate(existing, draft)).toBe(false);
    const moved = sandboxOrder('de_b2c', {
      scenario: {
        customer: {
          firstName: 'Max',
          lastName: 'Mustermann',
          email: 'max.mustermann@example.com',
          address1: 'Neue Straße 1',
          zip: '80331',
          city: 'München',
          country: 'Germany',
          countryCode: 'DE',
        },
      },
    }).order;
    const movedDraft = buildContactDraft(moved);
    expect(contactChanges(existing, movedDraft)).toEqual(['addresses.billing', 'addresses.shipping']);
    const merged = mergeContactUpdate(existing, movedDraft);
    expect(merged).toMatchObject({
      version: 3,
      roles: { customer: { number: 10001 } },
      note: 'intern',
      addresses: { billing: [{ city: 'München' }] },
    });
    expect('id' in merged).toBe(false);
  });
});
