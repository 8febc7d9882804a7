import { controlApp } from './control/app.js';
import { listen, type Listening } from './http/listen.js';
import { lexwareApp } from './lexware/app.js';
import { bookkeepingRouter } from './lexware/bookkeeping.js';
import { catalogueRouter } from './lexware/catalogue.js';
import { financeRouter } from './lexware/finance.js';
import { subscriptionsRouter } from './lexware/subscriptions.js';
import { resolveOptions, type SandboxOptions } from './options.js';
import { paypalApp } from './paypal/routes.js';
import { StateFile } from './persist.js';
import { Sandbox, type SandboxUrls } from './sandbox.js';
import { shopifyApp } from './shopify/app.js';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import { startSmtp, type SmtpServers } from './smtp/server.js';
import { emptyState, type SandboxState } from './state.js';
import { VIES_REST_PATH } from './vies/routes.js';

export type { SandboxOptions } from './options.js';
export type { SandboxUrls } from './sandbox.js';
export type { SandboxState } from './state.js';
export { shopifyHmac } from './shopify/webhooks.js';
export { DEFAULT_STAFF_USER_ID, queryHmac } from './shopify/signing.js';

export interface RunningSandbox {
  urls: SandboxUrls;
  state: SandboxState;
  sandbox: Sandbox;
  /** Resolves when no webhook or Lexware event is being sent right now. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the Shopify, Lexware, PayPal and SMTP stand-ins and the control API, in this process. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const opts = resolveOptions(options);
  const file = opts.dataDir ? new StateFile(opts.dataDir) : undefined;
  const state = file ? file.load() : emptyState();
  state.knobs.shopify = { ...state.knobs.shopify, ...opts.knobs.shopify };
  state.knobs.lexware = { ...state.knobs.lexware, ...opts.knobs.lexware };
  const sb = new Sandbox(state, opts);

  const servers: Listening[] = [];
  let smtp: SmtpServers | undefined;
  try {
    const control = await listen(controlApp(sb), opts.ports.control, opts.host);
    servers.push(control);
    const shopify = await listen(shopifyApp(sb), opts.ports.shopify, opts.host);
    servers.push(shopify);
    const lexware = await listen(
      lexwareApp({
        state,
        log: opts.log,
        clients: { [opts.lexwareClientId]: opts.lexwareClientSecret },
        buckets: sb.buckets,
        publish: sb.publish,
        extra: [subscriptionsRouter(), bookkeepingRouter(), financeRouter(), catalogueRouter()],
        onRevoked: (connectionId, organizationId) => {
          const org = state.lexware.organizations[organizationId];
          if (org) sb.publish(org, 'token.revoked', connectionId);
        },
      }),
      opts.ports.lexware,
      opts.host,
    );
    servers.push(lexware);
    const paypal = await listen(
      paypalApp(sb.paypal, {
        clientId: DEV_DEFAULTS.paypalClientId,
        clientSecret: DEV_DEFAULTS.paypalClientSecret,
        log: opts.log,
      }),
      opts.ports.paypal,
      opts.host,
    );
    servers.push(paypal);
    sb.urls = {
      control: control.url,
      shopify: shopify.url,
      shopifyAdmin: `${shopify.url}/store/{shop}`,
      lexware: lexware.url,
      lexwareApi: `${lexware.url}/v1`,
      lexwareOauth: `${lexware.url}/oauth2`,
      paypal: paypal.url,
      vies: `${control.url}${VIES_REST_PATH}`,
    };
    if (opts.smtp !== false) {
      smtp = await startSmtp({
        host: opts.host,
        port: opts.ports.smtp,
        securePort: opts.ports.smtps,
        settings: sb.mailSettings,
        mail: state.mail,
        log: opts.log,
      });
      sb.smtpCert = smtp.cert;
      sb.urls.smtp = { host: opts.host, port: smtp.port, securePort: smtp.securePort };
    }
  } catch (err) {
    await Promise.all([...servers.map((s) => s.close()), smtp?.stop()]);
    throw err;
  }
  file?.autosave(() => sb.state);

  return {
    urls: sb.urls,
    state,
    sandbox: sb,
    settled: async () => {
      await Promise.all([sb.webhooks.settled(), sb.events.settled()]);
    },
    async stop() {
      sb.webhooks.stop();
      sb.events.stop();
      await Promise.all([...servers.map((s) => s.close()), smtp?.stop()]);
      file?.stop(sb.state);
    },
  };
}
