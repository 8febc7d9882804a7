import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@belegfluss/db';
import { claimContact, connectedOrganization, releaseContactClaim, rememberContact, renewContactClaim, unchangedContact, writeLog } from '@belegfluss/db';
import { LexofficeError, type LexofficeClient } from '@belegfluss/lexoffice';
import {
  buildContactDraft, contactNeedsUpdate, decideContact, mergeContactUpdate,
  type ContactPreferences, type ExistingContact, type LexofficeContactInput, type ShopifyOrder,
} from '@belegfluss/shared';

export interface ContactRequest { prefs: ContactPreferences; vatId?: string; required: boolean; shopDomain: string; xRechnung?: LexofficeContactInput['xRechnung'] | null }

/** How long a claim on a customer holds without renewal: a crashed worker's claim lapses after this. */
const LEASE_MS = 30_000;

interface Target { db: Db; api: LexofficeClient; shopId: string; order: ShopifyOrder; draft: LexofficeContactInput; email: string | undefined }

/**
 * Finds the customer by e-mail before creating one, and updates a found contact when
 * what we would push has changed (version locking: a 409 reads again and retries).
 * A returning customer whose data we already pushed unchanged costs no Lexware call.
 * Concurrent orders of one customer take turns (a claim per organisation and e-mail), so
 * Lexware gets one contact per customer, not one per order.
 * Returns null when the preferences say this customer gets no contact.
 */
export async function ensureContact(db: Db, api: LexofficeClient, shopId: string, order: ShopifyOrder, req: ContactRequest): Promise<string | null> {
  if (decideContact(order, req.prefs, req.required).action === 'none') return null;
  const draft = buildContactDraft(order, { prefs: req.prefs, vatId: req.vatId, shopDomain: req.shopDomain, xRechnung: req.xRechnung });
  const email = order.customer?.email ?? order.email ?? undefined;
  const target: Target = { db, api, shopId, order, draft, email };
  // Without an e-mail there is nothing to recognise the customer by.
  if (!email) return findOrCreate(target);
  const organization = await connectedOrganization(db, shopId);
  const pushed = createHash('sha256').update(JSON.stringify(draft)).digest('hex');
  const known = await unchangedContact(db, shopId, organization, email, pushed);
  if (known) return known;
  const id = await underClaim(db, organization, email, (claimed) => resolve(target, claimed));
  await rememberContact(db, shopId, organization, email, id, pushed);
  return id;
}

/** Runs `work` while holding the claim on this customer; waits for another holder to finish first. */
async function underClaim(db: Db, organization: string, email: string, work: (contactId: string | null) => Promise<string>): Promise<string> {
  const owner = randomUUID();
  let claim = await claimContact(db, organization, email, owner, LEASE_MS);
  while (!claim.owned) {
    await sleep(200 + Math.random() * 300);
    claim = await claimContact(db, organization, email, owner, LEASE_MS);
  }
  const renew = setInterval(() => void renewContactClaim(db, organization, email, owner, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
  let id: string | undefined;
  try {
    id = await work(claim.contactId);
    return id;
  } finally {
    clearInterval(renew);
    await releaseContactClaim(db, organization, email, owner, id);
  }
}

/** The contact an earlier holder made, read by id (search results may lag behind a create); else search or create. */
async function resolve(t: Target, claimed: string | null): Promise<string> {
  if (claimed) {
    try {
      return await updateIfChanged(t, (await t.api.contact(claimed)) as ExistingContact);
    } catch (error) {
      // Gone or merged in Lexware: look again by e-mail.
      if (!(error instanceof LexofficeError) || ![400, 404, 406].includes(error.status)) throw error;
    }
  }
  return findOrCreate(t);
}

const logContact = (t: Target, event: string, contactId: string) =>
  writeLog(t.db, { shopId: t.shopId, origin: 'contact', event, status: 'success', orderId: String(t.order.id), orderName: t.order.name, ref: { contact: contactId }, body: { email: t.email ?? null } });

async function findOrCreate(t: Target): Promise<string> {
  const found = t.email ? (await t.api.findContacts({ email: t.email, customer: true })).content[0] : undefined;
  if (found) return updateIfChanged(t, found as ExistingContact);
  const created = await t.api.createContact(t.draft);
  await t.db('shops').where({ id: t.shopId }).increment('contacts_created', 1);
  await logContact(t, 'contact.created', created.id);
  return created.id;
}

async function updateIfChanged(t: Target, first: ExistingContact): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = attempt === 0 ? first : (await t.api.contact(first.id)) as ExistingContact;
    if (!contactNeedsUpdate(existing, t.draft)) return existing.id;
    try {
      await t.api.updateContact(existing.id, mergeContactUpdate(existing, t.draft));
      await t.db('shops').where({ id: t.shopId }).increment('contacts_updated', 1);
      await logContact(t, 'contact.updated', existing.id);
      return existing.id;
    } catch (error) {
      if (!(error instanceof LexofficeError) || error.status !== 409) throw error;
    }
  }
  return first.id;
}
