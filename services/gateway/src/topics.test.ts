import { describe, expect, it } from 'vitest';
import { declaredEndpoints, declaredTopics, findAppConfig, readAppConfig } from '@belegfluss/shopify';
import { readSettings } from '@belegfluss/shared/settings';
import { COMPLIANCE_TOPICS, HANDLED_TOPICS, WEBHOOK_PATH } from './topics';
import { shopSpecificTopics } from './webhook-subscriptions';
import { SHAPED_TOPICS } from './routes/webhooks/schema';
import { TOPIC_HANDLERS } from './deliveries';
import { ORDER_TOPICS, RETURN_TOPICS } from './topics';

/** The project's shopify.app.toml is what `shopify app deploy` publishes: Shopify sends nothing else. */
describe('shopify.app.toml', () => {
  const path = findAppConfig();
  const config = readAppConfig(path!);
  const appUrl = 'https://app.example.com';

  it('subscribes every topic the gateway handles, to the webhook route', () => {
    expect(path).toMatch(/shopify\.app\.toml$/);
    const declared = declaredTopics(config);
    for (const topic of HANDLED_TOPICS) {
      expect(declared.has(topic), topic).toBe(true);
      expect(declaredEndpoints(config, topic, appUrl), topic).toEqual([`${appUrl}${WEBHOOK_PATH}`]);
    }
    expect(shopSpecificTopics(config)).toEqual([]);
  });

  it('knows the body of every topic it subscribes to (the others are refused)', () => {
    const subscribed = new Set([...declaredTopics(config), ...config.complianceTopics.map((c) => c.topic)]);
    expect(new Set(SHAPED_TOPICS)).toEqual(new Set([...HANDLED_TOPICS, ...COMPLIANCE_TOPICS]));
    expect(new Set(SHAPED_TOPICS)).toEqual(subscribed);
  });

  it('has one handler for each topic that is no order event, each return topic its own', () => {
    const orderTopics = new Set<string>(ORDER_TOPICS);
    for (const topic of HANDLED_TOPICS.filter((t) => !orderTopics.has(t)))
      expect(TOPIC_HANDLERS.has(topic), topic).toBe(true);
    expect(RETURN_TOPICS.every((t) => TOPIC_HANDLERS.has(t))).toBe(true);
    expect(config.scopes).toContain('read_returns');
  });

  it('declares the three compliance topics under compliance_topics', () => {
    expect(config.complianceTopics.map((c) => c.topic).sort()).toEqual([...COMPLIANCE_TOPICS].sort());
    for (const { topic } of config.complianceTopics)
      expect(declaredEndpoints(config, topic, appUrl)).toEqual([`${appUrl}${WEBHOOK_PATH}`]);
  });

  it('names the webhook API version, the scopes and embedding the gateway uses', () => {
    const settings = readSettings();
    expect(config.apiVersion).toBe(settings.shopify.apiVersion);
    expect(config.scopes.join(',')).toBe(settings.shopify.scopes);
    expect(config.embedded).toBe(true);
    expect(config.applicationUrl).toMatch(/^https:\/\//);
    // Absolute https URIs on the app's origin: some CLI versions refuse relative ones.
    for (const s of [...config.subscriptions, ...config.complianceTopics])
      expect(s.uri).toBe(`${new URL(config.applicationUrl).origin}${WEBHOOK_PATH}`);
  });
});
