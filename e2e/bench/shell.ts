/**
 * The shell's first load, in headless Chromium on localhost against the whole
 * stack, over BENCH_SHELL_RUNS cold visits (a new browser context each, nothing
 * cached):
 *
 * - the JavaScript and CSS a cold visit to the dashboard downloads before the
 *   dashboard's content shows (gzipped, as a static host would serve it), and
 *   separately what the shell fetches afterwards while idle (remote preloads);
 * - first paint and first contentful paint (the Paint Timing entries);
 * - the time from navigation to the dashboard's content ("Verbleibende Übertragungen");
 * - once the page is quiet, the time from clicking "Einstellungen" in the
 *   navigation to the preferences remote's own content ("Einstellungsseiten",
 *   which the shell's skeleton never shows), and what that click downloads.
 *
 * Prints figures; asserts nothing. BENCH_SHELL_WATERFALL=1 also prints the first
 * run's requests until the dashboard's content, with their start and end.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium, screenshot, serveFrontends } from '../src/frontends';
import { merchant } from '../src/merchant';
import { startStack } from '../src/stack';

const RUNS = Number(process.env.BENCH_SHELL_RUNS ?? 7);
const shop = 'bench-shell.myshopify.com';
const DASHBOARD_TEXT = 'Verbleibende Übertragungen';
const REMOTE_TEXT = 'Einstellungsseiten';
/** The page counts as quiet when no resource has started or finished for this long. */
const QUIET_MS = 1_000;

interface Probe {
  firstContentAt?: number;
  clickAt?: number;
  remoteContentAt?: number;
}
type ProbeWindow = Window & { probe: Probe };

interface Body {
  type: 'script' | 'stylesheet';
  raw: number;
  gzip: number;
}
interface Tally {
  files: number;
  raw: number;
  gzip: number;
}
const tally = (): Record<Body['type'], Tally> => ({
  script: { files: 0, raw: 0, gzip: 0 },
  stylesheet: { files: 0, raw: 0, gzip: 0 },
});

/** Every resource timing entry's URL with its start, in page time. */
async function resourceStarts(page: Page): Promise<{ name: string; startTime: number; responseEnd: number }[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      ({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd }),
    ),
  );
}

/** Waits until the page has fetched nothing new for QUIET_MS (a condition, with a deadline). */
async function waitForQuiet(page: Page, deadlineMs = 30_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const { now, last } = await page.evaluate(() => ({
      now: performance.now(),
      last: Math.max(
        0,
        ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => entry.responseEnd),
      ),
    }));
    if (now - last >= QUIET_MS) return;
    if (Date.now() > until) throw new Error('the page never went quiet');
    await page.waitForTimeout(Math.max(50, QUIET_MS - (now - last)));
  }
}

const stack = await startStack({ worker: false });
const frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
const browser = await launchChromium();
try {
  const m = merchant(stack, shop);
  await m.createShop();
  await m.install();

  const firstLoad = tally();
  const idle = tally();
  const navigation = tally();
  const figures = {
    firstPaint: [] as number[],
    firstContentfulPaint: [] as number[],
    dashboard: [] as number[],
    remote: [] as number[],
  };
  for (let run = 0; run < RUNS; run += 1) {
    // A new context each run: nothing cached, like a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(
      ({ dashboardText, remoteText }) => {
        const probe: Probe = {};
        (window as unknown as ProbeWindow).probe = probe;
        addEventListener('click', () => (probe.clickAt ??= performance.now()), { capture: true });
        new MutationObserver((_, observer) => {
          const text = document.body?.textContent ?? '';
          if (probe.firstContentAt === undefined && text.includes(dashboardText))
            probe.firstContentAt = performance.now();
          if (probe.clickAt !== undefined && text.includes(remoteText)) {
            probe.remoteContentAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      },
      { dashboardText: DASHBOARD_TEXT, remoteText: REMOTE_TEXT },
    );
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Body | undefined>>();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      bodies.set(
        response.url(),
        response.body().then(
          (body) => ({ type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      );
    });

    await page.goto(`${frontends.urls.shell}/home?shop=${shop}`);
    await page.waitForFunction(() => (window as unknown as ProbeWindow).probe.firstContentAt !== undefined, undefined, {
      timeout: 30_000,
    });
    await waitForQuiet(page);
    if (await page.evaluate((text) => document.body.textContent?.includes(text), REMOTE_TEXT)) {
      throw new Error(`"${REMOTE_TEXT}" is on the dashboard already; it cannot mark the remote page`);
    }
    if (run === 0) console.log(`Dashboard: ${await screenshot(page, 'bench-shell-dashboard')}`);
    const beforeClick = await resourceStarts(page);
    await page.getByRole('link', { name: 'Einstellungen', exact: true }).click();
    await page.waitForFunction(
      () => (window as unknown as ProbeWindow).probe.remoteContentAt !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    await waitForQuiet(page);
    if (run === 0) console.log(`Preferences: ${await screenshot(page, 'bench-shell-preferences')}`);

    const probe = await page.evaluate(() => (window as unknown as ProbeWindow).probe);
    const paints = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime])),
    );
    figures.firstPaint.push(paints['first-paint'] ?? NaN);
    figures.firstContentfulPaint.push(paints['first-contentful-paint'] ?? NaN);
    figures.dashboard.push(probe.firstContentAt ?? NaN);
    figures.remote.push((probe.remoteContentAt ?? NaN) - (probe.clickAt ?? NaN));

    if (run === 0 && process.env.BENCH_SHELL_WATERFALL) {
      // Where the time goes: every request of the first run until the dashboard's content, in page time.
      const { origin } = new URL(frontends.urls.shell);
      for (const entry of beforeClick
        .filter((e) => e.startTime <= (probe.firstContentAt ?? 0))
        .sort((a, b) => a.startTime - b.startTime)) {
        console.log(
          `  ${entry.startTime.toFixed(0).padStart(5)} → ${entry.responseEnd.toFixed(0).padStart(5)} ms  ${entry.name.replace(origin, '')}`,
        );
      }
      console.log(`  ${(probe.firstContentAt ?? NaN).toFixed(0).padStart(13)} ms  dashboard content`);
    }
    if (run === 0) {
      const seenBeforeClick = new Set(beforeClick.map((entry) => entry.name));
      for (const entry of await resourceStarts(page)) {
        const body = await bodies.get(entry.name);
        if (!body) continue;
        const into = !seenBeforeClick.has(entry.name)
          ? navigation
          : entry.startTime <= (probe.firstContentAt ?? 0)
            ? firstLoad
            : idle;
        into[body.type].files += 1;
        into[body.type].raw += body.raw;
        into[body.type].gzip += body.gzip;
      }
    }
    await context.close();
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const describe = (label: string, t: Record<Body['type'], Tally>) => {
    console.log(`  ${label}`);
    console.log(`    JavaScript: ${t.script.files} files, ${kb(t.script.raw)} raw, ${kb(t.script.gzip)} gzipped`);
    console.log(
      `    CSS:        ${t.stylesheet.files} files, ${kb(t.stylesheet.raw)} raw, ${kb(t.stylesheet.gzip)} gzipped`,
    );
    console.log(`    JS + CSS gzipped: ${kb(t.script.gzip + t.stylesheet.gzip)}`);
  };
  const stats = (label: string, values: number[]) => {
    const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    console.log(
      `  ${label.padEnd(34)} median ${median.toFixed(0)} ms, min ${(sorted[0] ?? NaN).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms`,
    );
  };
  console.log(`Shell first load (dashboard, cold, localhost, headless Chromium, ${RUNS} runs):`);
  describe('Until the dashboard shows its content:', firstLoad);
  describe('Afterwards, while the shell is idle (preloads):', idle);
  describe('On the click to /preferences:', navigation);
  stats('First paint:', figures.firstPaint);
  stats('First contentful paint:', figures.firstContentfulPaint);
  stats('Dashboard content:', figures.dashboard);
  stats('Click → preferences remote content:', figures.remote);
} finally {
  await browser.close();
  await frontends.stop();
  await stack.stop();
}
