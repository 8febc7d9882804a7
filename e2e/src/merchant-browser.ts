import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium, serveFrontends } from './frontends';
import { merchant } from './merchant';
import { openAllFeatures, startStack, type Stack } from './stack';

export interface MerchantBrowser {
  stack: Stack;
  frontends: Awaited<ReturnType<typeof serveFrontends>>;
  browser: Browser;
  page: Page;
}

/**
 * The whole stack, the built front ends and Chromium, with a shop installed and Lexware
 * connected: where every settings walk starts. Any 5xx the app gets from /api lands in
 * `serverErrors`, so a walk can end by checking that there were none.
 */
export async function openMerchantBrowser(
  shop: string,
  serverErrors: string[],
  opts: { /** keep the free plan instead of one with every feature */ freePlan?: boolean } = {},
): Promise<MerchantBrowser> {
  const stack = await startStack();
  const frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
  const m = merchant(stack, shop);
  await m.createShop();
  await m.install();
  await m.connectLexware();
  if (!opts.freePlan) await openAllFeatures(stack, shop);
  const { browser, page } = await openAppPage(serverErrors);
  return { stack, frontends, browser, page };
}

/** Chromium with one German page; any 5xx the app gets from /api lands in `serverErrors`. */
export async function openAppPage(serverErrors: string[]): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 500)
      serverErrors.push(`${response.status()} ${response.url()}`);
  });
  return { browser, page };
}

export async function closeMerchantBrowser(session: Partial<MerchantBrowser>): Promise<void> {
  await session.browser?.close();
  await session.frontends?.stop();
  await session.stack?.stop();
}

/**
 * Ticks (or clears) a Polaris checkbox as a merchant does, once it takes clicks. Polaris covers the input with its
 * own box, so the click is forced; forced, it would also land on a box that is still disabled while the form's last
 * save refreshes the sections tied to it, a moment after that save's „Gespeichert“.
 */
export async function setCheckbox(box: Locator, on = true): Promise<void> {
  await expect.poll(() => box.isEnabled(), { timeout: 30_000 }).toBe(true);
  await (on ? box.check({ force: true }) : box.uncheck({ force: true }));
}
