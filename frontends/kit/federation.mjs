// @ts-check
/**
 * Build settings every front end shares: the federation singletons and the dev
 * and preview servers' proxies. Plain JavaScript so rsbuild configs and deploy
 * scripts can load it with bare Node.
 */
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { pluginReact } from '@rsbuild/plugin-react';
import { fileURLToPath } from 'node:url';

/** The page every front end starts from: German, one mount point. */
export const htmlTemplate = fileURLToPath(new URL('./index.html', import.meta.url));

/** Loaded once, from the shell; a remote never brings its own copy. */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '~18.3.1' },
  'react-dom': { singleton: true, requiredVersion: '~18.3.1' },
  '@shopify/polaris': { singleton: true, requiredVersion: '~13.9.5' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.90.0' },
};

/**
 * `/api` goes to the gateway and `/sandbox` to the sandbox control API, so the
 * browser only ever talks to its own origin. GATEWAY_URL and SANDBOX_URL
 * override the local defaults; SANDBOX_URL=none drops the sandbox proxy.
 * @param {Record<string, string | undefined>} env
 */
export function serverProxies(env = process.env) {
  const gateway = env.GATEWAY_URL || 'http://127.0.0.1:8080';
  const sandbox = env.SANDBOX_URL || 'http://127.0.0.1:4000';
  /** @type {Record<string, import('@rsbuild/core').ProxyOptions>} */
  const proxy = { '/api': { target: gateway, changeOrigin: true } };
  if (sandbox !== 'none') proxy['/sandbox'] = { target: sandbox, changeOrigin: true, pathRewrite: { '^/sandbox': '' } };
  return proxy;
}

/**
 * A remote: exposes `./App` (the mountable area) and builds a manifest whose
 * chunk URLs are relative to wherever it is hosted (`assetPrefix: 'auto'`).
 * @param {{ name: string, port: number }} options
 * @returns {import('@rsbuild/core').RsbuildConfig}
 */
export function remoteConfig({ name, port }) {
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes: { './App': './src/App.tsx' },
        shared: sharedSingletons,
        manifest: true,
        dts: false,
      }),
    ],
    source: { entry: { index: './src/index.tsx' } },
    html: { title: `Belegfluss – ${name}`, mountId: 'root', template: htmlTemplate },
    output: { assetPrefix: 'auto', distPath: { root: 'dist' } },
    dev: { assetPrefix: 'auto' },
    server: {
      port: Number(process.env.PORT) || port,
      host: process.env.HOST || '127.0.0.1',
      strictPort: true,
      // The shell on another origin fetches the manifest and chunks.
      cors: { origin: '*' },
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: serverProxies(),
    },
  };
}
