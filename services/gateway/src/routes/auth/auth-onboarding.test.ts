import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControl, startHarness, type Harness } from '../../../test/harness';
import { eventLogTable, notificationSendsTable, shopPreferencesTable, shopsTable } from '@belegfluss/db/testing';

// The real OAuth install against the sandbox's Shopify, and its SMTP server as the default sender.
let h: Harness;

interface Caught {
  subject: string;
  text: string;
  envelope: { to: string[] };
}
const mailTo = async (to: string) =>
  (await (await fetch(`${h.sandbox!.urls.control}/control/mail?to=${encodeURIComponent(to)}`)).json()) as Caught[];

async function eventually<T>(probe: () => Promise<T | false | undefined>): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await probe();
    if (v) return v;
    if (i > 200) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The merchant clicks install and allows the consent page; the callback is sent to this test's gateway. */
async function install(shop: string): Promise<Response> {
  const start = await fetch(`${h.url}/api/auth?shop=${shop}`, { redirect: 'manual' });
  const authorize = new URL(start.headers.get('location')!);
  const page = await (await fetch(authorize)).text();
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replaceAll('&amp;', '&'),
    ]),
  );
  const consent = await fetch(new URL(`/store/${shop}/admin/oauth/authorize`, authorize), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const callback = new URL(consent.headers.get('location')!);
  return fetch(`${h.url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
}

const events = async (shop: string) =>
  (await eventLogTable.list(h.db, { shopId: shop, origin: 'shop' }, { orderBy: 'id' })).map((r) => ({
    event: r.event,
    ...r.body,
  }));

beforeAll(async () => {
  h = await startHarness({ sandbox: true, smtp: true });
});
afterAll(async () => {
  await h?.stop();
});

describe('onboarding mail on install', () => {
  it('welcomes the merchant once, at the shop e-mail read from Shopify', async () => {
    const shop = 'willkommen.myshopify.com';
    await sandboxControl(h, '/shops', { shop, name: 'Willkommen-Laden', email: 'chefin@willkommen.de' });
    expect((await install(shop)).status).toBe(302);
    const [mail] = await eventually(async () => {
      const l = await mailTo('chefin@willkommen.de');
      return l.length > 0 && l;
    });
    expect(mail).toMatchObject({
      subject: 'Willkommen bei Belegfluss – deine ersten Schritte',
      envelope: { to: ['chefin@willkommen.de'] },
    });
    expect(mail!.text).toContain('Willkommen-Laden');
    expect(await shopsTable.one(h.db, { id: shop })).toMatchObject({
      name: 'Willkommen-Laden',
      email: 'chefin@willkommen.de',
      // What compliance and app webhooks name the shop by.
      shopifyShopId: expect.stringMatching(/^\d+$/),
    });

    // Re-authorising (a new scope, a reinstall) is no new welcome.
    expect((await install(shop)).status).toBe(302);
    await eventually(
      async () => (await eventLogTable.list(h.db, { shopId: shop, event: 'shop.installed' })).length === 2,
    );
    expect(await notificationSendsTable.list(h.db, { shopId: shop })).toMatchObject([
      { kind: 'onboarding', status: 'sent' },
    ]);
    expect(await mailTo('chefin@willkommen.de')).toHaveLength(1);
    expect(await events(shop)).toEqual([
      { event: 'notification.sent', kind: 'onboarding', email: 'chefin@willkommen.de' },
    ]);
  });

  it('sends nothing when the switch is off before the install (a shop coming back)', async () => {
    const shop = 'ohne-willkommen.myshopify.com';
    await sandboxControl(h, '/shops', { shop, email: 'chef@ohne.de' });
    await h.install(shop);
    await shopPreferencesTable.insert(h.db, {
      shopId: shop,
      section: 'notifications',
      value: JSON.stringify({ onboarding: false }),
    });
    expect((await install(shop)).status).toBe(302);
    const log = await eventually(async () => {
      const l = await events(shop);
      return l.length > 0 && l;
    });
    expect(log).toEqual([{ event: 'notification.skipped', kind: 'onboarding', reason: 'DISABLED' }]);
    expect(await mailTo('chef@ohne.de')).toEqual([]);
  });
});
