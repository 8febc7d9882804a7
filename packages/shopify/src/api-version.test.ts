import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { describe, expect, it } from 'vitest';
import { findAppConfig, readAppConfig } from './app-config';
import { publishedAdminVersions } from './published-schema';

describe('the Admin API version the app pins', () => {
  it('is the one shopify.app.toml subscribes its webhooks with', () => {
    expect(readAppConfig(findAppConfig(import.meta.dirname)!).apiVersion).toBe(SHOPIFY_API_VERSION);
  });

  it('is a dated version Shopify publishes a schema for, not unstable', () => {
    expect(publishedAdminVersions()).toContain(SHOPIFY_API_VERSION);
  });
});
