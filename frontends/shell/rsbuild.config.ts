import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  buildTools,
  htmlTemplate,
  precompressAssets,
  serverProxies,
  shellExperiments,
  sharedSingletons,
} from '@belegfluss/frontend-kit/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  earlyChunksScript,
  earlyConfigScript,
  earlyRemoteScript,
  earlyShopScript,
  entryAfterPaintScript,
  firstViewOf,
} from './early-requests.mjs';
import { runtimeConfig } from './runtime-config.mjs';
import { FIRST_PAINT_PATHS } from './src/firstPaint/paths';

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

/**
 * The files a first visit needs at once: the `bootstrap` chunk group and the chunks of the shared
 * singletons' own copies (the groups without a request of their own), which the federation runtime
 * loads right after the entry. Found from the chunk graph before the HTML is written, so their
 * preloads (earlyChunksScript, below) let the browser fetch them alongside the entry instead of
 * after it; lazily loaded pages stay out.
 */
const startupFiles = new Set<string>();
/** The files of each lazy page's chunk group (`page-<name>`, see src/lazyPages.tsx), for {@link earlyChunksScript}. */
const pageFiles: Record<string, string[]> = {};
const findStartupFiles: RsbuildPlugin = {
  name: 'belegfluss:startup-files',
  setup(api) {
    api.modifyRspackConfig((config) => {
      config.plugins ??= [];
      config.plugins.push({
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('belegfluss:startup-files', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'belegfluss:startup-files', stage: -2000 }, () => {
              startupFiles.clear();
              for (const page of Object.keys(pageFiles)) delete pageFiles[page];
              for (const group of compilation.chunkGroups) {
                const page = group.name?.match(/^page-(.+)$/)?.[1];
                if (page)
                  pageFiles[page] = group.chunks.flatMap((chunk) =>
                    [...chunk.files].filter((file) => /\.(js|css)$/.test(file)).map((file) => `/${file}`),
                  );
                const startup = group.name === 'bootstrap' || group.origins.every((origin) => !origin.request);
                if (!startup || group.isInitial()) continue;
                for (const chunk of group.chunks) for (const file of chunk.files) startupFiles.add(file);
              }
            });
          });
        },
      });
    });
  },
};

/**
 * What the page shows before any script has run: the spinner Root shows while it starts, drawn
 * without Polaris (whose CSS is not there yet), so the first paint does not wait for the chunks.
 */
const startingSpinner =
  // Not where index.html paints the page's first view instead (early-requests.mjs, firstViewScript).
  '<style>.belegfluss-first-view #root>[role=status]{display:none}</style>' +
  '<div role="status" aria-label="Belegfluss lädt" style="display:flex;justify-content:center;padding:64px 0">' +
  '<svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true"><circle cx="22" cy="22" r="18" fill="none" stroke="#8a8a8a" stroke-width="4" stroke-linecap="round" stroke-dasharray="85 200">' +
  '<animateTransform attributeName="transform" type="rotate" from="0 22 22" to="360 22 22" dur="0.8s" repeatCount="indefinite"/></circle></svg></div>';

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
      experiments: shellExperiments,
    }),
    writeRuntimeConfig,
    findStartupFiles,
    precompressAssets,
  ],
  source: { entry: { index: './src/index.tsx' } },
  tools: buildTools,
  html: {
    title: 'Belegfluss',
    mountId: 'root',
    template: htmlTemplate,
    // The marker is where scripts/first-paint.tsx puts the page's first view once the build is done.
    templateParameters: { placeholder: startingSpinner, afterMount: '<!--first-paint-->' },
    tags: [
      {
        tag: 'script',
        children: `${earlyConfigScript}\n${earlyShopScript}\n${earlyRemoteScript}`,
        head: true,
        append: false,
      },
      // Known once the chunk graph is: a function, so it is read when the HTML is written.
      // The entry may wait for the page's first view to be painted (entryAfterPaintScript), as the chunks may.
      (tags) => [
        ...tags.map((tag) =>
          tag.tag === 'script' && typeof tag.attrs?.src === 'string'
            ? { tag: 'script', children: entryAfterPaintScript(tag.attrs.src), head: true, append: true }
            : tag,
        ),
        {
          tag: 'script',
          children: earlyChunksScript(
            [...startupFiles].filter((file) => /\.(js|css)$/.test(file)).map((file) => `/${file}`),
            pageFiles,
          ),
          head: true,
          append: true,
        },
      ],
    ],
  },
  output: { distPath: { root: 'dist' } },
  server: {
    port: Number(process.env.PORT) || 3000,
    host: process.env.HOST || '127.0.0.1',
    strictPort: true,
    proxy: serverProxies(),
    setup: ({ server }) => {
      // The paths with a first view get the page that paints it, as nginx answers them in production.
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?');
        const page = FIRST_PAINT_PATHS[firstViewOf(pathname, FIRST_PAINT_PATHS)]?.page;
        if (page) req.url = `/${page}${query === undefined ? '' : `?${query}`}`;
        next();
      });
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/config.json') return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(configJson());
      });
    },
  },
});
