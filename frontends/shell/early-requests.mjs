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
 * The API requests a page makes first, by the page's path and query, for the pages a visit lands on most: the
 * orders list's first page as Orders.tsx asks for it unsearched (its test checks that the two agree), and what
 * the settings home and its cards ask for as they appear (preferences/src/home/SettingsHome.test.tsx lists the
 * same). None for every other page. Runs in the page as written (its source goes into {@link earlyShopScript}):
 * plain ES5, nothing from outside.
 * @param {string} pathname
 * @param {string} search
 * @returns {string[]}
 */
export function earlyPageRequests(pathname, search) {
  if (pathname === '/orders' && !/[?&]search=/.test(search))
    return ['/orders?sortBy=createdAt&sortDir=desc&page=1&pageSize=50'];
  if (pathname === '/preferences' || pathname === '/preferences/')
    return [
      '/preferences',
      '/shop/smtp',
      '/preferences/invoices',
      '/preferences/credits',
      '/preferences/general',
      '/preferences/notifications',
    ];
  return [];
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
        var pages = (${earlyPageRequests.toString()})(location.pathname, location.search).map(function (path) {
          var answer = fetch(api + path, init);
          answer.catch(function () {});
          return { url: api + path, pathname: location.pathname, response: answer };
        });
        return { response: response, pages: pages };
      });
    })
    .catch(function () { return undefined; });
})(window.shopify);`;

/**
 * The remote whose area `pathname` is in, of those config.json names: each remote's pages are under `/<name>`
 * (src/remotes/routes.ts, whose test checks that the two agree). Runs in the page as written, like
 * {@link earlyPageRequests}.
 * @param {string} pathname
 * @param {Record<string, string>} remotes
 * @returns {string | undefined}
 */
export function remoteAreaOf(pathname, remotes) {
  for (var name in remotes) {
    if (pathname === '/' + name || pathname.indexOf('/' + name + '/') === 0) return name;
  }
  return undefined;
}

/**
 * A visit that lands in a remote's area needs the remote's manifest, its entry and its App's chunks, from another
 * origin and one after another; the app would ask for the manifest only once its own chunks have run. This asks
 * for the manifest as soon as config.json is there (the federation runtime takes the answer, see
 * src/remotes/federation.ts), and once it has arrived preloads the entry and the App's chunks, so that they are
 * in the browser's cache when the runtime asks. Any failure is left to the runtime's own load.
 */
export const earlyRemoteScript = `window.belegflussRemote = window.belegflussConfig
  .then(function (response) { return response.clone().json(); })
  .then(function (config) {
    var name = (${remoteAreaOf.toString()})(location.pathname, config.remotes || {});
    var url = name && config.remotes[name];
    if (!url) return undefined;
    var preload = function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      document.head.appendChild(link);
    };
    var response = fetch(url);
    response
      .then(function (answer) { return answer.ok ? answer.clone().json() : undefined; })
      .then(function (manifest) {
        if (!manifest) return;
        var meta = manifest.metaData;
        var base = new URL(!meta.publicPath || meta.publicPath === 'auto' ? url : meta.publicPath, location.href).href;
        var entry = meta.remoteEntry;
        var dir = entry.path && entry.path.charAt(entry.path.length - 1) !== '/' ? entry.path + '/' : entry.path || '';
        preload(new URL(dir + entry.name, base).href);
        manifest.exposes.forEach(function (expose) {
          if (expose.path !== './App') return;
          expose.assets.js.sync.forEach(function (file) { preload(new URL(file, base).href); });
        });
      })
      .catch(function () {});
    return { url: url, response: response };
  })
  .catch(function () { return undefined; });`;

/**
 * The shell's own lazy page a visit to `pathname` lands on (src/lazyPages.tsx loads its chunk group, named
 * `page-<this>`, as the app starts): undefined for the pages of the first chunks, the remotes' areas and the
 * start page, whose page depends on the shop. Runs in the page as written, like {@link earlyPageRequests}.
 * @param {string} pathname
 * @returns {'orders' | 'audit' | 'order' | 'log' | undefined}
 */
export function landingPageOf(pathname) {
  if (pathname === '/orders') return 'orders';
  if (pathname === '/orders/audit') return 'audit';
  if (pathname.indexOf('/orders/') === 0) return 'order';
  if (pathname === '/log') return 'log';
  return undefined;
}

/**
 * Preloads the chunks of the lazy page the visit lands on ({@link landingPageOf}), which the app would ask for
 * only once its first chunks have run: `files` maps each page to its chunks' URLs, from the build.
 * @param {Record<string, string[]>} files
 */
export function earlyPageChunksScript(files) {
  return `(function (files) {
  var page = (${landingPageOf.toString()})(location.pathname);
  (page && files[page] || []).forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = href.slice(-4) === '.css' ? 'style' : 'script';
    link.href = href;
    document.head.appendChild(link);
  });
})(${JSON.stringify(files)});`;
}
