import { BANNER_PREFIX, germanNumbers, partnerFigureTexts, staffLineText } from '@belegfluss/frontend-kit';
import { STAFF_ROLE_LABELS, staffLabel } from '@belegfluss/shared';
import { SHOP_STORAGE_KEY } from '@belegfluss/frontend-kit/session';
import { Frame } from '@shopify/polaris';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstPaintScript, firstViewScript } from '../../early-requests.mjs';
import { renderWithPolaris } from '../test/render';
import { FIRST_PAINT_PATHS } from './paths';
import { RouteSkeleton } from './RouteSkeleton';

const SLOT = '<template data-page=""></template>';
const PATHS = [{ path: '/' }, { path: '/orders' }, { path: '/orders', under: true }];
const head = firstViewScript({ paths: PATHS, shopKey: SHOP_STORAGE_KEY });
const body = firstPaintScript({
  frame: `<header>Rahmen</header>${SLOT}`,
  slot: SLOT,
  pages: ['<div data-dismissible="tips">Tipp</div><h1>Übersicht</h1>', '<h1>Bestellungen</h1>', '<h1>Bestellung</h1>'],
  bannerPrefix: BANNER_PREFIX,
  partnerAllowance: 0.2,
  staffRoles: STAFF_ROLE_LABELS,
  staffLabel,
});
type FirstViewWindow = Window & { belegflussFirstView?: number; belegflussPainted?: Promise<void> };
const page = window as FirstViewWindow;

/** index.html at `url`: the script in <head>, the mount point with its spinner, the script after it. */
function load(url: string) {
  window.history.replaceState(null, '', url);
  delete page.belegflussFirstView;
  delete page.belegflussPainted;
  document.documentElement.className = '';
  new Function(head)();
  document.body.innerHTML = '<div id="root"><div role="status">Belegfluss lädt</div></div>';
  new Function(body)();
}
const layer = () => document.getElementById('first-paint');
const mutations = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the first view index.html paints before any script', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('shows the page of the path in the frame, out of reach of keyboard and screen readers, instead of the spinner', () => {
    load('/orders/4711?shop=laden.myshopify.com');
    expect(layer()?.textContent).toBe('RahmenBestellung');
    expect(layer()?.getAttribute('aria-hidden')).toBe('true');
    expect(layer()?.hasAttribute('inert')).toBe(true);
    expect(document.getElementById('root')?.innerHTML).toBe('');
    expect(document.documentElement.classList.contains('belegfluss-first-view')).toBe(true);
    load('/orders?shop=laden.myshopify.com');
    expect(layer()?.textContent).toBe('RahmenBestellungen');
  });

  it('lets the app’s scripts wait for the paint only where there is a first view', () => {
    load('/help?shop=laden.myshopify.com');
    expect(page.belegflussPainted).toBeUndefined();
    load('/orders?shop=laden.myshopify.com');
    expect(page.belegflussPainted).toBeInstanceOf(Promise);
  });

  it('paints nothing without a session in sight, or for a path it has no view of', () => {
    load('/');
    expect(layer()).toBeNull();
    expect(page.belegflussFirstView).toBeUndefined();
    expect(document.getElementById('root')?.textContent).toBe('Belegfluss lädt');
    load('/help?shop=laden.myshopify.com');
    expect(layer()).toBeNull();
  });

  it('takes a shop chosen earlier as a session, and leaves out what the merchant has hidden', () => {
    window.localStorage.setItem(SHOP_STORAGE_KEY, 'laden.myshopify.com');
    load('/');
    expect(layer()?.textContent).toBe('RahmenTippÜbersicht');
    window.localStorage.setItem(`${BANNER_PREFIX}tips`, new Date().toISOString());
    load('/');
    expect(layer()?.textContent).toBe('RahmenÜbersicht');
  });

  it('stays while the app shows its starting spinner and goes once the app renders its page', async () => {
    load('/orders?shop=laden.myshopify.com');
    const root = document.getElementById('root')!;
    root.innerHTML = '<div data-first-paint-holds=""><div role="status">Belegfluss lädt</div></div>';
    await mutations();
    expect(layer()).not.toBeNull();
    root.innerHTML = '<div><h1>Bestellungen</h1></div>';
    await mutations();
    expect(layer()).toBeNull();
  });
});

describe('a first view by the page’s early answers', () => {
  const paths = [
    { path: '/log', byAnswers: true },
    { path: '/orders/audit', byAnswers: true },
    { path: '/partner', byAnswers: true },
    { path: '/admin', byAnswers: true },
  ];
  const views: Record<string, string>[] = [
    { 'Business|90': '<p>Business: 90 Tage</p>', 'Free|7': '<p>Free: 7 Tage</p>' },
    { none: '<input value="%%month%%"><p>Noch kein Bericht</p>' },
    { partner: '<p>Du erhältst %%allowance%%, %%coupons%% Coupons, %%subscribed%% abonniert</p>' },
    { staff: '<h1>Administration</h1><p>%%staff%%</p>' },
  ];
  const head = firstViewScript({ paths, shopKey: SHOP_STORAGE_KEY });
  const body = firstPaintScript({
    frame: `<header>Rahmen</header>${SLOT}`,
    slot: SLOT,
    pages: views,
    bannerPrefix: BANNER_PREFIX,
    partnerAllowance: 0.2,
    staffRoles: STAFF_ROLE_LABELS,
    staffLabel,
  });
  type EarlyWindow = FirstViewWindow & { belegflussShop?: Promise<unknown> };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  /** index.html at `path` inside the admin, with the early answers of GET /api/shop and of the page's requests. */
  function loadWith(path: string, shop: Response | undefined, pages: Record<string, Response> = {}) {
    window.history.replaceState(null, '', `${path}?shop=laden.myshopify.com`);
    delete page.belegflussFirstView;
    delete page.belegflussPainted;
    (page as EarlyWindow).belegflussShop = Promise.resolve(
      shop && {
        response: Promise.resolve(shop),
        pages: Object.entries(pages).map(([request, response]) => ({
          path: request,
          response: Promise.resolve(response),
        })),
      },
    );
    new Function(head)();
    document.body.innerHTML = '<div id="root"><div role="status">Belegfluss lädt</div></div>';
    new Function(body)();
  }
  afterEach(() => {
    delete (page as EarlyWindow).belegflussShop;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it("paints the variant of the shop's plan once its answer is there, and lets the scripts go after it", async () => {
    loadWith('/log', json({ plan: { id: 'business', name: 'Business', logMaxAge: 90 } }));
    expect(layer()).toBeNull();
    await page.belegflussPainted;
    expect(layer()?.textContent).toBe('RahmenBusiness: 90 Tage');
    const root = document.getElementById('root')!;
    // The app's skeleton that holds the view stays out of sight beneath it; its page takes over.
    root.innerHTML = '<div data-first-paint-holds=""><h1>Protokoll</h1></div>';
    await mutations();
    expect(layer()).not.toBeNull();
    expect(root.style.visibility).toBe('hidden');
    root.innerHTML = '<div><h1>Protokoll</h1><p>Dein Tarif Business …</p></div>';
    await mutations();
    expect(layer()).toBeNull();
    expect(root.style.visibility).toBe('');
  });

  it('paints nothing for a plan it has no variant of, or without an answer, and does not hold the scripts', async () => {
    loadWith('/log', json({ plan: { id: 'custom', name: 'Individuell', logMaxAge: 365 } }));
    await page.belegflussPainted;
    expect(layer()).toBeNull();
    loadWith('/log', json({}, 503));
    await page.belegflussPainted;
    expect(layer()).toBeNull();
    loadWith('/log', undefined);
    await page.belegflussPainted;
    expect(layer()).toBeNull();
    expect(document.getElementById('root')?.textContent).toBe('Belegfluss lädt');
  });

  it('writes the month into the audit page of a month without a report, and paints no view of a month with one', async () => {
    const shop = () => json({ plan: { id: 'business', name: 'Business', logMaxAge: 90 } });
    loadWith('/orders/audit', shop(), { '/audits/2026-10': json({ month: '2026-10', status: 'none', report: null }) });
    await page.belegflussPainted;
    expect(layer()?.querySelector('input')?.value).toBe('2026-10');
    expect(layer()?.textContent).toBe('RahmenNoch kein Bericht');
    loadWith('/orders/audit', shop(), { '/audits/2026-10': json({ month: '2026-10', status: 'done', report: {} }) });
    await page.belegflussPainted;
    expect(layer()).toBeNull();
    loadWith('/orders/audit', shop(), { '/audits/2026-10': json({ message: 'Nicht in deinem Tarif' }, 403) });
    await page.belegflussPainted;
    expect(layer()).toBeNull();
  });

  it('writes the partner’s figures as the app writes them, and paints nothing for a shop that is no partner', async () => {
    const summary = { allowance: 0.125, coupons: { count: 1234 }, provisions: { subscribed: 1999.5 } };
    loadWith('/partner', json({ partner: true }), { '/partner': json(summary) });
    await page.belegflussPainted;
    const texts = partnerFigureTexts(summary, 0.2, germanNumbers);
    expect(layer()?.textContent).toBe(
      `RahmenDu erhältst ${texts.allowance}, ${texts.coupons} Coupons, ${texts.subscribed} abonniert`,
    );
    expect(texts.allowance).toBe('12,5 %');
    expect(texts.coupons).toBe('1.234');
    // Without a rate of its own, the programme's.
    loadWith('/partner', json({ partner: true }), { '/partner': json({}) });
    await page.belegflussPainted;
    expect(layer()?.textContent).toBe('RahmenDu erhältst 20 %, 0 Coupons, 0,00\u00a0€ abonniert');
    loadWith('/partner', json({ partner: false }), { '/partner': json({}, 403) });
    await page.belegflussPainted;
    expect(layer()).toBeNull();
  });

  it('writes who is working in the admin area as the admin remote writes it, for the staff only', async () => {
    const staff = { role: 'support', userId: '73125004', shop: 'zentrale.myshopify.com', name: 'Erika Muster' };
    loadWith('/admin', json({ staff }), { '/admin/shops?page=1': json({ items: [] }) });
    await page.belegflussPainted;
    expect(layer()?.textContent).toBe(`RahmenAdministration${staffLineText(staff, STAFF_ROLE_LABELS, staffLabel)}`);
    expect(layer()?.textContent).toContain('Angemeldet als Support: Erika Muster (Nutzer 73125004, zentrale');
    loadWith('/admin', json({ plan: { name: 'Business' } }));
    await page.belegflussPainted;
    expect(layer()).toBeNull();
  });

  it('writes a text into the view as text, never as markup', async () => {
    loadWith('/orders/audit', json({}), {
      '/audits/<img src=x onerror=alert(1)>': json({ status: 'none' }),
    });
    await page.belegflussPainted;
    expect(layer()?.querySelector('img')).toBeNull();
    expect(layer()?.querySelector('input')?.value).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('the paths with a first view', () => {
  it('each shows a page skeleton with its title, as the app shows it while the page loads', () => {
    for (const { path, under } of FIRST_PAINT_PATHS) {
      const pathname = under ? `${path}/4711` : path;
      const { container, unmount } = renderWithPolaris(
        <Frame>
          <RouteSkeleton pathname={pathname} />
        </Frame>,
      );
      expect(container.querySelector('h1')?.textContent, pathname).toBeTruthy();
      unmount();
    }
  });
});
