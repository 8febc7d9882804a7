// @ts-check
import {
  EVENT_LOG_PAGE_SIZE,
  numberFormats,
  partnerFigureTexts,
  staffLineText,
} from '@belegfluss/frontend-kit/first-view';
/**
 * The requests index.html starts itself, in inline scripts before any chunk has loaded (read by src/startup.ts).
 * Plain ES5 in strings: they run as written, untranspiled.
 */

/**
 * Loads the app's entry, at once or, where index.html paints the page's first view itself, once that is on screen
 * ({@link firstViewScript}): run before, as a deferred script runs, it would hold that paint back on a phone.
 * @param {string} src
 */
export function entryAfterPaintScript(src) {
  return `(window.belegflussPainted || Promise.resolve()).then(function (src) {
  var run = function () {
    var script = document.createElement('script');
    script.src = src;
    document.head.appendChild(script);
  };
  if (document.readyState !== 'loading') return run();
  // Like a deferred script: fetched now, run once the page is parsed (the app mounts into #root).
  var link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = src;
  document.head.appendChild(link);
  document.addEventListener('readystatechange', function parsed() {
    document.removeEventListener('readystatechange', parsed);
    run();
  });
}.bind(null, ${JSON.stringify(src)}));`;
}

/**
 * config.json. The production image writes the answer in place of this request at container start
 * (deploy/frontend-entrypoint.sh looks for this exact text), which saves a phone the round trip.
 */
export const earlyConfigScript = "window.belegflussConfig = fetch('/config.json', { cache: 'no-store' });";

/**
 * The API requests a page makes first, by the page's path and query, for the pages a visit lands on most: the
 * orders list's first page as Orders.tsx asks for it unsearched (its test checks that the two agree), what the
 * settings home and its cards ask for as they appear (preferences/src/home/SettingsHome.test.tsx lists the same),
 * the audit of `auditMonth` ({@link auditMonthBefore}, the month the audit page opens with), an order with the
 * first page of its event log (`logPageSize` entries, as OrderDetail.tsx asks for both; its test checks that they
 * agree), the partner overview's figures and the admin area's first page of shops (as ShopList.tsx asks for it,
 * its test checks that the two agree). None for every other page. Runs in the page as written (its source goes into
 * {@link earlyShopScript}): plain ES5, nothing from outside.
 * @param {string} pathname
 * @param {string} search
 * @param {string} auditMonth
 * @param {number} logPageSize
 * @returns {string[]}
 */
export function earlyPageRequests(pathname, search, auditMonth, logPageSize) {
  if (pathname === '/orders' && !/[?&]search=/.test(search))
    return ['/orders?sortBy=createdAt&sortDir=desc&page=1&pageSize=50'];
  if (pathname === '/orders/audit') return ['/audits/' + auditMonth];
  if (pathname.indexOf('/orders/') === 0) {
    var id;
    try {
      id = decodeURIComponent(pathname.slice('/orders/'.length));
    } catch (e) {
      return [];
    }
    var log = { sortBy: 'date', sortDir: 'desc', page: '1', pageSize: String(logPageSize), order: id };
    return ['/orders/' + encodeURIComponent(id), '/shop/logs?' + new URLSearchParams(log).toString()];
  }
  if (pathname === '/partner') return ['/partner'];
  if (pathname === '/admin') return ['/admin/shops?page=1'];
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
 * The month the audit page opens with: the last one that has ended, by the calendar in Germany, as `YYYY-MM`.
 * The page reads it from here too. Runs in the page as written, like {@link earlyPageRequests}.
 * @param {Date} now
 * @returns {string}
 */
export function auditMonthBefore(now) {
  var parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  var year = 0;
  var month = 0;
  for (var i = 0; i < parts.length; i++) {
    if (parts[i].type === 'year') year = Number(parts[i].value);
    if (parts[i].type === 'month') month = Number(parts[i].value);
  }
  if (month === 1) return year - 1 + '-12';
  return year + '-' + (month - 1 < 10 ? '0' : '') + (month - 1);
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
        var month = (${auditMonthBefore.toString()})(new Date());
        var pages = (${earlyPageRequests.toString()})(location.pathname, location.search, month, ${EVENT_LOG_PAGE_SIZE}).map(function (path) {
          var answer = fetch(api + path, init);
          answer.catch(function () {});
          return { url: api + path, path: path, pathname: location.pathname, response: answer };
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
 * in the browser's cache when the runtime asks; where index.html paints the page's first view, only once that is
 * on screen, as the shell's own chunks. Any failure is left to the runtime's own load.
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
        // Like the shell's own chunks: once a first view is on screen, if the page paints one.
        return (window.belegflussPainted || Promise.resolve()).then(function () { return manifest; });
      })
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
 * Preloads the chunks the app starts with (`startup`) and those of the lazy page the visit lands on
 * ({@link landingPageOf}), which the app would ask for only once its first chunks have run: `files` maps each page
 * to its chunks' URLs, both from the build. Where index.html paints the page's first view itself, only once that
 * is on screen ({@link firstViewScript}): before it, on a phone's connection, they would share the line with the
 * rest of index.html, which carries that view. Lighthouse counts preloaded scripts that arrive before a paint as
 * blocking it, too.
 * @param {string[]} startup
 * @param {Record<string, string[]>} files
 */
export function earlyChunksScript(startup, files) {
  return `(function (startup, files) {
  var page = (${landingPageOf.toString()})(location.pathname);
  (window.belegflussPainted || Promise.resolve()).then(function () {
    startup.concat(page && files[page] || []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = href.slice(-4) === '.css' ? 'style' : 'script';
      link.href = href;
      document.head.appendChild(link);
    });
  });
})(${JSON.stringify(startup)}, ${JSON.stringify(files)});`;
}

/**
 * The first of `paths` that `pathname` matches (`under`: the paths below it too), or -1. Runs in the page as
 * written, like {@link earlyPageRequests}.
 * @param {string} pathname
 * @param {{ path: string, under?: boolean }[]} paths
 * @returns {number}
 */
export function firstViewOf(pathname, paths) {
  for (var i = 0; i < paths.length; i++) {
    if (pathname === paths[i].path || (paths[i].under && pathname.indexOf(paths[i].path + '/') === 0)) return i;
  }
  return -1;
}

/**
 * Decides, first thing in <head>, whether index.html paints the page's first view (scripts/first-paint.tsx):
 * for the paths it has one of, and only with a session in sight (App Bridge inside the admin, or a shop chosen in
 * the sandbox: `?shop=`, or `shopKey` in localStorage); without one the app shows the landing page or the shop
 * picker instead. Sets `belegflussFirstView` to the index into `paths` and hides the starting spinner;
 * `belegflussPainted` resolves once the browser has put the view on screen: at once in a tab opened in the
 * background, which paints nothing until shown, and after 3 s at most for one hidden while it loads (on a busy
 * phone the first paint itself may take more than a second, and the scripts would only delay it further). The
 * entry and the chunks wait for it ({@link entryAfterPaintScript}, {@link earlyChunksScript}); on every other
 * page they start at once. A `byAnswers` view is painted only once the page's early answers are there, so for it
 * they wait for that view's own paint ({@link firstPaintScript}), 3 s at most as well.
 * @param {{ paths: { path: string, under?: boolean, byAnswers?: boolean }[], shopKey: string }} options
 */
export function firstViewScript({ paths, shopKey }) {
  return `(function (paths, shopKey) {
  var stored;
  try { stored = window.localStorage.getItem(shopKey); } catch (e) {}
  var session = (window.shopify && typeof window.shopify.idToken === 'function') || /[?&]shop=/.test(location.search) || !!stored;
  var index = session ? (${firstViewOf.toString()})(location.pathname, paths) : -1;
  if (index < 0) return;
  window.belegflussFirstView = index;
  document.documentElement.className += ' belegfluss-first-view';
  window.belegflussPainted = new Promise(function (resolve) {
    if (document.visibilityState === 'hidden') return resolve();
    setTimeout(resolve, 3000);
    // A view that waits for the page's answers is painted after the first paint: the layer says when.
    window.belegflussLayerPainted = resolve;
    if (paths[index].byAnswers) return;
    try {
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      resolve();
    }
  });
})(${JSON.stringify(paths)}, ${JSON.stringify(shopKey)});`;
}

/**
 * The key of the event log's view for the shop's plan: what the view shows of it. Runs in the page as written,
 * like {@link earlyPageRequests}; scripts/first-paint.tsx keys the variants with it.
 * @param {{ name: string, logMaxAge: number }} plan
 * @returns {string}
 */
export function planViewKey(plan) {
  return plan.name + '|' + plan.logMaxAge;
}

/**
 * Which variant of a `byAnswers` view fits the visit, and the texts that go into it, from the page's early answers:
 * `shop` (`GET /api/shop`) and `pages` (those of {@link earlyPageRequests}, by path), each undefined where the
 * request failed. Undefined where they do not tell, or tell of a page the view does not show (an audited month, a
 * shop that is no partner): that visit gets no view, and the app shows the page as it comes. The event log by the
 * shop's plan; the audit page of a month without a report, with that month; the partner overview with its figures
 * (`helpers.partnerTexts`); the admin area's list of shops with who is working there (`helpers.staffLine`), for
 * the staff only. Runs in the page as written, like {@link earlyPageRequests}.
 * @param {string} pathname
 * @param {{ shop?: any, pages: Record<string, any> }} answers
 * @param {{ planViewKey: (plan: { name: string, logMaxAge: number }) => string, partnerTexts: (summary: any) => Record<string, string>, staffLine: (person: any) => string }} helpers
 * @returns {{ key: string, fills?: Record<string, string> } | undefined}
 */
export function firstViewVariant(pathname, answers, helpers) {
  var shop = answers.shop;
  if (pathname === '/log') return shop && shop.plan ? { key: helpers.planViewKey(shop.plan) } : undefined;
  if (pathname === '/partner') {
    var summary = answers.pages['/partner'];
    if (!shop || shop.partner !== true || !summary) return undefined;
    return { key: 'partner', fills: helpers.partnerTexts(summary) };
  }
  if (pathname === '/admin')
    return shop && shop.staff ? { key: 'staff', fills: { staff: helpers.staffLine(shop.staff) } } : undefined;
  if (pathname === '/orders/audit') {
    for (var path in answers.pages) {
      var audit = answers.pages[path];
      if (path.indexOf('/audits/') === 0 && audit && audit.status === 'none')
        return { key: 'none', fills: { month: path.slice('/audits/'.length) } };
    }
  }
  return undefined;
}

/**
 * Lays the first view {@link firstViewScript} chose over the app's mount point: `pages[i]` is the view of its
 * `paths[i]`, to go into `frame` in place of `slot` (scripts/first-paint.tsx renders both at build time). Parts
 * marked `data-dismissible` that the merchant has hidden (`bannerPrefix` + its id in localStorage, as the kit
 * remembers them) are left out, as the app leaves them out. The view goes as soon as the app renders anything but
 * its starting spinner or a part marked `data-first-paint-holds`; until then what the app renders stays out of
 * sight beneath it. A page given as variants ({@link firstViewVariant}) is laid once the page's early answers are
 * there (`GET /api/shop` and those of {@link earlyPageRequests}), with each `%%name%%` in it replaced by the text of
 * that name, and says so to the app's scripts waiting for it. The texts of the partner overview and the admin
 * area's staff line come from the kit's first-view.mjs, with the programme's `partnerAllowance` and the shared
 * package's `staffRoles` and `staffLabel` (STAFF_ROLE_LABELS, staffLabel: its source goes into the page). Runs in
 * the page as written, right after the mount point.
 * @param {{ frame: string, slot: string, pages: (string | Record<string, string>)[], bannerPrefix: string, partnerAllowance: number, staffRoles: Record<string, string>, staffLabel: Function }} options
 */
export function firstPaintScript({ frame, slot, pages, bannerPrefix, partnerAllowance, staffRoles, staffLabel }) {
  const json = (/** @type {unknown} */ value) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function (frame, slot, pages, bannerPrefix, partnerAllowance, staffRoles, firstViewVariant, planViewKey, partnerFigureTexts, numberFormats, staffLineText, staffLabel) {
  var root = document.getElementById('root');
  var page = pages[window.belegflussFirstView];
  var painted = function () { if (window.belegflussLayerPainted) window.belegflussLayerPainted(); };
  if (page === undefined || !root) return painted();
  var stored = function (key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } };
  // index.html's own spinner; once the app has mounted, the root holds what the app rendered instead.
  var initial = root.innerHTML;
  var show = function (html) {
    if (root.innerHTML === initial) root.innerHTML = '';
    var layer = document.createElement('div');
    layer.id = 'first-paint';
    layer.setAttribute('aria-hidden', 'true');
    layer.setAttribute('inert', '');
    layer.style.cssText = 'position:absolute;top:0;left:0;right:0';
    layer.innerHTML = frame.replace(slot, html);
    var dismissible = layer.querySelectorAll('[data-dismissible]');
    for (var j = 0; j < dismissible.length; j++) {
      if (stored(bannerPrefix + dismissible[j].getAttribute('data-dismissible')) !== null) dismissible[j].parentNode.removeChild(dismissible[j]);
    }
    root.parentNode.insertBefore(layer, root.nextSibling);
    // What the app renders under a held view stays out of sight until the view goes.
    root.style.visibility = 'hidden';
    var done = function () {
      root.style.visibility = '';
      if (layer.parentNode) layer.parentNode.removeChild(layer);
    };
    var holds = function () { return !root.firstElementChild || root.querySelector('[data-first-paint-holds]'); };
    if (!holds()) return done();
    new MutationObserver(function (records, observer) {
      if (holds()) return;
      observer.disconnect();
      done();
    }).observe(root, { childList: true, subtree: true });
    return layer;
  };
  if (typeof page === 'string') return show(page);
  // Variants: the page's early answers say which, and what goes into it (no view without them).
  var early = window.belegflussShop;
  if (!early) return painted();
  var answerOf = function (response) {
    return Promise.resolve(response)
      .then(function (answer) { return answer && answer.ok ? answer.clone().json() : undefined; })
      .catch(function () { return undefined; });
  };
  var helpers = {
    planViewKey: planViewKey,
    partnerTexts: function (summary) { return partnerFigureTexts(summary, partnerAllowance, numberFormats()); },
    staffLine: function (person) { return staffLineText(person, staffRoles, staffLabel); }
  };
  var escape = function (text) {
    return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  };
  early
    .then(function (sent) {
      if (!sent) return undefined;
      var requests = sent.pages || [];
      return Promise.all([answerOf(sent.response)].concat(requests.map(function (request) { return answerOf(request.response); })))
        .then(function (values) {
          var answers = { shop: values[0], pages: {} };
          for (var k = 0; k < requests.length; k++) answers.pages[requests[k].path] = values[k + 1];
          return answers;
        });
    })
    .then(function (answers) {
      var variant = answers && firstViewVariant(location.pathname, answers, helpers);
      var html = variant && page[variant.key];
      if (html === undefined) return painted();
      var fills = variant.fills || {};
      var missing = false;
      html = html.replace(/%%(\\w+)%%/g, function (all, name) {
        if (fills[name] === undefined) missing = true;
        return escape(fills[name]);
      });
      if (missing) return painted();
      var layer = show(html);
      // The app rendered its page already: there is no view to wait for.
      if (!layer) return painted();
      // Said once the browser has reported the view's largest paint: requested before it, the scripts would share
      // the line with what that paint waits for, and Lighthouse counts them as holding it back. A browser that
      // reports no largest paint is told after the next frame.
      var afterFrame = function () { requestAnimationFrame(function () { setTimeout(painted, 0); }); };
      var supported = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
      if (!supported || supported.indexOf('largest-contentful-paint') < 0) return afterFrame();
      setTimeout(painted, 1000);
      try {
        new PerformanceObserver(function (list, observer) {
          var entries = list.getEntries();
          for (var k = 0; k < entries.length; k++) {
            if (entries[k].element && layer.contains(entries[k].element)) {
              observer.disconnect();
              return painted();
            }
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      } catch (e) {
        afterFrame();
      }
    })
    .catch(painted);
})(${json(frame)}, ${json(slot)}, ${json(pages)}, ${json(bannerPrefix)}, ${json(partnerAllowance)}, ${json(staffRoles)}, ${firstViewVariant.toString()}, ${planViewKey.toString()}, ${partnerFigureTexts.toString()}, ${numberFormats.toString()}, ${staffLineText.toString()}, ${staffLabel.toString()});`;
}
