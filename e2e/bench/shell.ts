/**
 * The shell's first load, in headless Chromium on localhost against the whole
 * stack: the JavaScript and CSS a cold visit to the dashboard downloads
 * (gzipped, as a static host would serve it), and the time from navigation to
 * the dashboard's first content. Prints figures; asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import { launchChromium, serveFrontends } from '../src/frontends';
import { merchant } from '../src/merchant';
import { startStack } from '../src/stack';

const RUNS = Number(process.env.BENCH_SHELL_RUNS ?? 7);
const shop = 'bench-shell.myshopify.com';

const stack = await startStack({ worker: false });
const frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
const browser = await launchChromium();
try {
  const m = merchant(stack, shop);
  await m.createShop();
  await m.install();

  const kinds = { script: { raw: 0, gzip: 0, files: 0 }, stylesheet: { raw: 0, gzip: 0, files: 0 } };
  const firstContent: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A new context each run: nothing cached, like a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body?.textContent?.includes('Verbleibende Übertragungen')) {
          (window as unknown as { firstContentAt: number }).firstContentAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const page = await context.newPage();
    const bodies: Promise<void>[] = [];
    if (run === 0) {
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        bodies.push(response.body().then((body) => {
          kinds[type].raw += body.length;
          kinds[type].gzip += gzipSync(body, { level: 9 }).length;
          kinds[type].files += 1;
        }, () => undefined));
      });
    }
    await page.goto(`${frontends.urls.shell}/home?shop=${shop}`);
    await page.waitForFunction(() => (window as unknown as { firstContentAt?: number }).firstContentAt !== undefined, undefined, { timeout: 30_000 });
    firstContent.push(await page.evaluate(() => (window as unknown as { firstContentAt: number }).firstContentAt));
    await Promise.all(bodies);
    await context.close();
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const sorted = [...firstContent].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log('Shell first load (dashboard, cold, localhost, headless Chromium):');
  console.log(`  JavaScript: ${kinds.script.files} files, ${kb(kinds.script.raw)} raw, ${kb(kinds.script.gzip)} gzipped`);
  console.log(`  CSS:        ${kinds.stylesheet.files} files, ${kb(kinds.stylesheet.raw)} raw, ${kb(kinds.stylesheet.gzip)} gzipped`);
  console.log(`  JS + CSS gzipped: ${kb(kinds.script.gzip + kinds.stylesheet.gzip)}`);
  console.log(`  Time to the dashboard's first content over ${RUNS} cold loads: median ${median.toFixed(0)} ms, min ${(sorted[0] ?? 0).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`);
} finally {
  await browser.close();
  await frontends.stop();
  await stack.stop();
}
