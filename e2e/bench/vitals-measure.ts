/**
 * The measuring side of bench/vitals.ts, in its own process: for each page (VITALS_PAGES, JSON of {name, url})
 * Lighthouse's performance run with its default mobile settings (simulated slow 4G and a 4× slower CPU) and with
 * its desktop preset, BENCH_VITALS_RUNS times each (3 unless set; the median is printed), then INP: Lighthouse's
 * navigation run cannot interact, so Chromium (playwright-core) loads the page again, BENCH_VITALS_RUNS times, performs
 * one scripted interaction of a merchant (typing into the page's first text field, else clicking its first button, else
 * opening the navigation's second link) and reads the Event Timing entries the browser records for it, without
 * and with the mobile preset's 4× CPU slowdown. Goals: LCP ≤ 0.8 s desktop and ≤ 1.5 s mobile, CLS ≤ 0.02,
 * INP ≤ 100 ms (Shopify asks for 2.5 s, 0.1 and 200 ms at the 75th percentile).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 3);
/** BENCH_VITALS_DETAILS=1 also prints Lighthouse's open opportunities per run, and the LCP candidates and layout shifts. */
const DETAILS = process.env.BENCH_VITALS_DETAILS === '1';
/** BENCH_VITALS_ONLY: a comma-separated list of page names to measure (all when unset). */
const ONLY = process.env.BENCH_VITALS_ONLY?.split(',').map((name) => name.trim());
/**
 * BENCH_VITALS_LHR_DIR: a folder to write each run's Lighthouse report to (JSON), for what the table leaves out:
 * the simulated LCP's critical request chain, the network requests with their timing, the main thread's tasks.
 */
const LHR_DIR = process.env.BENCH_VITALS_LHR_DIR;
const pages = (JSON.parse(process.env.VITALS_PAGES ?? '[]') as { name: string; url: string }[]).filter(
  ({ name }) => !ONLY || ONLY.includes(name),
);

interface Figures {
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

let reportCount = 0;
async function lighthouseRun(url: string, preset: 'mobile' | 'desktop'): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const audits = result!.lhr.audits;
    if (LHR_DIR) {
      await mkdir(LHR_DIR, { recursive: true });
      const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_');
      await writeFile(join(LHR_DIR, `${++reportCount}-${preset}${slug}.json`), JSON.stringify(result!.lhr));
    }
    const value = (id: string) => audits[id]?.numericValue ?? NaN;
    if (DETAILS) printDetails(preset, audits);
    // Lighthouse counts the shifts inside iframes too (a PDF viewer laying itself out), which the page's own
    // layout-shift entries below never show and the field data (App Bridge, main frame only) does not count.
    const mainFrame = (
      audits['cumulative-layout-shift']?.details as { items?: { cumulativeLayoutShiftMainFrame?: number }[] }
    )?.items?.[0]?.cumulativeLayoutShiftMainFrame;
    if (DETAILS)
      console.log(
        `    [${preset}] CLS ${value('cumulative-layout-shift').toFixed(4)}, of it the page itself ${mainFrame?.toFixed(4)}`,
      );
    return {
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbt: value('total-blocking-time'),
      fcp: value('first-contentful-paint'),
    };
  } finally {
    await chrome.kill();
  }
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];
/** Lighthouse 12.2.3 cannot name the LCP element with today's Chromium (its TraceElements gatherer fails): see {@link paintDetails}. */
function printDetails(preset: string, audits: Audits) {
  const opportunities = ['render-blocking-resources', 'unused-javascript', 'bootup-time', 'mainthread-work-breakdown']
    .filter((id) => (audits[id]?.score ?? 1) < 1)
    .map((id) => `${id}: ${audits[id]?.displayValue ?? ''}`);
  console.log(`    [${preset}] FCP ${audits['first-contentful-paint']?.displayValue}; ${opportunities.join('; ')}`);
}

/**
 * The page's LCP candidates and layout shifts (with the elements that moved), as Chromium reports them with the
 * preset's screen and, like Lighthouse's observed load, no slowdown: what Lighthouse would name, had it the means.
 */
async function paintDetails(url: string, preset: 'mobile' | 'desktop'): Promise<void> {
  const mobile = preset === 'mobile';
  const page = await browser.newPage(
    mobile
      ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
      : { viewport: { width: 1350, height: 940 } },
  );
  // A string, not a function: tsx would wrap the function's inner helpers in its __name(), unknown to the page.
  await page.addInitScript(`(() => {
    window.paints = [];
    const describe = (node) => {
      const el = node instanceof Element ? node : node && node.parentElement;
      if (!el) return node ? node.nodeName : '?';
      const r = el.getBoundingClientRect();
      const text = (el.textContent || '').trim().slice(0, 50);
      return '<' + el.tagName.toLowerCase() + ' class="' + String(el.className).slice(0, 50) + '"> ' +
        Math.round(r.width) + 'x' + Math.round(r.height) + ' at ' + Math.round(r.top) + ': ' + text;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.paints.push('LCP candidate ' + Math.round(e.startTime) + ' ms, ' + e.size + ' px²: ' + describe(e.element));
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.paints.push('shift ' + e.value.toFixed(4) + ' at ' + Math.round(e.startTime) + ' ms: ' +
          (e.sources || []).map((s) => describe(s.node) + ' from y ' + Math.round(s.previousRect.y) + ' to ' +
            Math.round(s.currentRect.y)).join(' | '));
    }).observe({ type: 'layout-shift', buffered: true });
  })();`);
  await page.goto(url, { waitUntil: 'networkidle' });
  // Lighthouse keeps tracing until the network and CPU are quiet, so it also sees what the shell fetches a few
  // seconds after load (the remotes' preloads): so does this.
  await page.waitForTimeout(5_000);
  await page.waitForLoadState('networkidle');
  for (const line of await page.evaluate(() => (window as unknown as { paints: string[] }).paints))
    console.log(`      [${preset}] ${line}`);
  await page.close();
}

async function medianRun(url: string, preset: 'mobile' | 'desktop'): Promise<Figures> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url, preset));
  return {
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    fcp: median(runs.map((r) => r.fcp)),
  };
}

/** The longest interaction (Event Timing, grouped by interactionId) of one scripted interaction, in ms. */
async function inp(page: Page, url: string, cpuSlowdown: number): Promise<{ ms: number; what: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => {
    const w = window as unknown as { interactions: Map<number, number> };
    w.interactions = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
        if (e.interactionId)
          w.interactions.set(e.interactionId, Math.max(w.interactions.get(e.interactionId) ?? 0, e.duration));
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  const field = page.locator('main input[type="text"]:visible, main input[type="search"]:visible').first();
  const button = page.locator('main button:visible:enabled').first();
  let what: string;
  if (await field.count()) {
    await field.click();
    await page.keyboard.type('a');
    what = 'tippt in das erste Textfeld';
  } else if (await button.count()) {
    what = `klickt „${((await button.innerText()) || 'Schaltfläche').trim().slice(0, 30)}“`;
    await button.click();
  } else {
    const link = page.locator('nav a:visible').nth(1);
    what = `öffnet „${(await link.innerText()).trim().slice(0, 30)}“`;
    await link.click();
  }
  // The entry is reported once the frame after the interaction is painted: wait for that frame, then one more.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
  const ms = await page.evaluate(() => {
    const w = window as unknown as { interactions: Map<number, number> };
    return Math.max(0, ...w.interactions.values());
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { ms, what };
}

/**
 * The median of RUNS interactions, each on a fresh load: one interaction is one sample of a figure that moves with
 * whatever else the machine does in that moment. One that fails (on a busy machine a click can time out) costs its
 * sample, not the whole table; NaN when all failed.
 */
async function medianInp(page: Page, url: string, cpuSlowdown: number): Promise<{ ms: number; what: string }> {
  const samples: { ms: number; what: string }[] = [];
  let failure = '';
  for (let i = 0; i < RUNS; i++) {
    try {
      samples.push(await inp(page, url, cpuSlowdown));
    } catch (error) {
      failure = `fehlgeschlagen: ${String(error).split('\n')[0]}`;
    }
  }
  if (samples.length === 0) return { ms: NaN, what: failure };
  return { ms: median(samples.map((x) => x.ms)), what: samples[0]!.what };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The goals each page is held to; INP at the machine's own speed (the 4× column shows a slower phone's). */
const GOALS = { lcpMobile: 1500, lcpDesktop: 800, cls: 0.02, inp: 100 };
/** The goals a page's figures miss, named; NaN (a failed measurement) misses too. */
function missed(figures: { lcpMobile: number; lcpDesktop: number; cls: number; inp: number }): string[] {
  const over = (value: number, goal: number) => !(value <= goal);
  return [
    over(figures.lcpMobile, GOALS.lcpMobile) ? 'LCP mobile' : null,
    over(figures.lcpDesktop, GOALS.lcpDesktop) ? 'LCP desktop' : null,
    over(figures.cls, GOALS.cls) ? 'CLS' : null,
    over(figures.inp, GOALS.inp) ? 'INP' : null,
  ].filter((goal): goal is string => goal !== null);
}
console.log(`\nWeb Vitals (Lighthouse 12.2.3, median of ${RUNS}; production build behind nginx)`);
console.log(
  `  ${'page'.padEnd(26)} ${'LCP mobile'.padStart(10)} ${'LCP desk.'.padStart(10)} ${'CLS'.padStart(6)} ${'TBT mob.'.padStart(9)} ${'INP'.padStart(7)} ${'INP 4×'.padStart(7)}  ${'goals'.padEnd(11)}  interaction`,
);
let met = 0;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
for (const { name, url } of pages) {
  if (DETAILS) console.log(`  ${name}:`);
  if (DETAILS) for (const preset of ['mobile', 'desktop'] as const) await paintDetails(url, preset);
  const mobile = await medianRun(url, 'mobile');
  const desktop = await medianRun(url, 'desktop');
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const fast = await medianInp(page, url, 1);
  const slow = await medianInp(page, url, 4);
  await page.close();
  const cls = Math.max(mobile.cls, desktop.cls);
  const misses = missed({ lcpMobile: mobile.lcp, lcpDesktop: desktop.lcp, cls, inp: fast.ms });
  if (misses.length === 0) met++;
  const verdict = misses.length === 0 ? 'met' : `✗ ${misses.join(', ')}`;
  console.log(
    `  ${name.padEnd(26)} ${s(mobile.lcp).padStart(10)} ${s(desktop.lcp).padStart(10)} ${cls.toFixed(3).padStart(6)} ${s(
      mobile.tbt,
    ).padStart(
      9,
    )} ${`${fast.ms.toFixed(0)} ms`.padStart(7)} ${`${slow.ms.toFixed(0)} ms`.padStart(7)}  ${verdict.padEnd(11)}  ${fast.what}`,
  );
}
await browser.close();
console.log(
  `  goals: LCP ≤ ${s(GOALS.lcpMobile)} mobile, ≤ ${s(GOALS.lcpDesktop)} desktop; CLS ≤ ${GOALS.cls.toFixed(3)}; INP ≤ ${GOALS.inp} ms: ${met} of ${pages.length} pages meet every goal`,
);
