import type Router from '@koa/router';
import { getShop, preferenceSections, latestInvoicePdfToken } from '@belegfluss/db';
import {
  documentLinks,
  hasShopifyScope,
  metafieldVar,
  METAFIELD_LIMIT,
  METAFIELD_RESOURCES,
  METAFIELD_SCOPES,
  readStoredSection,
  notificationLinks,
  WRITABLE_METAFIELDS,
  WRITABLE_METAFIELD_INFO,
  type MetafieldPreferences,
} from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { NotFound } from '../../errors';
import { query } from '../../http';
import { sessionOf } from '../../middleware/session';
import { LinksQuery } from './schema';
import { requireFeature } from '../../plan-gate';
import { describeRoutes } from '../../route-list';

describeRoutes({
  metafields: 'Metafields page; saving is PATCH /api/preferences/metafields',
  'metafields.links': 'E-mail link wizard: the notification templates with their links',
});

const RESOURCE_LABELS: Record<(typeof METAFIELD_RESOURCES)[number], string> = {
  shop: 'Shop',
  order: 'Bestellung',
  customer: 'Kunde',
  company: 'Firma (B2B)',
  product: 'Produkt',
  variant: 'Variante',
};

async function load(gw: GatewayContext, shopId: string): Promise<{ scopes: string[]; prefs: MetafieldPreferences }> {
  const shop = await getShop(gw.db, shopId);
  if (!shop) throw NotFound('Dieser Shop ist nicht installiert.');
  const stored = (await preferenceSections(gw.db, shopId, ['metafields'])).metafields ?? {};
  return { scopes: shop.scopes, prefs: readStoredSection('metafields', stored) };
}

/** A real link of the shop for the preview, or one of the right shape while it has no document yet. */
async function exampleUrl(gw: GatewayContext, shopId: string): Promise<string> {
  return documentLinks(gw.settings.appUrl, (await latestInvoicePdfToken(gw.db, shopId)) ?? '0'.repeat(32)).save;
}

export function metafieldRoutes(gw: GatewayContext, api: Router): void {
  /** The metafields page's catalogue: what can be read and written, which scopes are granted, and the placeholders. */
  api.get('metafields', '/api/metafields', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const { scopes, prefs } = await load(gw, shop);
    const scope = (s: string) => ({ scope: s, granted: hasShopifyScope(scopes, s) });
    ctx.body = {
      ...prefs,
      limit: METAFIELD_LIMIT,
      placeholders: prefs.read.map((e) => ({ ...e, placeholder: `{${metafieldVar(e)}}` })),
      resources: METAFIELD_RESOURCES.map((id) => ({ id, label: RESOURCE_LABELS[id], ...scope(METAFIELD_SCOPES[id]) })),
      writable: WRITABLE_METAFIELDS.map((id) => ({ id, ...WRITABLE_METAFIELD_INFO[id] })),
      writeScope: scope(METAFIELD_SCOPES.write),
    };
  });

  /** The e-mail link wizard: 20 notification snippets in 4 groups for this shop's write entries. */
  api.get('metafields.links', '/api/metafields/links', requireFeature(gw, 'emailIntegration'), async (ctx) => {
    const q = query(ctx, LinksQuery);
    const { shop } = sessionOf(ctx);
    const { scopes, prefs } = await load(gw, shop);
    const links = notificationLinks(prefs.write, {
      exampleUrl: await exampleUrl(gw, shop),
      style: { text: { invoice: q.invoiceText, credit: q.creditText }, style: q.style, color: q.color },
    });
    ctx.body = { ...links, writeScopeGranted: hasShopifyScope(scopes, METAFIELD_SCOPES.write) };
  });
}
