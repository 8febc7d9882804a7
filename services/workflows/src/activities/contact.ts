import { createHash } from 'node:crypto';
import type { Db } from '@belegfluss/db';
import { rememberContact, unchangedContact, writeLog } from '@belegfluss/db';
import { LexofficeError, type LexofficeClient } from '@belegfluss/lexoffice';
import {
  buildContactDraft, contactNeedsUpdate, decideContact, mergeContactUpdate,
  type ContactPreferences, type ExistingContact, type ShopifyOrder,
} from '@belegfluss/shared';

export interface ContactRequest { prefs: ContactPreferences; vatId?: string; required: boolean; shopDomain: string }

/**
 * Finds the customer by e-mail before creating one, and updates a found contact when
 * what we would push has changed (version locking: a 409 reads again and retries).
 * A returning customer whose data we already pushed unchanged costs no Lexware call.
 * Returns null when the preferences say this customer gets no contact.
 */
export async function ensureContact(db: Db, api: LexofficeClient, shopId: string, order: ShopifyOrder, req: ContactRequest): Promise<string | null> {
  if (decideContact(order, req.prefs, req.required).action === 'none') return null;
  const draft = buildContactDraft(order, { prefs: req.prefs, vatId: req.vatId, shopDomain: req.shopDomain });
  const email = order.customer?.email ?? order.email ?? undefined;
  if (!email) return findOrCreate(db, api, shopId, order, draft, undefined);
  const pushed = createHash('sha256').update(JSON.stringify(draft)).digest('hex');
  const known = await unchangedContact(db, shopId, email, pushed);
  if (known) return known;
  const id = await findOrCreate(db, api, shopId, order, draft, email);
  await rememberContact(db, shopId, email, id, pushed);
  return id;
}

async function findOrCreate(db: Db, api: LexofficeClient, shopId: string, order: ShopifyOrder, draft: ReturnType<typeof buildContactDraft>, email: string | undefined): Promise<string> {
  const log = (event: string, contactId: string) =>
    writeLog(db, { shopId, origin: 'contact', event, status: 'success', orderId: String(order.id), orderName: order.name, ref: { contact: contactId }, body: { email: email ?? null } });

  const found = email ? (await api.findContacts({ email, customer: true })).content[0] : undefined;
  if (!found) {
    const created = await api.createContact(draft);
    await db('shops').where({ id: shopId }).increment('contacts_created', 1);
    await log('contact.created', created.id);
    return created.id;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = (attempt === 0 ? found : await api.contact(found.id)) as ExistingContact;
    if (!contactNeedsUpdate(existing, draft)) return existing.id;
    try {
      await api.updateContact(existing.id, mergeContactUpdate(existing, draft));
      await db('shops').where({ id: shopId }).increment('contacts_updated', 1);
      await log('contact.updated', existing.id);
      return existing.id;
    } catch (error) {
      if (!(error instanceof LexofficeError) || error.status !== 409) throw error;
    }
  }
  return found.id;
}
