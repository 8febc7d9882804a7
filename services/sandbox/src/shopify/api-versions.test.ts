import { publishedAdminVersions } from '@belegfluss/shopify/published-schema';
import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSIONS, servedApiVersion } from './api-versions.js';

describe('the Admin API versions the sandbox serves', () => {
  it('are the ones Shopify publishes a schema for, the app pinning one of them', () => {
    expect([...SHOPIFY_API_VERSIONS]).toEqual(publishedAdminVersions());
    expect(SHOPIFY_API_VERSIONS).toContain(SHOPIFY_API_VERSION);
  });

  it('serve a retired release as the oldest supported one and know no other version', () => {
    expect(servedApiVersion('2026-04')).toBe('2026-04');
    expect(servedApiVersion('unstable')).toBe('unstable');
    expect(servedApiVersion('2025-07')).toBe('2025-10');
    expect(servedApiVersion('2023-01')).toBe('2025-10');
    expect(servedApiVersion('2025-11')).toBeUndefined();
    expect(servedApiVersion('2027-01')).toBeUndefined();
  });
});
