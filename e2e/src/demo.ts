/**
 * `npm run demo`: with `npm start` running, sets up a demo shop the way a merchant
 * would by clicking: creates it in the sandbox, installs the app (Shopify OAuth),
 * connects Lexware Office (OAuth consent) and places a paid order.
 */
import { DEV_DEFAULTS, DEV_PORTS } from '@belegfluss/shared/config';
import { eventually, merchant } from './merchant';

const shop = process.argv[2] ?? 'demo-laden.myshopify.com';
const m = merchant(
  { controlUrl: `http://127.0.0.1:${DEV_PORTS.sandboxControl}`, gatewayUrl: DEV_DEFAULTS.appUrl },
  shop,
);

const shops = await m.json<{ shop: string }[]>(`http://127.0.0.1:${DEV_PORTS.sandboxControl}/control/shops`);
if (!shops.some((s) => s.shop === shop)) await m.createShop();
await m.install();
console.log(`App in ${shop} installiert.`);
// Connecting again is harmless and repairs a connection to a sandbox whose state was wiped.
await m.connectLexware();
console.log('Lexware Office verbunden.');
const invoiceCount = async () =>
  (await m.api<{ stat: { invoice: { created: number } } }>('/api/shop')).stat.invoice.created;
const before = await invoiceCount();
const { order } = await m.createOrder({ scenario: 'de_b2c' });
await m.payOrder(order.id);
const invoices = await eventually(async () => {
  const now = await invoiceCount();
  return now > before && now;
}, 60_000);
console.log(`Bestellung ${order.name} bezahlt; Rechnungen im Shop: ${invoices}.`);
console.log(
  `Öffne http://127.0.0.1:${DEV_PORTS.shell}/home?shop=${shop} und die Temporal UI mit ShopDomain = "${shop}".`,
);
