import { DEV_PORTS, env } from '@belegfluss/shared/config';
import { startSandbox } from './index.js';

const port = (name: string, fallback: number) => Number(env(name, String(fallback)));

// Every setting can come from the environment; the defaults match packages/shared/src/config.ts.
const sandbox = await startSandbox({
  ports: {
    control: port('SANDBOX_CONTROL_PORT', DEV_PORTS.sandboxControl),
    shopify: port('SANDBOX_SHOPIFY_PORT', DEV_PORTS.sandboxShopify),
    lexware: port('SANDBOX_LEXWARE_PORT', DEV_PORTS.sandboxLexware),
    paypal: port('SANDBOX_PAYPAL_PORT', DEV_PORTS.sandboxPayPal),
    smtp: port('SANDBOX_SMTP_PORT', DEV_PORTS.sandboxSmtp),
    smtps: port('SANDBOX_SMTPS_PORT', DEV_PORTS.sandboxSmtps),
  },
  host: process.env.SANDBOX_HOST || undefined,
  appUrl: process.env.APP_URL || undefined,
  appSecret: process.env.SHOPIFY_API_SECRET || undefined,
  apiKey: process.env.SHOPIFY_API_KEY || undefined,
  lexwareClientId: process.env.LEXWARE_CLIENT_ID || undefined,
  lexwareClientSecret: process.env.LEXWARE_CLIENT_SECRET || undefined,
  dataDir: process.env.SANDBOX_DATA_DIR || undefined,
  smtp: process.env.SANDBOX_SMTP_USER
    ? { auth: { user: process.env.SANDBOX_SMTP_USER, pass: process.env.SANDBOX_SMTP_PASS ?? '' } }
    : undefined,
});

sandbox.sandbox.opts.log.info({ urls: sandbox.urls }, 'sandbox ready');
console.log(`Sandbox läuft:
  Steuerseite & API   ${sandbox.urls.control}
  Shopify             ${sandbox.urls.shopify}/store/{shop}/admin
  Lexware Office API  ${sandbox.urls.lexwareApi}
  Lexware OAuth       ${sandbox.urls.lexwareOauth}
  PayPal API          ${sandbox.urls.paypal}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.stop().then(() => process.exit(0));
  });
}
