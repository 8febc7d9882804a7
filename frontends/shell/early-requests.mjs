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
 * Inside the Shopify admin (App Bridge, the page's first script, is there): the session token and `GET /api/shop`
 * at once, while the browser still downloads the chunks. Started from the entry chunk instead, they would wait for
 * it, and on a phone's connection that chunk arrives with all the others. What fails here (no answer, an error
 * status) is simply asked again by the app, with its retries and error page. `/exitiframe` needs no session.
 * Resolves once the request is sent (the entry runs the app's chunks from then on), with the answer to come.
 */
export const earlyShopScript = `window.belegflussShop = (function (bridge) {
  if (!bridge || typeof bridge.idToken !== 'function' || location.pathname === '/exitiframe') return undefined;
  return window.belegflussConfig
    .then(function (response) { return response.clone().json(); })
    .then(function (config) {
      return bridge.idToken().then(function (token) {
        var api = String(config.apiUrl || '/api').replace(/\\/+$/, '');
        var response = fetch(api + '/shop', { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } });
        response.catch(function () {});
        return { response: response };
      });
    })
    .catch(function () { return undefined; });
})(window.shopify);`;
