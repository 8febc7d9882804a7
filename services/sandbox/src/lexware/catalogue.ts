import Router from '@koa/router';

/** Fixed ids, so tests and fixtures can refer to them. */
export const PRINT_LAYOUTS = [
  { id: '8c9a0b8c-1b2f-4c55-9a7e-000000000001', name: 'Standard', default: true },
  { id: '8c9a0b8c-1b2f-4c55-9a7e-000000000002', name: 'Shop-Rechnung mit Logo', default: false },
];

export const POSTING_CATEGORIES = [
  {
    id: '8f8664a8-fd86-11e1-a21f-0800200c9a66',
    name: 'Einnahmen',
    type: 'income',
    contactRequired: false,
    splitAllowed: true,
    groupName: 'Einnahmen',
  },
  {
    id: '8f8664a1-fd86-11e1-a21f-0800200c9a66',
    name: 'Warenverkauf',
    type: 'income',
    contactRequired: false,
    splitAllowed: true,
    groupName: 'Einnahmen',
  },
  {
    id: '8f8664a0-fd86-11e1-a21f-0800200c9a66',
    name: 'Gebühren Zahlungsanbieter',
    type: 'outgo',
    contactRequired: false,
    splitAllowed: true,
    groupName: 'Kosten',
  },
  {
    id: '16d04a28-fd91-11e1-a21f-0800200c9a66',
    name: 'Bankgebühren',
    type: 'outgo',
    contactRequired: false,
    splitAllowed: true,
    groupName: 'Kosten',
  },
  {
    id: 'efa82f40-fd85-11e1-a21f-0800200c9a66',
    name: 'Geldtransit',
    type: 'outgo',
    contactRequired: false,
    splitAllowed: false,
    groupName: 'Sonstiges',
  },
];

export function catalogueRouter(): Router {
  const router = new Router();
  router.get('/print-layouts', (ctx) => {
    ctx.body = PRINT_LAYOUTS;
  });
  router.get('/posting-categories', (ctx) => {
    ctx.body = POSTING_CATEGORIES;
  });
  return router;
}
