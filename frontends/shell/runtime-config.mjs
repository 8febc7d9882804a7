// @ts-check
/**
 * The shell's runtime configuration, read by the browser from `/config.json`.
 * It says where the API, the sandbox and each remote live, so one build runs
 * anywhere. The dev and preview servers answer `/config.json` from the
 * environment on every request; `rsbuild build` also writes dist/config.json,
 * and static hosts rewrite it with `node runtime-config.mjs dist/config.json`.
 *
 *   SHELL_API_URL             default /api (proxied to GATEWAY_URL)
 *   SHELL_SANDBOX_URL         default /sandbox (proxied to SANDBOX_URL); `none` in production
 *   SHELL_REMOTE_PREFERENCES  default http://127.0.0.1:3001/mf-manifest.json
 *   SHELL_REMOTE_PARTNER      default http://127.0.0.1:3002/mf-manifest.json
 *   SHELL_REMOTE_ADMIN        default http://127.0.0.1:3003/mf-manifest.json
 *   SHOPIFY_API_KEY           the app's client id (App Bridge's meta tag carries it too); null when unset
 *
 * The production image writes the same shape with deploy/frontend-entrypoint.sh (no Node there).
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** @param {Record<string, string | undefined>} env */
export function runtimeConfig(env = process.env) {
  const sandbox = env.SHELL_SANDBOX_URL || '/sandbox';
  return {
    apiUrl: env.SHELL_API_URL || '/api',
    sandboxUrl: sandbox === 'none' ? null : sandbox,
    shopifyApiKey: env.SHOPIFY_API_KEY || null,
    remotes: {
      preferences: env.SHELL_REMOTE_PREFERENCES || 'http://127.0.0.1:3001/mf-manifest.json',
      partner: env.SHELL_REMOTE_PARTNER || 'http://127.0.0.1:3002/mf-manifest.json',
      admin: env.SHELL_REMOTE_ADMIN || 'http://127.0.0.1:3003/mf-manifest.json',
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = process.argv[2] ?? 'dist/config.json';
  writeFileSync(target, `${JSON.stringify(runtimeConfig(), null, 2)}\n`);
  console.log(`${target} geschrieben`);
}
