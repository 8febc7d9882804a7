import type { Shop } from '@belegfluss/frontend-kit';

export function shopFixture(overrides: Partial<Shop> = {}): Shop {
  return {
    shop: 'demo.myshopify.com',
    name: 'Demo-Shop',
    plan: {
      id: 'standard',
      name: 'Standard',
      annual: false,
      logMaxAge: 30,
      credits: { used: 214, quota: 300, resetAt: '2025-12-01T00:00:00Z' },
      purchase: [],
    },
    lexoffice: { isConnected: true, connectedAt: '2025-10-03T09:12:00Z', profile: { companyName: 'Demo GmbH' } },
    stat: {
      invoice: { created: 187, matched: 4, updated: 2 },
      credit: { created: 27, matched: 0, updated: 0 },
      lexoffice: { contact: { created: 120, updated: 31 } },
      shopify: { webhook: { received: 300, started: 300, skipped: 6, unprocessable: 2, failed: 2, successful: 290 } },
    },
    permissions: [],
    partner: false,
    home: '',
    missingAccessToken: false,
    scopes: ['read_orders', 'write_orders', 'read_all_orders', 'read_customers', 'read_products'],
    downtimes: [],
    ...overrides,
  };
}
