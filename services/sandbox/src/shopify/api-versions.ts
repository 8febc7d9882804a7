/**
 * The dated Admin API versions Shopify serves, oldest first: the supported stable ones and the release
 * candidate, as Shopify publishes them in @shopify/dev-mcp (api-versions.test.ts keeps the two lists equal).
 * The sandbox runs without that package, so it carries the list itself.
 */
export const SHOPIFY_API_VERSIONS = ['2025-10', '2026-01', '2026-04', '2026-07', '2026-10'] as const;

const RELEASE = /^\d{4}-(?:01|04|07|10)$/;

/**
 * The version Shopify answers a request for `requested` with: a served one (or `unstable`) as asked, a
 * retired release as the oldest supported version; undefined for a version that does not exist, which
 * Shopify answers with 404.
 */
export function servedApiVersion(requested: string): string | undefined {
  if (requested === 'unstable' || (SHOPIFY_API_VERSIONS as readonly string[]).includes(requested)) return requested;
  const oldest = SHOPIFY_API_VERSIONS[0];
  return RELEASE.test(requested) && requested < oldest ? oldest : undefined;
}
