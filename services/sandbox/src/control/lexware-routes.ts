import { randomUUID } from 'node:crypto';
import Router, { type RouterContext } from '@koa/router';
import { requestStats, resetRequestStats } from '../lexware/request-stats.js';
import { LIMITS } from '@belegfluss/shared';
import { z } from 'zod';
import { recordPayment } from '../lexware/invoices/payment.js';
import { openCents, voucherJson } from '../lexware/invoices/vouchers.js';
import { createOrganization } from '../lexware/organizations.js';
import { lexwareTime } from '../time.js';
import { createConnection, issueTokens, PUBLIC_SCOPES } from '../lexware/tokens.js';
import type { Organization, SalesVoucherKind } from '../lexware/types.js';
import type { Sandbox } from '../sandbox.js';
import { body, ControlError } from './validate.js';

const Profile = z
  .object({
    companyName: z.string().min(1),
    smallBusiness: z.boolean(),
    distanceSalesPrinciple: z.enum(['ORIGIN', 'DESTINATION']),
    businessFeatures: z.array(z.string()),
    /** Shortcut: L = INVOICING, XL = INVOICING + INVOICING_PRO. */
    version: z.enum(['S', 'M', 'L', 'XL']),
    taxType: z.enum(['net', 'gross', 'vatfree']),
    subscriptionStatus: z.string(),
    userName: z.string(),
    userEmail: z.email(),
    eInvoicing: z.boolean(),
  })
  .partial();

type ProfileInput = z.infer<typeof Profile>;

function profilePatch(input: ProfileInput): Omit<ProfileInput, 'version'> {
  const { version, ...rest } = input;
  if (!version) return rest;
  const features =
    version === 'XL'
      ? ['INVOICING', 'INVOICING_PRO', 'BOOKKEEPING']
      : version === 'L'
        ? ['INVOICING', 'BOOKKEEPING']
        : ['BOOKKEEPING'];
  return { ...rest, businessFeatures: rest.businessFeatures ?? features };
}

function orgSummary(org: Organization): Record<string, unknown> {
  return {
    id: org.id,
    profile: org.profile,
    contactCount: Object.keys(org.contacts).length,
    voucherCount: Object.keys(org.vouchers).length,
  };
}

/** What tests and the control page need to set Lexware up and see what the app sent. */
export function lexwareControlRoutes(sb: Sandbox): Router {
  const router = new Router({ prefix: '/control/lexware' });
  const orgs = () => Object.values(sb.state.lexware.organizations);
  const orgFilter = (id: unknown) => (org: Organization) => typeof id !== 'string' || org.id === id;

  router.get('/organizations', (ctx) => {
    ctx.body = orgs().map(orgSummary);
  });

  router.post('/organizations', async (ctx) => {
    const input = await body(ctx, Profile);
    ctx.status = 201;
    ctx.body = orgSummary(createOrganization(sb.state, profilePatch(input)));
  });

  router.put('/organizations/:id/profile', async (ctx) => {
    const org = sb.state.lexware.organizations[ctx.params.id ?? ''];
    if (!org) throw new ControlError(404, 'Organisation nicht gefunden');
    org.profile = { ...org.profile, ...profilePatch(await body(ctx, Profile)) };
    ctx.body = orgSummary(org);
  });

  /** Skips the consent page: a connection and tokens for an (optionally new) organisation. */
  router.post('/tokens', async (ctx) => {
    const input = await body(
      ctx,
      z.object({
        organizationId: z.string().optional(),
        scopes: z.array(z.string()).optional(),
        clientId: z.string().optional(),
      }),
    );
    const org = input.organizationId
      ? sb.state.lexware.organizations[input.organizationId]
      : createOrganization(sb.state);
    if (!org) throw new ControlError(404, 'Organisation nicht gefunden');
    const connection = createConnection(
      sb.state,
      org,
      input.clientId ?? sb.opts.lexwareClientId,
      input.scopes ?? PUBLIC_SCOPES,
    );
    ctx.status = 201;
    ctx.body = { ...issueTokens(sb.state, connection), organizationId: org.id, connectionId: connection.id };
  });

  const listVouchers = (kind: SalesVoucherKind) => (ctx: RouterContext) => {
    ctx.body = orgs()
      .filter(orgFilter(ctx.query.organizationId))
      .flatMap((org) => Object.values(org.vouchers))
      .filter((v) => v.kind === kind)
      .map((v) => ({ ...voucherJson(v), openAmount: openCents(v) / 100 }));
  };
  router.get('/invoices', listVouchers('invoice'));
  router.get('/credit-notes', listVouchers('creditnote'));
  router.get('/delivery-notes', listVouchers('deliverynote'));

  voucherRoutes(sb, router);
  contactRoutes(sb, router);

  router.get('/public-key', (ctx) => {
    ctx.type = 'application/x-pem-file';
    ctx.body = sb.keys.publicKey;
  });

  router.get('/events', (ctx) => {
    ctx.body = sb.state.lexware.eventDeliveries.map((d) => ({ ...d, payload: JSON.parse(d.body) as unknown }));
  });

  router.get('/stats', (ctx) => {
    ctx.body = requestStats();
  });

  router.delete('/stats', (ctx) => {
    resetRequestStats();
    ctx.status = 204;
  });

  router.get('/contacts', (ctx) => {
    ctx.body = orgs()
      .filter(orgFilter(ctx.query.organizationId))
      .flatMap((org) => Object.values(org.contacts));
  });

  return router;
}

/**
 * Faults for the completeness audit, the hand work a bookkeeper does in Lexware Office (delete a voucher, change its
 * total, or copy it: a duplicate made by hand, with its own number), and a simulated bank payment.
 */
function voucherRoutes(sb: Sandbox, router: Router): void {
  const orgs = () => Object.values(sb.state.lexware.organizations);
  const voucherOf = (id: string | undefined) => {
    const org = orgs().find((o) => o.vouchers[id ?? '']);
    const v = org?.vouchers[id ?? ''];
    if (!org || !v) throw new ControlError(404, 'Beleg nicht gefunden');
    return { org, v };
  };
  router.delete('/vouchers/:id', (ctx) => {
    const { org, v } = voucherOf(ctx.params.id);
    delete org.vouchers[v.id];
    ctx.status = 204;
  });
  router.patch('/vouchers/:id', async (ctx) => {
    const input = await body(ctx, z.object({ totalGrossAmount: z.number().positive() }));
    const { v } = voucherOf(ctx.params.id);
    v.totalGross = input.totalGrossAmount;
    v.json.totalPrice = { ...(v.json.totalPrice as Record<string, unknown>), totalGrossAmount: input.totalGrossAmount };
    ctx.body = voucherJson(v);
  });
  router.post('/vouchers/:id/duplicate', (ctx) => {
    const { org, v } = voucherOf(ctx.params.id);
    const id = randomUUID();
    const number =
      v.kind === 'invoice' ? `RE${String(org.nextInvoiceNumber++).padStart(4, '0')}` : `${v.voucherNumber ?? 'X'}-2`;
    org.vouchers[id] = {
      ...structuredClone(v),
      id,
      voucherNumber: number,
      json: { ...structuredClone(v.json), id, voucherNumber: number },
    };
    ctx.status = 201;
    ctx.body = voucherJson(org.vouchers[id]!);
  });

  /** A simulated bank payment: the invoice's open amount drops, and the app gets the two events. */
  router.post('/invoices/:id/pay', async (ctx) => {
    const input = await body(ctx, z.object({ amount: z.number().positive().optional() }));
    const org = orgs().find((o) => o.vouchers[ctx.params.id ?? '']);
    const v = org?.vouchers[ctx.params.id ?? ''];
    if (!org || !v) throw new ControlError(404, 'Rechnung nicht gefunden');
    recordPayment(org, v, sb.publish, input.amount === undefined ? undefined : Math.round(input.amount * 100));
    ctx.body = { ...voucherJson(v), openAmount: openCents(v) / 100 };
  });
}

/** Contacts in bulk, for what a full account answers. */
function contactRoutes(sb: Sandbox, router: Router): void {
  /**
   * Fills an organisation up to `count` contacts (Lexware's limit by default) without 59,999 API calls, so a test
   * can see what a full account answers.
   */
  router.post('/organizations/:id/contacts/fill', async (ctx) => {
    const org = sb.state.lexware.organizations[ctx.params.id ?? ''];
    if (!org) throw new ControlError(404, 'Organisation nicht gefunden');
    const { count } = await body(
      ctx,
      z.object({ count: z.number().int().min(0).max(LIMITS.lexwareContacts).default(LIMITS.lexwareContacts) }),
    );
    const now = lexwareTime();
    for (let n = Object.keys(org.contacts).length; n < count; n++) {
      const id = randomUUID();
      org.contacts[id] = {
        id,
        organizationId: org.id,
        version: 1,
        roles: { customer: { number: org.nextCustomerNumber++ } },
        person: { lastName: `Bestandskunde ${n + 1}` },
        archived: false,
        createdDate: now,
        updatedDate: now,
      };
    }
    ctx.body = orgSummary(org);
  });
}
