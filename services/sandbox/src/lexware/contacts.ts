import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { LIMITS } from '@belegfluss/shared';
import { origin, readJson } from '../http/body.js';
import { lexwareTime } from '../time.js';
import { issueList } from './errors.js';
import { validateContact } from './contact-validation.js';
import { lex } from './middleware.js';
import { likeMatcher, paged } from './paging.js';
import type { Contact, Organization } from './types.js';

export type Publish = (org: Organization, eventType: string, resourceId: string) => void;

function contactJson(c: Contact): Record<string, unknown> {
  const { id, organizationId, ...rest } = c;
  return { id, organizationId, ...rest };
}

export function contactName(c: Contact): string {
  return c.company?.name ?? [c.person?.firstName, c.person?.lastName].filter(Boolean).join(' ');
}

function allEmails(c: Contact): string[] {
  return Object.values(c.emailAddresses ?? {}).flat();
}

/** Takes the writable fields; roles get their numbers from the organisation, like Lexware assigns them. */
function applyBody(org: Organization, c: Partial<Contact>, body: Record<string, unknown>): void {
  const roles = body.roles as { customer?: { number?: number }; vendor?: { number?: number } };
  c.roles = {
    ...(roles.customer ? { customer: { number: c.roles?.customer?.number ?? org.nextCustomerNumber++ } } : {}),
    ...(roles.vendor ? { vendor: { number: c.roles?.vendor?.number ?? 70000 + org.nextCustomerNumber++ } } : {}),
  };
  for (const key of [
    'person',
    'company',
    'addresses',
    'emailAddresses',
    'phoneNumbers',
    'xRechnung',
    'note',
  ] as const) {
    (c as Record<string, unknown>)[key] = body[key];
  }
}

export function contactsRouter(publish: Publish): Router {
  const router = new Router();

  router.post('/contacts', async (ctx) => {
    const { org } = lex(ctx);
    const body = await readJson(ctx);
    const issues = validateContact(body);
    if (issues.length) return issueList(ctx, 406, issues);
    if (Object.keys(org.contacts).length >= LIMITS.lexwareContacts)
      return issueList(ctx, 406, [{ i18nKey: 'too_many_contacts', source: 'contact', type: 'validation_failure' }]);
    const now = lexwareTime();
    const contact = {
      id: randomUUID(),
      organizationId: org.id,
      version: 1,
      archived: false,
      createdDate: now,
      updatedDate: now,
    } as Contact;
    applyBody(org, contact, body as Record<string, unknown>);
    org.contacts[contact.id] = contact;
    publish(org, 'contact.created', contact.id);
    ctx.body = {
      id: contact.id,
      resourceUri: `${origin(ctx)}/v1/contacts/${contact.id}`,
      createdDate: now,
      updatedDate: now,
      version: 1,
    };
  });

  router.get('/contacts/:id', (ctx) => {
    const contact = lex(ctx).org.contacts[ctx.params.id ?? ''];
    if (!contact) return issueList(ctx, 404, [{ i18nKey: 'missing_entity', source: 'id', type: 'validation_failure' }]);
    ctx.body = contactJson(contact);
  });

  router.put('/contacts/:id', async (ctx) => {
    const { org } = lex(ctx);
    const contact = org.contacts[ctx.params.id ?? ''];
    if (!contact) return issueList(ctx, 404, [{ i18nKey: 'missing_entity', source: 'id', type: 'validation_failure' }]);
    const body = (await readJson(ctx)) as Record<string, unknown> | undefined;
    if (!body || body.version !== contact.version) {
      return issueList(ctx, 409, [{ i18nKey: 'optimistic_locking_failure', source: 'version', type: 'conflict' }]);
    }
    const issues = validateContact(body);
    if (issues.length) return issueList(ctx, 406, issues);
    applyBody(org, contact, body);
    contact.version += 1;
    contact.updatedDate = lexwareTime();
    publish(org, 'contact.changed', contact.id);
    ctx.body = {
      id: contact.id,
      resourceUri: `${origin(ctx)}/v1/contacts/${contact.id}`,
      createdDate: contact.createdDate,
      updatedDate: contact.updatedDate,
      version: contact.version,
    };
  });

  router.get('/contacts', (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    if (q.name !== undefined && q.name.replace(/[%_]/g, '').length < 3) {
      return issueList(ctx, 400, [{ i18nKey: 'invalid_value', source: 'name', type: 'validation_failure' }]);
    }
    let list = Object.values(lex(ctx).org.contacts).filter((c) => !c.archived || q.archived === 'true');
    if (q.email) {
      const m = likeMatcher(q.email);
      list = list.filter((c) => allEmails(c).some((e) => m(e)));
    }
    if (q.name) {
      const m = likeMatcher(q.name.includes('%') ? q.name : `%${q.name}%`);
      list = list.filter((c) => m(contactName(c)));
    }
    if (q.number)
      list = list.filter(
        (c) => String(c.roles.customer?.number) === q.number || String(c.roles.vendor?.number) === q.number,
      );
    if (q.customer !== undefined) list = list.filter((c) => Boolean(c.roles.customer) === (q.customer === 'true'));
    if (q.vendor !== undefined) list = list.filter((c) => Boolean(c.roles.vendor) === (q.vendor === 'true'));
    const page = paged(ctx, list.map(contactJson));
    if (page) ctx.body = page;
  });

  return router;
}
