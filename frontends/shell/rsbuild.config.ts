import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTools, htmlTemplate, serverProxies, sharedSingletons } from '@belegfluss/frontend-kit/federation';
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

// App Bridge (Shopify's CDN script with the shopify-api-key meta tag) is not baked into the build: the
// production image puts it first in <head> at container start with the deployment's key
// (deploy/frontend-entrypoint.sh), so one build serves any app. Dev and preview servers run without it.

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // Filled at runtime from config.json with registerRemotes.
      remotes: {},
      shared: sharedSingletons('shell'),
      dts: false,
    }),
    writeRuntimeConfig,
  ],
  source: { entry: { index: './src/index.tsx' } },
  tools: buildTools,
  html: { title: 'Belegfluss', mountId: 'root', template: htmlTemplate },
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
