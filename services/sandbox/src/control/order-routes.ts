import Router from '@koa/router';
import { z } from 'zod';
import type { Sandbox } from '../sandbox.js';
import { variantItem } from '../shopify/orders/edit.js';
import type { OrderChange } from '../shopify/orders/service.js';
import { SCENARIO_NAMES } from '../shopify/orders/scenarios.js';
import { getShop } from '../shopify/shops.js';
import { deliverySummary } from './shop-routes.js';
import { body } from './validate.js';

const Person = z.object({
  /** Optional, as at Shopify: POS and phone customers may have none. */
  email: z.email().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  company: z.string().optional(),
  address1: z.string().optional(),
  zip: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  countryCode: z.string().length(2).optional(),
  phone: z.string().optional(),
});

/** A custom item, at a new order or added by an edit. */
const NewLineItem = z.object({
  title: z.string().min(1),
  price: z.number().min(0),
  quantity: z.number().int().positive(),
  sku: z.string().optional(),
  taxRate: z.number().min(0).max(1),
});

export const CreateOrder = z.object({
  scenario: z.enum(SCENARIO_NAMES).default('de_b2c'),
  paid: z.boolean().optional(),
  gateway: z.string().optional(),
  tags: z.array(z.string()).optional(),
  sourceName: z.string().optional(),
  note: z.string().optional(),
  noteAttributes: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  createdAt: z.iso.datetime({ offset: true }).optional(),
  webhooks: z.boolean().optional(),
  discount: z
    .object({ code: z.string(), percent: z.number().min(0).max(100) })
    .nullable()
    .optional(),
  customer: Person.optional(),
  /** The buyer's address on the order, but no customer record. */
  guest: z.boolean().optional(),
  lineItems: z.array(NewLineItem).min(1).optional(),
  /** How many orders to make at once, e.g. for the historical import. */
  count: z.number().int().min(1).max(500).default(1),
});

const Refund = z.object({
  mode: z.enum(['full', 'items', 'amount']).default('full'),
  lineItems: z.array(z.object({ lineItemId: z.number().int(), quantity: z.number().int().positive() })).optional(),
  amount: z.number().positive().optional(),
  shipping: z.boolean().optional(),
  note: z.string().optional(),
});

/** Without lineItems, everything still open ships at once; with them, only these quantities (a partial fulfilment). */
const Fulfil = z.object({
  lineItems: z
    .array(z.object({ lineItemId: z.number().int(), quantity: z.number().int().positive() }))
    .min(1)
    .optional(),
});

const Cancel = z.object({
  reason: z.enum(['customer', 'fraud', 'inventory', 'declined', 'other']).default('customer'),
  refund: z.boolean().default(false),
});

const Return = z.object({
  returnLineItems: z
    .array(
      z.object({
        lineItemId: z.number().int(),
        quantity: z.number().int().positive(),
        returnReason: z.string().optional(),
      }),
    )
    .min(1),
  /** New items that go out in place of the returned ones: the return becomes an exchange. */
  exchangeLineItems: z
    .array(
      z.object({
        title: z.string().min(1),
        price: z.number().min(0),
        quantity: z.number().int().positive(),
        taxRate: z.number().min(0).max(1),
        sku: z.string().optional(),
      }),
    )
    .optional(),
  /** true: the customer requests it (REQUESTED, returns/request); otherwise staff create it OPEN (returns/approve). */
  requested: z.boolean().optional(),
  /** Process it at once (returnProcess), as staff do for an exchange handed over in the shop. */
  process: z.boolean().optional(),
});

const ReturnMove = z.object({
  reason: z.string().optional(),
  note: z.string().nullable().optional(),
});

const RETURN_ACTIONS = ['approve', 'decline', 'process', 'close', 'reopen', 'cancel'] as const;

/** A discount on an item the edit adds: a fixed amount per piece or a percentage. */
const EditDiscount = z
  .object({
    description: z.string().optional(),
    amount: z.number().positive().optional(),
    percent: z.number().positive().max(100).optional(),
  })
  .refine((d) => (d.amount === undefined) !== (d.percent === undefined), {
    message: 'Ein Rabatt ist entweder ein Betrag oder ein Prozentsatz.',
  });

/** One committed order edit, as the admin's "Bestellung bearbeiten" or the GraphQL orderEdit mutations make it. */
const Edit = z
  .object({
    addItems: z.array(NewLineItem.extend({ discount: EditDiscount.optional() })).optional(),
    /** A variant the shop sells added again (the way a price is changed after the order: removed, added discounted). */
    addVariants: z
      .array(
        z.object({
          variantId: z.number().int(),
          quantity: z.number().int().positive(),
          discount: EditDiscount.optional(),
        }),
      )
      .optional(),
    setQuantities: z.array(z.object({ lineItemId: z.number().int(), quantity: z.number().int().min(0) })).optional(),
    addShipping: z
      .array(z.object({ title: z.string().min(1), price: z.number().min(0), taxRate: z.number().min(0).max(1) }))
      .optional(),
    removeShipping: z.array(z.number().int()).optional(),
    staffNote: z.string().optional(),
  })
  .refine(
    (e) =>
      e.addItems?.length ||
      e.addVariants?.length ||
      e.setQuantities?.length ||
      e.addShipping?.length ||
      e.removeShipping?.length,
    {
      message: 'Die Änderung enthält nichts.',
    },
  );

const answer = (c: OrderChange) => ({
  order: c.order,
  deliveries: c.deliveries.map((d) => ({ webhookId: d.webhookId, eventId: d.eventId, topic: d.topic })),
});

/** Orders over time: create (any scenario, any date), pay, fulfil, refund and cancel. */
export function orderRoutes(sb: Sandbox): Router {
  const router = new Router({ prefix: '/control/shops/:shop/orders' });
  const shopOf = (param: string | undefined) => getShop(sb.state, param ?? '');

  router.post('/', async (ctx) => {
    const shop = shopOf(ctx.params.shop);
    const { count, ...input } = await body(ctx, CreateOrder);
    const changes = Array.from({ length: count }, () => sb.orders.create(shop, input));
    ctx.status = 201;
    ctx.body = count === 1 && changes[0] ? answer(changes[0]) : changes.map(answer);
  });

  router.get('/', (ctx) => {
    ctx.body = Object.values(shopOf(ctx.params.shop).orders);
  });

  router.get('/:id', (ctx) => {
    ctx.body = sb.orders.get(shopOf(ctx.params.shop), ctx.params.id ?? '');
  });

  router.post('/:id/pay', async (ctx) => {
    const input = await body(ctx, z.object({ gateway: z.string().optional() }));
    ctx.body = answer(sb.orders.pay(shopOf(ctx.params.shop), ctx.params.id ?? '', input.gateway));
  });

  router.post('/:id/fulfil', async (ctx) => {
    const input = await body(ctx, Fulfil);
    ctx.body = answer(sb.orders.fulfil(shopOf(ctx.params.shop), ctx.params.id ?? '', input.lineItems));
  });

  router.post('/:id/refund', async (ctx) => {
    const input = await body(ctx, Refund);
    ctx.body = answer(sb.orders.refund(shopOf(ctx.params.shop), ctx.params.id ?? '', input));
  });

  router.post('/:id/edit', async (ctx) => {
    const { addVariants, ...input } = await body(ctx, Edit);
    const shop = shopOf(ctx.params.shop);
    const variants = (addVariants ?? []).map((v) => {
      const item = variantItem(Object.values(shop.orders), v.variantId, v.quantity);
      if (!item) return ctx.throw(422, `Die Variante ${v.variantId} gibt es im Shop nicht.`);
      return v.discount ? { ...item, discount: v.discount } : item;
    });
    const change = sb.orders.edit(shop, ctx.params.id ?? '', {
      ...input,
      addItems: [...(input.addItems ?? []), ...variants],
    });
    ctx.body = { ...answer(change), edit: change.edit.order_edit };
  });

  router.post('/:id/cancel', async (ctx) => {
    const input = await body(ctx, Cancel);
    ctx.body = answer(sb.orders.cancel(shopOf(ctx.params.shop), ctx.params.id ?? '', input.reason, input.refund));
  });

  router.post('/:id/returns', async (ctx) => {
    const { process, ...input } = await body(ctx, Return);
    const shop = shopOf(ctx.params.shop);
    const created = sb.orders.createReturn(shop, ctx.params.id ?? '', input);
    const processed = process ? sb.orders.processReturn(shop, ctx.params.id ?? '', created.return.id) : null;
    ctx.status = 201;
    ctx.body = {
      ...answer(processed ?? created),
      deliveries: [...created.deliveries, ...(processed?.deliveries ?? [])].map((d) => ({
        webhookId: d.webhookId,
        eventId: d.eventId,
        topic: d.topic,
      })),
      return: (processed ?? created).return,
    };
  });

  router.get('/:id/returns', (ctx) => {
    ctx.body = sb.orders.returns(shopOf(ctx.params.shop), ctx.params.id ?? '');
  });

  router.post('/:id/returns/:returnId/:action', async (ctx) => {
    const action = z.enum(RETURN_ACTIONS).safeParse(ctx.params.action);
    if (!action.success) return ctx.throw(404, `Unknown return action ${ctx.params.action}`);
    const input = await body(ctx, ReturnMove);
    const shop = shopOf(ctx.params.shop);
    const returnId = Number(ctx.params.returnId);
    const change =
      action.data === 'process'
        ? sb.orders.processReturn(shop, ctx.params.id ?? '', returnId)
        : sb.orders.moveReturn(
            shop,
            ctx.params.id ?? '',
            returnId,
            action.data,
            action.data === 'decline' ? { reason: input.reason ?? 'other', note: input.note ?? null } : undefined,
          );
    ctx.body = { ...answer(change), return: change.return };
  });

  router.get('/:id/webhooks', (ctx) => {
    const id = Number(ctx.params.id);
    ctx.body = shopOf(ctx.params.shop)
      .deliveries.filter((d) => {
        const p = JSON.parse(d.body) as { id?: number; order_id?: number; order_edit?: { order_id?: number } };
        return p.id === id || p.order_id === id || p.order_edit?.order_id === id;
      })
      .map(deliverySummary);
  });

  return router;
}
