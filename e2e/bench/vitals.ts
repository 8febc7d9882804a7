/**
 * Web Vitals of the pages a merchant, a partner and support open most, measured as Shopify's Built for Shopify
 * programme measures them (LCP, CLS, INP) with Lighthouse 12.2.3, against the production build as the images
 * serve it (nginx, config.json and App Bridge rendered at start by deploy/frontend-entrypoint.sh), each remote on
 * its own origin. This process runs the stack, seeds one shop with an invoiced order, a partner account and
 * support rights, and serves the front ends; bench/vitals-measure.ts measures from its own process, so neither the
 * stack nor the seeding is what Lighthouse sees. Shopify's CDN is out of reach here: App Bridge is a stand-in of
 * the same role (the first script of the page, handing out session tokens, here from the sandbox), served by the
 * shell's nginx. Prints each page's figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_STAFF_USER_ID } from '@belegfluss/sandbox';
import { documentsTable, shopsTable } from '@belegfluss/db/testing';
import { eventually, merchant } from '../src/merchant';
import { serveWithNginx } from '../src/nginx';
import { startStack } from '../src/stack';

const SHOP = 'vitals-laden.myshopify.com';
process.env.SUPPORT_STAFF = `${SHOP}:${DEFAULT_STAFF_USER_ID}`;
const stack = await startStack();
const control = stack.sandbox.urls.control;
const served = await serveWithNginx({
  gatewayUrl: stack.gatewayUrl,
  env: (urls) => ({
    SHOPIFY_API_KEY: 'belegfluss-dev-api-key',
    SHELL_REMOTE_PREFERENCES: `${urls.preferences}/mf-manifest.json`,
    SHELL_REMOTE_PARTNER: `${urls.partner}/mf-manifest.json`,
    SHELL_REMOTE_ADMIN: `${urls.admin}/mf-manifest.json`,
  }),
});
const shellRoot = join(served.dir, 'shell');
await writeFile(
  join(shellRoot, 'app-bridge-standin.js'),
  `(() => {
  const meta = document.querySelector('meta[name="shopify-api-key"]');
  const shop = new URLSearchParams(location.search).get('shop');
  let cached;
  window.shopify = {
    config: { apiKey: meta && meta.content, shop },
    // Like App Bridge, one token until shortly before it expires: App Bridge asks the admin (a message to the
    // parent frame, no request of the app's), so a request per call would put round trips on the page that
    // production never makes.
    idToken: () => {
      if (!cached || Date.now() > cached.renewAt) {
        const token = fetch('${control}/control/session-token?shop=' + shop).then((r) => r.json()).then((body) => body.token);
        cached = { token, renewAt: Infinity };
        token.then(
          (value) => {
            const exp = JSON.parse(atob(value.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp;
            cached.renewAt = exp * 1000 - 15000;
          },
          () => (cached = undefined),
        );
      }
      return cached.token;
    },
  };
})();
`,
);
for (const page of (await readdir(shellRoot)).filter((file) => /^(index|first-view.*)\.html$/.test(file))) {
  const file = join(shellRoot, page);
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace(
      'https://cdn.shopify.com/shopifycloud/app-bridge.js',
      '/app-bridge-standin.js',
    ),
  );
}

const m = merchant(stack, SHOP);
await m.createShop();
await m.install();
await m.connectLexware();
await shopsTable.update(stack.db, { id: SHOP }, { partner: true, planId: 'business' });
const { order } = await m.createOrder({ scenario: 'de_b2c', paid: true });
await eventually(
  async () =>
    Boolean(await documentsTable.first(stack.db, { shopId: SHOP, type: 'invoice' }, { notNull: ['lexwareId'] })),
  120_000,
);

const pages = [
  ['Dashboard', '/home'],
  ['Bestellungen', '/orders'],
  ['Bestellung mit Belegen', `/orders/${order.id}`],
  ['Ereignisprotokoll', '/log'],
  ['Vollständigkeitsprüfung', '/orders/audit'],
  ['Einstellungen', '/preferences'],
  ['Partner', '/partner'],
  ['Administration', '/admin'],
].map(([name, path]) => ({ name, url: `${served.urls.shell}${path}?shop=${SHOP}` }));

const measure = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./vitals-measure.ts', import.meta.url))],
  { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, VITALS_PAGES: JSON.stringify(pages) } },
);
const code = await new Promise<number | null>((resolve) => measure.once('exit', resolve));
await served.stop();
await stack.stop();
process.exit(code ?? 1);
