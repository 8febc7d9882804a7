// @ts-check
/**
 * Build settings every front end shares: the federation singletons and the dev
 * and preview servers' proxies. Plain JavaScript so rsbuild configs and deploy
 * scripts can load it with bare Node.
 */
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The page every front end starts from: German, one mount point. Its `placeholder` template
 * parameter is markup shown in the mount point until React replaces it ('' for none), `afterMount` what follows
 * the mount point ('' for nothing).
 */
export const htmlTemplate = fileURLToPath(new URL('./index.html', import.meta.url));

const frontendsDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** Every .ts/.tsx file under `frontends/<app>/src`. */
function sourceFiles(dir = frontendsDir) {
  /** @type {string[]} */
  const files = [];
  for (const app of readdirSync(dir, { withFileTypes: true })) {
    if (!app.isDirectory() || app.name.startsWith('.') || app.name === 'node_modules') continue;
    const walk = (/** @type {string} */ at) => {
      let entries;
      try {
        entries = readdirSync(at, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const path = join(at, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) files.push(path);
      }
    };
    walk(join(dir, app.name, 'src'));
  }
  return files;
}

/**
 * The Polaris values the front ends import, read from their sources: the names of
 * `import { … } from '@shopify/polaris'` (type-only names left out), or undefined when
 * any file takes the package as a whole (`import * as`, a default import, `export *`,
 * `import()`), so that every export is needed.
 * @param {string[]} files
 * @returns {string[] | undefined}
 */
export function polarisImports(files = sourceFiles()) {
  const named = /(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@shopify\/polaris['"]/g;
  const whole =
    /import\s+(?:\*\s+as\s+\w+|\w+)(?:\s*,[^;]*)?\s+from\s*['"]@shopify\/polaris['"]|export\s+\*\s+(?:as\s+\w+\s+)?from\s*['"]@shopify\/polaris['"]|import\(\s*['"]@shopify\/polaris['"]\s*\)/;
  const names = new Set();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    if (whole.test(source)) return undefined;
    for (const [, typeOnly, list] of source.matchAll(named)) {
      if (typeOnly) continue;
      for (const item of list.split(',')) {
        const name = item
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

const polarisPackage = /** @type {{ version: string }} */ (require('@shopify/polaris/package.json'));
/** By its path: the request `@shopify/polaris` itself is the shared module, and would consume itself. */
const polarisEsmIndex = join(require.resolve('@shopify/polaris/package.json'), '..', 'build', 'esm', 'index.js');

/** The names `@shopify/polaris` exports at runtime (its ESM index re-exports each one). */
function polarisRuntimeExports() {
  const index = readFileSync(polarisEsmIndex, 'utf8');
  const names = new Set();
  for (const [, list] of index.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * What the share scope gets for `@shopify/polaris`. It is a singleton, so the shell
 * provides it for everyone and a bundler cannot know which of its exports the remotes
 * will use: shared whole, it is 118 KB gzipped of the shell's first load. Instead
 * every build provides the same module that re-exports exactly the Polaris values
 * used anywhere under `frontends/*\/src` (found by {@link polarisImports}), which the
 * bundler tree-shakes like any import. A component a remote starts to use joins the
 * list at the next build of the shell and the remotes, which deploy together. The dev
 * server shares the whole package.
 * @param {string} app the build asking, so parallel builds never write the same file
 */
function sharedPolaris(app) {
  const base = { singleton: true, requiredVersion: '~13.9.5' };
  // The dev server reads its config once: a component added while it runs would be missing.
  if (process.env.NODE_ENV !== 'production') return base;
  const used = polarisImports();
  if (!used) return base;
  const available = polarisRuntimeExports();
  const names = used.filter((name) => available.has(name));
  const dir = join(repoRoot, 'node_modules', '.cache', 'belegfluss-frontends');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `polaris-${app}.mjs`);
  const body = `// Generated by frontends/kit/federation.mjs: the Polaris values the front ends import.\nexport { ${names.join(', ')} } from ${JSON.stringify(polarisEsmIndex)};\n`;
  writeFileSync(`${file}.tmp`, body);
  renameSync(`${file}.tmp`, file);
  return { ...base, import: file, version: polarisPackage.version };
}

/**
 * The Polaris class names (`Polaris-…`) the given exports can render: every string of that shape in the modules
 * they import, followed through Polaris' relative imports (its components set classes only from their
 * `*.css.js` maps and a few literals, never by concatenation). More than they use (a module's every import
 * counts), never less. Undefined when an export is not found in Polaris' index.
 * @param {string[]} names
 * @returns {Set<string> | undefined}
 */
export function polarisClasses(names) {
  const esm = dirname(polarisEsmIndex);
  /** @type {Map<string, string>} */
  const fileOf = new Map();
  for (const [, list, from] of readFileSync(polarisEsmIndex, 'utf8').matchAll(
    /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    for (const item of (list ?? '').split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name && from) fileOf.set(name, resolve(esm, from));
    }
  }
  const classes = new Set();
  const seen = new Set();
  /** @param {string} file */
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [name] of source.matchAll(/Polaris-[A-Za-z0-9_-]+/g)) classes.add(name);
    for (const [, from, bare] of source.matchAll(/\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*['"](\.[^'"]+)['"]/g))
      visit(resolve(dirname(file), /** @type {string} */ (from ?? bare)));
  };
  for (const name of names) {
    const file = fileOf.get(name);
    if (!file) return undefined;
    visit(file);
  }
  return classes;
}

/**
 * A PostCSS plugin for production builds that leaves out of Polaris' stylesheet (about 430 KB, 51 KB gzipped,
 * every component's rules) the rules of the components no front end renders: a selector stays when each Polaris
 * class it names is one {@link polarisClasses} finds for the values the front ends import, and a rule goes with
 * its last selector. Everything else (the theme's custom properties, global rules, keyframes) stays. The list
 * is known before the build, so the stylesheet's content hash follows it. Without the list (the whole package
 * imported somewhere), or in the dev server, the stylesheet stays whole.
 * @returns {import('@rsbuild/core').LoosePostCSSPlugin | undefined}
 */
function polarisStylesPurge() {
  if (process.env.NODE_ENV !== 'production') return undefined;
  const used = polarisImports();
  const classes = used && polarisClasses(used.filter((name) => polarisRuntimeExports().has(name)));
  if (!classes) return undefined;
  const stylesheet = join(dirname(polarisEsmIndex), 'styles.css');
  return {
    postcssPlugin: 'belegfluss:polaris-styles',
    /** @param {import('postcss').Root} root */
    Once(root) {
      if (root.source?.input.file !== stylesheet) return;
      root.walkRules((rule) => {
        if (
          rule.parent?.type === 'atrule' &&
          /keyframes$/i.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)
        )
          return;
        const kept = rule.selectors.filter((selector) =>
          [...selector.matchAll(/\.(Polaris-[A-Za-z0-9_-]+)/g)].every(([, name]) => classes.has(name)),
        );
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
      });
    },
  };
}

/**
 * Loaded once, from the shell; a remote never brings its own copy.
 * @param {string} app
 */
export function sharedSingletons(app) {
  return {
    react: { singleton: true, requiredVersion: '~18.3.1' },
    'react-dom': { singleton: true, requiredVersion: '~18.3.1' },
    '@shopify/polaris': sharedPolaris(app),
    '@tanstack/react-query': { singleton: true, requiredVersion: '^5.90.0' },
  };
}

/**
 * The federation runtime every front end builds with: for browsers only, so the runtime leaves out what it
 * carries for Node (about 2 KB gzipped of the shell's first load, and as much of each remote's entry).
 */
export const federationExperiments = /** @type {const} */ ({ optimization: { target: 'web' } });

/**
 * The shell's federation runtime, which it lends the remotes: its production build puts the runtime's core on
 * the page for them ({@link remoteExperiments}). The shell exposes nothing, which the lending asks of it.
 */
export const shellExperiments = /** @type {const} */ ({
  ...federationExperiments,
  provideExternalRuntime: process.env.NODE_ENV === 'production',
});

/**
 * A remote's production build takes the federation runtime's core from the shell's page instead of bringing a
 * copy of its own: about 31 KB gzipped less of every remote's first load, which on a phone's connection comes
 * before the area's first content. Such a build runs only inside the shell; a remote on its own (its dev
 * server, see kit/src/standalone.tsx) keeps its copy.
 */
export const remoteExperiments = /** @type {const} */ ({
  ...federationExperiments,
  externalRuntime: process.env.NODE_ENV === 'production',
});

/**
 * A remote's production build opened on its own (its preview server) has no shell to lend it the federation
 * runtime's core ({@link remoteExperiments}): its own page loads a copy built beside it, under the runtime's
 * version (the hashed names' long caching stays right), before its entry. Inside the shell nothing asks for it.
 * @returns {{ plugins: import('@rsbuild/core').RsbuildPlugin[], tags: import('@rsbuild/core').HtmlConfig['tags'] }}
 */
function standaloneRuntime() {
  if (!remoteExperiments.externalRuntime) return { plugins: [], tags: [] };
  const core = require.resolve('@module-federation/runtime-tools/runtime-core');
  const { version } = /** @type {{ version: string }} */ (
    JSON.parse(readFileSync(join(dirname(core), '..', 'package.json'), 'utf8'))
  );
  const file = `static/js/federation-runtime-core.${version}.js`;
  /** @type {import('@rsbuild/core').RsbuildPlugin} */
  const plugin = {
    name: 'belegfluss:standalone-runtime',
    setup(api) {
      api.onAfterBuild(async () => {
        const compiler = rspack({
          mode: 'production',
          target: 'web',
          context: repoRoot,
          entry: core,
          devtool: false,
          // The name the remote's build reads the runtime's core by (an external of the federation plugin).
          output: {
            path: api.context.distPath,
            filename: file,
            library: { type: 'self', name: '_FEDERATION_RUNTIME_CORE' },
          },
        });
        const stats = await new Promise((done, fail) =>
          compiler.run((error, result) => (error ? fail(error) : done(result))),
        );
        if (stats?.hasErrors()) throw new Error(stats.toString('errors-only'));
        await new Promise((done) => compiler.close(done));
      });
    },
  };
  return { plugins: [plugin], tags: [{ tag: 'script', attrs: { src: file, defer: true }, head: true, append: false }] };
}

/**
 * rspack settings every front end's build shares.
 *
 * `@belegfluss/shared` is pure (its index says so: workflow code imports it), but its
 * package.json cannot say `sideEffects: false` for every consumer. Saying it here lets
 * the bundler drop the modules a front end does not use, so a page that only needs a
 * plan constant does not download every zod schema and ibantools with it. PostCSS trims
 * Polaris' stylesheet to the components the front ends render ({@link polarisStylesPurge}).
 * @type {import('@rsbuild/core').RsbuildConfig['tools']}
 */
export const buildTools = {
  rspack: {
    module: { rules: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
  },
  postcss: (_options, { addPlugins }) => {
    const purge = polarisStylesPurge();
    if (purge) addPlugins(purge);
  },
};

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes `name.br` and `name.gz` next to every script and stylesheet under `static/` (the hashed files) for
 * nginx's brotli_static and gzip_static (deploy/nginx.conf.template): compressed once at the highest level here
 * instead of at a middling level on every request. Brotli is about 15 % smaller than gzip on these files (234 →
 * 199 KB of the shell's first load), which every browser asks for over HTTPS. Files outside `static/` are left
 * alone: index.html and config.json are rewritten at container start, and a stale copy next to them would be
 * served instead.
 * @type {import('@rsbuild/core').RsbuildPlugin}
 */
export const precompressAssets = {
  name: 'belegfluss:precompress',
  setup(api) {
    api.onAfterBuild(async () => {
      const dir = join(api.context.distPath, 'static');
      let files;
      try {
        files = await readdir(dir, { recursive: true });
      } catch {
        return;
      }
      await Promise.all(
        files
          .filter((file) => /\.(js|css|svg)$/.test(file))
          .map(async (file) => {
            const body = await readFile(join(dir, file));
            if (body.length < 1024) return;
            const gz = await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
            await writeFile(join(dir, `${file}.gz`), gz);
            const br = await brotliAsync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            });
            await writeFile(join(dir, `${file}.br`), br);
          }),
      );
    });
  },
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
  const runtime = standaloneRuntime();
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes: { './App': './src/App.tsx' },
        shared: sharedSingletons(name),
        manifest: true,
        dts: false,
        experiments: remoteExperiments,
      }),
      ...runtime.plugins,
      precompressAssets,
    ],
    source: { entry: { index: './src/index.tsx' } },
    tools: buildTools,
    html: {
      title: `Belegfluss – ${name}`,
      mountId: 'root',
      template: htmlTemplate,
      templateParameters: { placeholder: '', afterMount: '' },
      tags: runtime.tags,
    },
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
