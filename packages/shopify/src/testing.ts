import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { parseAppConfig } from './app-config';

/**
 * A deployed shopify.app.toml that leaves the order topics out, for tests of the per-shop
 * subscriptions: with it, Shopify (the sandbox) sends a shop's orders only to what the shop subscribed.
 */
export const APP_CONFIG_WITHOUT_ORDER_TOPICS = parseAppConfig(`
client_id = "belegfluss-dev-api-key"
application_url = "https://app.example.com"
embedded = true
[auth]
redirect_urls = ["https://app.example.com/api/auth/callback"]
[webhooks]
api_version = "${SHOPIFY_API_VERSION}"
[[webhooks.subscriptions]]
topics = ["app/uninstalled", "app_subscriptions/update", "app_purchases_one_time/update"]
uri = "/webhooks/shopify"
[[webhooks.subscriptions]]
compliance_topics = ["customers/data_request", "customers/redact", "shop/redact"]
uri = "/webhooks/shopify"
`);
