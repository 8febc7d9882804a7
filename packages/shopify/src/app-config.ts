import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'smol-toml';

/**
 * The parts of `shopify.app.toml` (Shopify CLI app configuration) that the app and the sandbox
 * act on: which topics Shopify delivers to every shop the app is installed on, and where.
 */
export interface AppConfig {
  clientId: string;
  applicationUrl: string;
  embedded: boolean;
  scopes: string[];
  /** `[auth] redirect_urls`: the only places Shopify's grant may send the merchant back to. */
  redirectUrls: string[];
  apiVersion: string;
  /** App-specific subscriptions; `uri` may be relative to the application URL, as the CLI allows. */
  subscriptions: Array<{ topics: string[]; uri: string }>;
  complianceTopics: Array<{ topic: string; uri: string }>;
}

export const APP_CONFIG_FILE = 'shopify.app.toml';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function parseAppConfig(text: string): AppConfig {
  const doc = parse(text) as Record<string, unknown>;
  const webhooks = (doc.webhooks ?? {}) as { api_version?: unknown; subscriptions?: unknown };
  const access = (doc.access_scopes ?? {}) as { scopes?: unknown };
  const auth = (doc.auth ?? {}) as { redirect_urls?: unknown };
  const subscriptions: AppConfig['subscriptions'] = [];
  const complianceTopics: AppConfig['complianceTopics'] = [];
  for (const raw of Array.isArray(webhooks.subscriptions)
    ? (webhooks.subscriptions as Array<Record<string, unknown>>)
    : []) {
    if (typeof raw.uri !== 'string' || !raw.uri)
      throw new Error(`${APP_CONFIG_FILE}: every [[webhooks.subscriptions]] needs a uri`);
    const topics = strings(raw.topics);
    if (topics.length) subscriptions.push({ topics, uri: raw.uri });
    for (const topic of strings(raw.compliance_topics)) complianceTopics.push({ topic, uri: raw.uri });
  }
  if (typeof webhooks.api_version !== 'string')
    throw new Error(`${APP_CONFIG_FILE}: [webhooks] api_version is missing`);
  return {
    clientId: String(doc.client_id ?? ''),
    applicationUrl: String(doc.application_url ?? ''),
    embedded: doc.embedded === true,
    scopes:
      typeof access.scopes === 'string'
        ? access.scopes
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    redirectUrls: strings(auth.redirect_urls),
    apiVersion: webhooks.api_version,
    subscriptions,
    complianceTopics,
  };
}

/** The nearest `shopify.app.toml` at or above `from` (the repository root in development, /app in the image). */
export function findAppConfig(from = process.cwd()): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, APP_CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

export function readAppConfig(path: string): AppConfig {
  return parseAppConfig(readFileSync(path, 'utf8'));
}

/** Every topic the configuration subscribes to for all shops, compliance topics included. */
export function declaredTopics(config: AppConfig): Set<string> {
  return new Set([...config.subscriptions.flatMap((s) => s.topics), ...config.complianceTopics.map((c) => c.topic)]);
}

/**
 * A URL of the toml as it is reached locally: `appUrl` stands in for application_url, as `shopify app dev`
 * swaps in its tunnel. A uri on that origin (or a relative one) moves to `appUrl`; any other stays.
 */
export function localUrl(config: AppConfig, uri: string, appUrl: string): string {
  const base = appUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(uri)) return `${base}/${uri.replace(/^\/+/, '')}`;
  const url = new URL(uri);
  const deployed = config.applicationUrl ? new URL(config.applicationUrl).origin : undefined;
  return url.origin === deployed ? `${base}${url.pathname}${url.search}` : uri;
}

/** Where Shopify sends `topic` (see localUrl for `appUrl`). */
export function declaredEndpoints(config: AppConfig, topic: string, appUrl: string): string[] {
  const uris = [
    ...config.subscriptions.filter((s) => s.topics.includes(topic)).map((s) => s.uri),
    ...config.complianceTopics.filter((c) => c.topic === topic).map((c) => c.uri),
  ];
  return [...new Set(uris.map((uri) => localUrl(config, uri, appUrl)))];
}

/** REST topic (`orders/paid`) ⇄ GraphQL enum (`ORDERS_PAID`). */
export const graphqlTopic = (topic: string) => topic.toUpperCase().replaceAll('/', '_');
