import { setWebhookCallbackUrl, shopsWithStaleWebhooks } from '@belegfluss/db';
import { ADMIN_DOCUMENTS, createAdminClient, declaredTopics, graphqlTopic, type AppConfig } from '@belegfluss/shopify';
import type { GatewayContext } from './context';
import { HANDLED_TOPICS, WEBHOOK_PATH } from './topics';

type RegisterContext = Pick<GatewayContext, 'db' | 'box' | 'settings' | 'options' | 'log'>;

/**
 * Topics the app handles that shopify.app.toml does not declare: Shopify would never send them,
 * so each shop subscribes to them itself. Without a toml (none deployed) that is every topic.
 */
export function shopSpecificTopics(config: AppConfig | undefined): string[] {
  const declared = config ? declaredTopics(config) : new Set<string>();
  return HANDLED_TOPICS.filter((t) => !declared.has(t));
}

interface Subscription {
  id: string;
  topic: string;
  uri: string;
}
interface UserErrors {
  userErrors: Array<{ message: string }>;
}

/**
 * Brings one shop's own subscriptions in line: the missing topics are created for this APP_URL,
 * ours that point at an older APP_URL (or at a topic the toml now declares) are deleted.
 */
export async function registerShopWebhooks(gw: RegisterContext, shop: string, accessToken: string): Promise<void> {
  const { adminUrl, apiVersion } = gw.settings.shopify;
  const graphql = createAdminClient({ adminUrl, apiVersion, shop, accessToken });
  const callbackUrl = `${gw.settings.appUrl}${WEBHOOK_PATH}`;
  const wanted = new Set(shopSpecificTopics(gw.options.appConfig).map(graphqlTopic));
  const { webhookSubscriptions } = await graphql<{ webhookSubscriptions: { nodes: Subscription[] } }>(
    ADMIN_DOCUMENTS.WebhookSubscriptions,
  );
  const current = webhookSubscriptions.nodes.map((s) => ({
    id: s.id,
    topic: s.topic,
    url: s.uri,
  }));
  for (const sub of current) {
    const ours = sub.url.endsWith(WEBHOOK_PATH);
    if (!ours || (sub.url === callbackUrl && wanted.has(sub.topic))) continue;
    const { webhookSubscriptionDelete: res } = await graphql<{ webhookSubscriptionDelete: UserErrors }>(
      ADMIN_DOCUMENTS.WebhookSubscriptionDelete,
      { id: sub.id },
    );
    throwOnUserErrors(res, `delete ${sub.topic}`);
  }
  for (const topic of wanted) {
    if (current.some((s) => s.topic === topic && s.url === callbackUrl)) continue;
    const { webhookSubscriptionCreate: res } = await graphql<{ webhookSubscriptionCreate: UserErrors }>(
      ADMIN_DOCUMENTS.WebhookSubscriptionCreate,
      { topic, sub: { uri: callbackUrl, format: 'JSON' } },
    );
    throwOnUserErrors(res, `create ${topic}`);
  }
  await setWebhookCallbackUrl(gw.db, shop, callbackUrl);
}

function throwOnUserErrors(res: UserErrors, what: string): void {
  if (res.userErrors.length)
    throw new Error(`webhook subscription ${what}: ${res.userErrors.map((e) => e.message).join('; ')}`);
}

/**
 * Re-registers every installed shop whose subscriptions were made for another APP_URL (or not
 * yet, because Shopify did not answer at install). Runs at start and then now and then.
 */
export async function reregisterStaleShops(gw: RegisterContext): Promise<number> {
  let done = 0;
  for (const shop of await shopsWithStaleWebhooks(gw.db, `${gw.settings.appUrl}${WEBHOOK_PATH}`)) {
    try {
      await registerShopWebhooks(gw, shop.id, gw.box.open(shop.tokenEnc));
      done++;
    } catch (err) {
      gw.log.warn({ err, shop: shop.id }, 'Webhook subscriptions could not be registered; will try again');
    }
  }
  return done;
}

/** Stopping waits for a run in flight, so nothing touches the database after close. */
export function startWebhookRegistrar(gw: RegisterContext, everyMs = 10 * 60_000): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= reregisterStaleShops(gw)
      .catch((err: unknown) => gw.log.warn({ err }, 'Webhook registrar could not read the shops'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
