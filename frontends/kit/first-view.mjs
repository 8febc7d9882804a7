// @ts-check
/**
 * Code that runs in two places: bundled into the app, and in the shell's index.html as written, before any chunk
 * has loaded (the shell's early-requests.mjs puts each function's source into the page). There it writes the
 * texts of a page's first view from the page's early answers, so that the view and the page the app renders a
 * moment later read the same, character for character. So: plain ES5 syntax, nothing from outside each function
 * but what it is given.
 */

/** Entries per page of every event log; the shell's index.html asks for an order's first page with it. */
export const EVENT_LOG_PAGE_SIZE = 25;

/**
 * Numbers, amounts and rates as the app writes them (src/format.ts hands them on).
 * @returns {{ number: (value: number) => string, money: (value: number, currency?: string) => string, percent: (ratio: number) => string }}
 */
export function numberFormats() {
  var number = new Intl.NumberFormat('de-DE');
  var euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
  // Rates are stored as fractions (0.035); multiplying by 100 by hand shows float noise such as 3,5000000000000004.
  var percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 2 });
  return {
    number: function (value) {
      return number.format(value);
    },
    money: function (value, currency) {
      if (!currency || currency === 'EUR') return euro.format(value);
      return new Intl.NumberFormat('de-DE', { style: 'currency', currency: currency }).format(value);
    },
    // `3,5 %`, with the plain space the texts written by hand use, so that both read and match alike.
    percent: function (ratio) {
      return percent.format(ratio).replace(/\u00a0/g, ' ');
    },
  };
}

/**
 * The texts of the partner overview's figures from `GET /api/partner`, where every part may be missing (the
 * gateway may not send all of it yet): missing counts and amounts read 0, a missing rate is the programme's
 * `allowance`.
 * @param {{ allowance?: number | null, coupons?: { count?: number, views?: number, redemptions?: number }, provisions?: { subscribed?: number, verified?: number, declined?: number }, payouts?: { scheduled?: number, paid?: number } }} summary
 * @param {number} allowance
 * @param {ReturnType<typeof numberFormats>} format
 * @returns {import('./first-view.d.mts').PartnerFigureTexts}
 */
export function partnerFigureTexts(summary, allowance, format) {
  var coupons = summary.coupons || {};
  var provisions = summary.provisions || {};
  var payouts = summary.payouts || {};
  var count = function (value) {
    return format.number(value || 0);
  };
  var euro = function (value) {
    return format.money(value || 0);
  };
  return {
    allowance: format.percent(
      summary.allowance === undefined || summary.allowance === null ? allowance : summary.allowance,
    ),
    coupons: count(coupons.count),
    views: count(coupons.views),
    redemptions: count(coupons.redemptions),
    subscribed: euro(provisions.subscribed),
    verified: euro(provisions.verified),
    declined: euro(provisions.declined),
    scheduled: euro(payouts.scheduled),
    paid: euro(payouts.paid),
  };
}

/**
 * The admin area's line about who is working in it: their actions carry this name into the shops' logs.
 * `roleLabels` and `label` are the shared package's STAFF_ROLE_LABELS and staffLabel.
 * @param {{ role: string, userId: string, shop: string, name?: string | null }} person
 * @param {Record<string, string>} roleLabels
 * @param {(person: { userId: string, shop: string, name?: string | null }) => string} label
 * @returns {string}
 */
export function staffLineText(person, roleLabels, label) {
  return 'Angemeldet als ' + roleLabels[person.role] + ': ' + label(person);
}
