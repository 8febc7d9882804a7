import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLexware, startHarness, type Harness } from '../../../test/harness';

/** The layout choice of the invoice and credit preferences reads Lexware's print layouts through this route. */
let h: Harness;
const SHOP = 'layouts.myshopify.com';
const OTHER = 'ohne-lexware.myshopify.com';

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  await h.install(SHOP, { plan_id: 'standard' });
  await h.install(OTHER, { plan_id: 'standard' });
  await connectLexware(h, SHOP);
}, 60_000);
afterAll(async () => h?.stop());

describe('GET /api/lexoffice/print-layouts', () => {
  it("lists the organisation's print layouts with exactly one default", async () => {
    const res = await h.call(SHOP, 'GET', '/api/lexoffice/print-layouts');
    expect(res.status).toBe(200);
    const layouts = res.body.layouts as { id: string; name: string; default: boolean }[];
    expect(layouts.length).toBeGreaterThanOrEqual(2);
    for (const l of layouts)
      expect(l).toEqual({ id: expect.any(String), name: expect.any(String), default: expect.any(Boolean) });
    expect(layouts.filter((l) => l.default)).toHaveLength(1);
  });

  it('answers 409 NOT_CONNECTED in German for a shop without Lexware Office', async () => {
    const res = await h.call(OTHER, 'GET', '/api/lexoffice/print-layouts');
    expect(res).toMatchObject({
      status: 409,
      body: { error: 'NOT_CONNECTED', message: 'Lexware Office ist nicht verbunden.' },
    });
  });

  it('answers 502 in German while Lexware is unreachable', async () => {
    await fetch(`${h.sandbox!.urls.control}/control/knobs`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      // The client repeats a 500 a few times by itself: Lexware stays down for all of them.
      body: JSON.stringify({ lexware: { failNext: [500, 500, 500, 500] } }),
    });
    const res = await h.call(SHOP, 'GET', '/api/lexoffice/print-layouts');
    expect(res).toMatchObject({
      status: 502,
      body: { error: 'LEXWARE_UNAVAILABLE', message: expect.stringContaining('nicht erreichbar') },
    });
  });

  it('needs a session', async () => {
    const res = await fetch(`${h.url}/api/lexoffice/print-layouts`);
    expect(res.status).toBe(401);
  });
});
