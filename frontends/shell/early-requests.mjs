// @ts-check
/**
 * The requests index.html starts itself, in inline scripts before any chunk has loaded (read by src/startup.ts).
 * Plain ES5 in strings: they run as written, untranspiled.
 */

/**
 * config.json. The production image writes the answer in place of this request at container start
 * (deploy/frontend-entrypoint.sh looks for this exact text), which saves a phone the round trip.
 */
export const earlyConfigScript = "window.belegflussConfig = fetch('/config.json', { cache: 'no-store' });";

/**
 * The API request a page makes first, by the page's path and query, for the pages a visit lands on most: the
 * orders list's first page as Orders.tsx asks for it unsearched (its test checks that the two agree), and the
 * settings home's automation switches, which it waits for. Undefined for every other page. Runs in the page as
 * written (its source goes into {@link earlyShopScript}): plain ES5, nothing from outside.
 * @param {string} pathname
 * @param {string} search
 * @returns {string | undefined}
 */
export function earlyPageRequests(pathname, search) {
  if (pathname === '/orders' && !/[?&]search=/.test(search))
    return '/orders?sortBy=createdAt&sortDir=desc&page=1&pageSize=50';
  if (pathname === '/preferences' || pathname === '/preferences/') return '/preferences';
  return undefined;
}

/**
 * Inside the Shopify admin (App Bridge, the page's first script, is there): the session token and `GET /api/shop`
 * at once, while the browser still downloads the chunks. Started from the entry chunk instead, they would wait for
 * it, and on a phone's connection that chunk arrives with all the others. What fails here (no answer, an error
 * status) is simply asked again by the app, with its retries and error page. `/exitiframe` needs no session.
 * With the same token it asks for the data of the page the visit lands on ({@link earlyPageRequests}), which
 * the page would otherwise ask for only once its chunk has arrived and rendered: one round trip less before its
 * content. Resolves once the requests are sent (the entry runs the app's chunks from then on), with the answers
 * to come.
 */
export const earlyShopScript = `window.belegflussShop = (function (bridge) {
  if (!bridge || typeof bridge.idToken !== 'function' || location.pathname === '/exitiframe') return undefined;
  return window.belegflussConfig
    .then(function (response) { return response.clone().json(); })
    .then(function (config) {
      return bridge.idToken().then(function (token) {
        var api = String(config.apiUrl || '/api').replace(/\\/+$/, '');
        var init = { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } };
        var response = fetch(api + '/shop', init);
        response.catch(function () {});
        var path = (${earlyPageRequests.toString()})(location.pathname, location.search);
        var page = path ? { url: api + path, pathname: location.pathname, response: fetch(api + path, init) } : undefined;
        if (page) page.response.catch(function () {});
        return { response: response, page: page };
      });
    })
    .catch(function () { return undefined; });
})(window.shopify);`;
