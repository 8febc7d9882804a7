import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@belegfluss/db';
import {
  claimContact,
  contactStart,
  countShopEvent,
  markContactCreateStarted,
  releaseContactClaim,
  rememberContact,
  renewContactClaim,
  unchangedContact,
  writeLog,
} from '@belegfluss/db';
import { LexwareError, type LexwareClient } from '@belegfluss/lexware';
import { ApplicationFailure } from '@temporalio/activity';
import {
  buildContactDraft,
  CONTACT_LIMIT_MESSAGES,
  contactNeedsUpdate,
  LIMITS,
  decideContact,
  mergeContactUpdate,
  type ContactPreferences,
  type ExistingContact,
  type LexwareContactInput,
  type ShopifyOrder,
} from '@belegfluss/shared';

export interface ContactRequest {
  prefs: ContactPreferences;
  vatId?: string;
  required: boolean;
  shopDomain: string;
  xRechnung?: LexwareContactInput['xRechnung'] | null;
}

/** How long a claim on a customer holds without renewal: a crashed worker's claim lapses after this. */
const LEASE_MS = 30_000;

interface Target {
  db: Db;
  api: LexwareClient;
  shopId: string;
  order: ShopifyOrder;
  draft: LexwareContactInput;
  email: string | undefined;
}

/**
 * Who the customer is, so that their contact is created once per organisation, whichever of the merchant's
 * shops (all booking into that organisation) sells to them:
 * - a business's VAT ID: one company, however many buyers' e-mails its orders carry;
 * - their e-mail: what a returning customer's orders share, and how Lexware finds them too;
 * - without one, the Shopify customer (per shop, whose customer ids these are);
 * - a guest checkout with neither: that order's buyer. A name and an address don't make a person (two
 *   guests can share both, one guest writes them differently each time), so each such order gets its
 *   own contact: once, however often its webhook arrives or its activity runs.
 */
export function customerKey(
  shopId: string,
  order: ShopifyOrder,
  vatId?: string | null,
): { key: string; email?: string } {
  const email = order.customer?.email || order.email || undefined;
  const vat = vatId?.replace(/[\s.-]/g, '').toUpperCase();
  if (vat) return { key: `vat:${vat}`, ...(email ? { email } : {}) };
  if (email) return { key: email.toLowerCase(), email };
  if (order.customer?.id) return { key: `shopify-customer:${shopId}/${order.customer.id}` };
  return { key: `order:${shopId}/${order.id}` };
}

/** The claim on a customer while it is held: the contact an earlier holder recorded, if any. */
interface Held {
  contactId: string | null;
  createStarted: boolean;
  markCreateStarted(): Promise<void>;
}

/**
 * Finds the customer by e-mail before creating one, and updates a found contact when
 * what we would push has changed (version locking: a 409 reads again and retries).
 * A returning customer whose data we already pushed unchanged costs no Lexware call.
 * Concurrent orders of one customer take turns (a claim per organisation and customer, see
 * customerKey), so Lexware gets one contact per customer, not one per order.
 * Returns null when the preferences say this customer gets no contact.
 */
export async function ensureContact(
  db: Db,
  api: LexwareClient,
  shopId: string,
  order: ShopifyOrder,
  req: ContactRequest,
): Promise<string | null> {
  if (decideContact(order, req.prefs, req.required).action === 'none') return null;
  const draft = buildContactDraft(order, {
    prefs: req.prefs,
    vatId: req.vatId,
    shopDomain: req.shopDomain,
    xRechnung: req.xRechnung,
  });
  const { key, email } = customerKey(shopId, order, draft.company?.vatRegistrationId);
  const target: Target = { db, api, shopId, order, draft, email };
  const pushed = createHash('sha256').update(JSON.stringify(draft)).digest('hex');
  const start = await contactStart(db, shopId, email ? { email, pushedHash: pushed } : undefined);
  if (start.unchanged) return start.unchanged;
  const organization = start.organizationId;
  try {
    return await underClaim(db, organization, key, async (held) => {
      // The holder before us may have pushed this very customer data: its contact is ours, without a Lexware call.
      const reused = email && held.contactId ? await unchangedContact(db, shopId, organization, email, pushed) : null;
      if (reused) return reused;
      const id = await resolve(target, held);
      // Remembered while we still hold the claim, so the next holder finds it.
      if (email) await rememberContact(db, shopId, organization, email, id, pushed);
      return id;
    });
  } catch (error) {
    if (!(error instanceof ContactLimitReached)) throw error;
    return withoutContact(db, shopId, order, req.required);
  }
}

/** Lexware refused a new contact because the account already holds as many as Lexware allows. */
class ContactLimitReached extends Error {}

/**
 * A full account must not stop the shop's invoices: one that may carry the order's address goes out without a
 * contact; one that needs a contact (tax-free supplies) cannot, and its step fails with the same German reason.
 */
async function withoutContact(db: Db, shopId: string, order: ShopifyOrder, required: boolean): Promise<null> {
  const message = required ? CONTACT_LIMIT_MESSAGES.required : CONTACT_LIMIT_MESSAGES.withoutContact;
  await writeLog(db, {
    shopId,
    origin: 'contact',
    event: 'contact.limit',
    status: required ? 'critical' : 'warning',
    orderId: String(order.id),
    orderName: order.name,
    body: { message, limit: LIMITS.lexwareContacts },
  });
  if (required) throw ApplicationFailure.nonRetryable(message, 'CONTACT_LIMIT');
  return null;
}

/**
 * Lexware documents the limit but not its answer, and its contact list stops counting at 10,000, so the count
 * can't tell. A 406 that names a limit for the contact as a whole (not one of its fields) is the account being full.
 */
function accountFull(error: unknown): boolean {
  if (!(error instanceof LexwareError) || error.status !== 406) return false;
  const issues = (error.body as { IssueList?: { i18nKey?: string; source?: string }[] } | null)?.IssueList ?? [];
  return issues.some((i) => /too_many|limit|max/i.test(i.i18nKey ?? '') && (i.source ?? 'contact') === 'contact');
}

/** Runs `work` while holding the claim on this customer; waits for another holder to finish first. */
async function underClaim(
  db: Db,
  organization: string,
  key: string,
  work: (held: Held) => Promise<string>,
): Promise<string> {
  const owner = randomUUID();
  let claim = await claimContact(db, organization, key, owner, LEASE_MS);
  while (!claim.owned) {
    await sleep(200 + Math.random() * 300);
    claim = await claimContact(db, organization, key, owner, LEASE_MS);
  }
  const renew = setInterval(
    () => void renewContactClaim(db, organization, key, owner, LEASE_MS).catch(() => undefined),
    LEASE_MS / 3,
  );
  let id: string | undefined;
  try {
    id = await work({ ...claim, markCreateStarted: () => markContactCreateStarted(db, organization, key, owner) });
    return id;
  } finally {
    clearInterval(renew);
    await releaseContactClaim(db, organization, key, owner, id);
  }
}

/** The contact an earlier holder made, read by id (search results may lag behind a create); else search or create. */
async function resolve(t: Target, held: Held): Promise<string> {
  if (held.contactId) {
    try {
      return await updateIfChanged(t, (await t.api.contact(held.contactId)) as ExistingContact);
    } catch (error) {
      // Gone or merged in Lexware: look again by e-mail.
      if (!(error instanceof LexwareError) || ![400, 404, 406].includes(error.status)) throw error;
    }
  }
  return findOrCreate(t, held);
}

const logContact = (t: Target, event: string, contactId: string) =>
  writeLog(t.db, {
    shopId: t.shopId,
    origin: 'contact',
    event,
    status: 'success',
    orderId: String(t.order.id),
    orderName: t.order.name,
    ref: { contact: contactId },
    body: { email: t.email ?? null },
  });

async function findOrCreate(t: Target, held: Held): Promise<string> {
  const found = t.email
    ? (await t.api.findContacts({ email: t.email, customer: true })).content[0]
    : held.createStarted
      ? await createdBefore(t)
      : undefined;
  if (found) return updateIfChanged(t, found as ExistingContact);
  await held.markCreateStarted();
  const created = await t.api.createContact(t.draft).catch((error: unknown) => {
    throw accountFull(error) ? new ContactLimitReached() : error;
  });
  await countShopEvent(t.db, t.shopId, 'contacts_created');
  await logContact(t, 'contact.created', created.id);
  return created.id;
}

/**
 * A customer without e-mail whose creation began but was never recorded (Lexware wrote the contact and
 * the answer was lost, or the worker died just after): the contact with exactly what we would push.
 */
async function createdBefore(t: Target): Promise<ExistingContact | undefined> {
  const name = t.draft.company?.name ?? [t.draft.person?.firstName, t.draft.person?.lastName].filter(Boolean).join(' ');
  if (name.replace(/[%_]/g, '').length < 3) return undefined; // Lexware searches names of three characters or more
  const { content } = await t.api.findContacts({ name, customer: true });
  return (content as ExistingContact[]).find((c) => !contactNeedsUpdate(c, t.draft));
}

async function updateIfChanged(t: Target, first: ExistingContact): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = attempt === 0 ? first : ((await t.api.contact(first.id)) as ExistingContact);
    if (!contactNeedsUpdate(existing, t.draft)) return existing.id;
    try {
      await t.api.updateContact(existing.id, mergeContactUpdate(existing, t.draft));
      await countShopEvent(t.db, t.shopId, 'contacts_updated');
      await logContact(t, 'contact.updated', existing.id);
      return existing.id;
    } catch (error) {
      if (!(error instanceof LexwareError) || error.status !== 409) throw error;
    }
  }
  return first.id;
}
