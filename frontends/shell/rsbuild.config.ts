import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { htmlTemplate, serverProxies, sharedSingletons } from '@belegfluss/frontend-kit/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { runtimeConfig } from './runtime-config.mjs';

const configJson = () => `${JSON.stringify(runtimeConfig(), null, 2)}\n`;

/** dist/config.json for static hosting; the servers below answer it live instead. */
const writeRuntimeConfig: RsbuildPlugin = {
  name: 'belegfluss:runtime-config',
  setup(api) {
    api.onAfterBuild(async () => {
      await mkdir(api.context.distPath, { recursive: true });
      await writeFile(join(api.context.distPath, 'config.json'), configJson());
    });
  },
};

// Inside the real Shopify admin App Bridge must be the first script of the page.
const shopifyApiKey = process.env.SHOPIFY_API_KEY;
const appBridgeTags = shopifyApiKey
  ? [
      { tag: 'meta', attrs: { name: 'shopify-api-key', content: shopifyApiKey }, head: true, append: false },
      { tag: 'script', attrs: { src: 'https://cdn.shopify.com/shopifycloud/app-bridge.js' }, head: true, append: false },
    ]
  : [];

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // Filled at runtime from config.json with registerRemotes.
      remotes: {},
      shared: sharedSingletons,
      dts: false,
    }),
    writeRuntimeConfig,
  ],
  source: { entry: { index: './src/index.tsx' } },
  html: { title: 'Belegfluss', mountId: 'root', template: htmlTemplate, tags: appBridgeTags },
  output: { distPath: { root: 'dist' } },
  server: {
    port: Number(process.env.PORT) || 3000,
    host: process.env.HOST || '127.0.0.1',
    strictPort: true,
    proxy: serverProxies(),
    setup: ({ server }) => {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/config.json') return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(configJson());
      });
    },
  },
});
