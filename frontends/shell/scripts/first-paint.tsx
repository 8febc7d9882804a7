/**
 * Writes a page per first view of FIRST_PAINT_PATHS (dist/first-view.html for the start page, and so on): index.html
 * with that view, painted before any script has run. On a phone the app's scripts take about two seconds to arrive
 * and run; until then the page showed a spinner. Each page carries the frame and its path's skeleton
 * (src/firstPaint/RouteSkeleton.tsx) as static markup, with the part of Polaris' stylesheet that markup needs. A
 * script in <head> decides whether the visit has a view (a session in sight, see early-requests.mjs), one after the
 * mount point lays it over the mount point. It goes as soon as the app renders anything but its starting spinner or
 * a skeleton that holds it: the same skeleton, so the page does not change at that moment.
 *
 * Runs after `rsbuild build`: the `build` script of package.json.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANNER_PREFIX, PolarisRoot } from '@belegfluss/frontend-kit';
import { PARTNER_ALLOWANCE, STAFF_ROLE_LABELS, staffLabel } from '@belegfluss/shared';
import { SHOP_STORAGE_KEY } from '@belegfluss/frontend-kit/session';
import Beasties from 'beasties';
import postcss from 'postcss';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { firstPaintScript, firstViewScript } from '../early-requests.mjs';
import type { RuntimeConfig } from '../src/config';
import { FIRST_PAINT_PATHS } from '../src/firstPaint/paths';
import { RouteSkeleton } from '../src/firstPaint/RouteSkeleton';
import { firstViewVariants } from '../src/firstPaint/variants';
import { AppFrame } from '../src/frame/AppFrame';
import { ShellContext, type ShellSession } from '../src/session/ShellContext';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const MARKER = '<!--first-paint-->';

/** What the frame needs of a session before there is one: no shop name yet, no requests. */
const noSession: ShellSession = {
  config: {} as RuntimeConfig,
  tokenSource: { kind: 'app-bridge', shop: '', getToken: () => Promise.reject(new Error('keine Sitzung')) },
  api: {} as ShellSession['api'],
};

const SLOT = '<template data-page=""></template>';
const END = '<template data-page-end=""></template>';

/** The frame as it looks before the shop is known, with `page` in it and markers around it. */
function inFrame(page: ReactNode): string {
  return renderToStaticMarkup(
    <PolarisRoot>
      <ShellContext.Provider value={noSession}>
        <AppFrame shop={undefined} pathname="/">
          <template data-page="" />
          {page}
          <template data-page-end="" />
        </AppFrame>
      </ShellContext.Provider>
    </PolarisRoot>,
  );
}

/** The frame, the same on every path, with a slot for the page. */
function frame(): string {
  const [before, after] = inFrame(null).split(END);
  if (!before?.endsWith(SLOT) || after === undefined) throw new Error('Der Rahmen hat keinen Platz für die Seite');
  return before + after;
}

/** `view` as it stands in the frame. */
function inPage(view: ReactNode): string {
  const html = inFrame(view);
  return html.slice(html.indexOf(SLOT) + SLOT.length, html.indexOf(END));
}

/** What RouteSkeleton shows on `pathname`. */
function page(pathname: string): string {
  return inPage(<RouteSkeleton pathname={pathname} />);
}

/** A view by the page's early answers: each variant, keyed as the page's script picks them. */
function pageVariants(pathname: string): Record<string, string> {
  return Object.fromEntries(Object.entries(firstViewVariants(pathname)).map(([key, view]) => [key, inPage(view)]));
}

/** The rules of the built stylesheet that the painted markup uses, by Beasties, from a page that holds all of it. */
async function criticalCss(frameHtml: string, markups: string[]): Promise<string> {
  const cssDir = join(dist, 'static/css/async');
  const sheets = (await readdir(cssDir)).filter((file) => /^bootstrap\..*\.css$/.test(file));
  if (sheets.length !== 1) throw new Error(`genau ein bootstrap-Stylesheet erwartet, gefunden: ${sheets.join(', ')}`);
  const page = `<!doctype html><html lang="de"><head><link rel="stylesheet" href="/static/css/async/${sheets[0]}"></head><body>${markups
    .map((html) => frameHtml.replace(SLOT, html))
    .join('')}</body></html>`;
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'media',
    pruneSource: false,
    logLevel: 'warn',
  });
  const processed = await beasties.process(page);
  const css = processed.match(/<style>([\s\S]*?)<\/style>/)?.[1];
  if (!css) throw new Error('Beasties hat kein CSS für den ersten Anblick gefunden');
  return withoutUnusedProperties(css);
}

/**
 * Without the custom properties nothing in `css` reads: Beasties keeps every rule whose selector matches, and
 * Polaris' `:root` rules declare about a thousand design tokens, most of them for components the view does not
 * have. The full stylesheet brings them all once the app loads.
 */
function withoutUnusedProperties(css: string): string {
  const root = postcss.parse(css);
  const reads = (value: string) => [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!);
  const used = new Set<string>();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) reads(decl.value).forEach((name) => used.add(name));
  });
  // Tokens are defined by other tokens: follow them until nothing new turns up.
  const definitions = new Map<string, string[]>();
  root.walkDecls(/^--/, (decl) => {
    definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
  });
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const value of definitions.get(name) ?? [])
      for (const read of reads(value))
        if (!used.has(read)) {
          used.add(read);
          queue.push(read);
        }
  }
  root.walkDecls(/^--/, (decl) => {
    if (!used.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove();
  });
  root.walkAtRules((rule) => {
    if (rule.nodes && !rule.nodes.length) rule.remove();
  });
  return root.toString();
}

type Paint = { path: string; under?: boolean; byAnswers?: boolean; html: string | Record<string, string> };
const frameHtml = frame();
const indexPath = join(dist, 'index.html');
const index = await readFile(indexPath, 'utf8');
if (!index.includes(MARKER)) throw new Error(`${indexPath} hat keine Stelle ${MARKER} (rsbuild.config.ts geändert?)`);
// The other paths keep the plain page: a view's markup and styles would only cost them time.
await writeFile(indexPath, index.replace(MARKER, ''));

/** Writes one page with the views of `entries`, which share it (the start page's two paths), and their styles. */
async function writeViewPage(file: string, entries: typeof FIRST_PAINT_PATHS): Promise<void> {
  const paints: Paint[] = entries.map(({ path, under, byAnswers }) => {
    const pathname = under ? `${path}/_` : path;
    return { path, under, byAnswers, html: byAnswers ? pageVariants(pathname) : page(pathname) };
  });
  // Every markup the page may paint, each variant by itself.
  const markups = paints.flatMap((p) => (typeof p.html === 'string' ? [p.html] : Object.values(p.html)));
  const css = await criticalCss(frameHtml, markups);
  const paths = paints.map(({ path, under, byAnswers }) => ({ path, under, byAnswers }));
  await writeFile(
    join(dist, file),
    index
      // App Bridge comes first (deploy/frontend-entrypoint.sh puts it right after <head> at start), this next.
      .replace('<head>', `<head><script>${firstViewScript({ paths, shopKey: SHOP_STORAGE_KEY })}</script>`)
      .replace('</head>', `<style>${css}</style></head>`)
      .replace(
        MARKER,
        `<script>${firstPaintScript({
          frame: frameHtml,
          slot: SLOT,
          pages: paints.map((p) => p.html),
          bannerPrefix: BANNER_PREFIX,
          partnerAllowance: PARTNER_ALLOWANCE,
          staffRoles: STAFF_ROLE_LABELS,
          staffLabel,
        })}</script>`,
      ),
  );
  console.log(
    `${file}: ${paints.length} paths, ${Math.round(css.length / 1024)} KiB CSS, ${Math.round(
      (frameHtml.length + JSON.stringify(paints).length) / 1024,
    )} KiB markup`,
  );
}

for (const file of new Set(FIRST_PAINT_PATHS.map((entry) => entry.page)))
  await writeViewPage(
    file,
    FIRST_PAINT_PATHS.filter((entry) => entry.page === file),
  );
