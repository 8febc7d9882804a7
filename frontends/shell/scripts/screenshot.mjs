// Screenshots of the running shell in headless Chromium, for a human look.
// node scripts/screenshot.mjs <url> <out.png> [<url> <out.png> ...]
import { chromium } from 'playwright-core';

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error('Aufruf: node scripts/screenshot.mjs <url> <datei.png> [<url> <datei.png> ...]');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, locale: 'de-DE' });
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[console] ${message.text()}`);
  });
  page.on('pageerror', (error) => console.log(`[pageerror] ${error.message}`));
  for (let i = 0; i < pairs.length; i += 2) {
    const [url, file] = [pairs[i], pairs[i + 1]];
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.SHOT_WAIT_MS) || 500);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`${file} ← ${url}`);
  }
} finally {
  await browser.close();
}
