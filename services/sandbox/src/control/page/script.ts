/** The control page's browser code, served as /control/page.js. Plain JS: no build step. */
export const SCRIPT = String.raw`
const $ = (id) => document.getElementById(id);
const eur = (v) => Number(v).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' });
const when = (v) => new Date(v).toLocaleString('de-DE');
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const STATUS = { pending: 'offen', paid: 'bezahlt', refunded: 'erstattet', partially_refunded: 'teilw. erstattet', voided: 'storniert', draft: 'Entwurf', open: 'offen', paidoff: 'ausgeglichen', delivered: 'zugestellt', failed: 'fehlgeschlagen' };
const badge = (s, cls = '') => '<span class="badge ' + cls + '">' + esc(STATUS[s] ?? s) + '</span>';

function toast(text) { const t = $('toast'); t.textContent = text; t.style.display = 'block'; setTimeout(() => (t.style.display = 'none'), 2500); }
async function api(method, path, body) {
  const res = await fetch(path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const data = res.status === 204 ? null : await res.json();
  if (!res.ok) { toast('Fehler: ' + (data?.error ?? res.status)); throw new Error(data?.error); }
  return data;
}
const shop = () => $('shop').value;

async function loadShops() {
  const shops = await api('GET', '/control/shops');
  const current = localStorage.getItem('shop') ?? shops[0]?.domain;
  $('shop').innerHTML = shops.map((s) => '<option' + (s.domain === current ? ' selected' : '') + '>' + esc(s.domain) + '</option>').join('');
  const link = shop() ? await api('GET', '/control/install-link?shop=' + shop()) : null;
  $('install').href = link ? link.url : '#';
}

async function loadOrders() {
  if (!shop()) { $('orders').innerHTML = '<tr><td colspan="6" class="muted">Noch kein Shop – oben einen anlegen.</td></tr>'; return; }
  const orders = (await api('GET', '/control/shops/' + shop() + '/orders')).reverse().slice(0, 30);
  $('orders').innerHTML = orders.map((o) => '<tr><td>' + esc(o.name) + '</td><td>' + when(o.created_at) + '</td><td>' + esc(o.customer ? o.customer.first_name + ' ' + o.customer.last_name : '–') + '</td><td>' + eur(o.total_price) + '</td><td>' + badge(o.financial_status, o.financial_status === 'paid' ? 'ok' : 'warn') + (o.fulfillment_status ? ' ' + badge('versendet') : '') + (o.cancelled_at ? ' ' + badge('storniert', 'bad') : '') + '</td><td>' +
    [['pay', 'Bezahlen'], ['fulfil', 'Versenden'], ['refund', 'Erstatten'], ['cancel', 'Stornieren']].map(([a, l]) => '<button class="light" data-order="' + o.id + '" data-action="' + a + '">' + l + '</button>').join(' ') + '</td></tr>').join('') || '<tr><td colspan="6" class="muted">Keine Bestellungen.</td></tr>';
}

async function loadWebhooks() {
  if (!shop()) return;
  const list = (await api('GET', '/control/shops/' + shop() + '/webhooks')).reverse().slice(0, 20);
  $('webhooks').innerHTML = list.map((d) => '<tr><td>' + when(d.triggeredAt) + '</td><td>' + esc(d.topic) + '</td><td>' + badge(d.status, d.status === 'delivered' ? 'ok' : d.status === 'failed' ? 'bad' : 'warn') + '</td><td>' + d.attempts.map((a) => a.status ?? 'Netzfehler').join(', ') + '</td></tr>').join('') || '<tr><td colspan="4" class="muted">Noch keine.</td></tr>';
}

async function loadLexware() {
  const [invoices, credits, orgs] = await Promise.all([api('GET', '/control/lexware/invoices'), api('GET', '/control/lexware/credit-notes'), api('GET', '/control/lexware/organizations')]);
  const rows = [...invoices, ...credits].sort((a, b) => b.createdDate.localeCompare(a.createdDate)).slice(0, 30);
  $('invoices').innerHTML = rows.map((v) => '<tr><td>' + esc(v.voucherNumber ?? '(Entwurf)') + '</td><td>' + when(v.voucherDate) + '</td><td>' + esc(v.address?.name) + '</td><td>' + eur(v.totalPrice.totalGrossAmount) + '</td><td>' + eur(v.openAmount) + '</td><td>' + badge(v.voucherStatus, v.voucherStatus === 'paid' || v.voucherStatus === 'paidoff' ? 'ok' : '') + '</td><td>' +
    (v.voucherStatus === 'draft' ? '' : '<a href="/control/lexware/vouchers/' + v.id + '/file" target="_blank">PDF</a> ' + (v.electronicDocumentProfile === 'XRechnung' ? '<a href="/control/lexware/vouchers/' + v.id + '/file?format=xml" target="_blank">XRechnung</a> ' : '')) + (v.voucherStatus === 'open' && v.dueDate ? '<button class="light" data-invoice="' + v.id + '">Bezahlt markieren</button>' : '') + '</td></tr>').join('') || '<tr><td colspan="7" class="muted">Noch keine Belege.</td></tr>';
  $('orgs').innerHTML = orgs.map((o) => '<form data-org="' + o.id + '"><input name="companyName" value="' + esc(o.profile.companyName) + '"><select name="version" title="Lexware-Version">' + [['L', 'L (ohne INVOICING_PRO)'], ['XL', 'XL (mit INVOICING_PRO)']].map(([v, l]) => '<option value="' + v + '"' + ((o.profile.businessFeatures.includes('INVOICING_PRO') ? 'XL' : 'L') === v ? ' selected' : '') + '>' + l + '</option>').join('') + '</select><select name="distanceSalesPrinciple">' + ['ORIGIN', 'DESTINATION'].map((v) => '<option' + (o.profile.distanceSalesPrinciple === v ? ' selected' : '') + '>' + v + '</option>').join('') + '</select><select name="taxType" title="Besteuerung">' + [['gross', 'Brutto'], ['net', 'Netto'], ['vatfree', 'Steuerfrei']].map(([v, l]) => '<option value="' + v + '"' + (o.profile.taxType === v ? ' selected' : '') + '>' + l + '</option>').join('') + '</select><label><input type="checkbox" name="smallBusiness"' + (o.profile.smallBusiness ? ' checked' : '') + '> Kleinunternehmer</label><label><input type="checkbox" name="eInvoicing"' + (o.profile.eInvoicing ? ' checked' : '') + '> E-Rechnung (ZUGFeRD)</label><button>Profil speichern</button><span class="muted">' + o.voucherCount + ' Belege, ' + o.contactCount + ' Kontakte</span></form>').join('') || '<p class="muted">Noch keine Verbindung – die App verbindet sich über OAuth.</p>';
}

async function loadMail() {
  const mails = (await api('GET', '/control/mail')).slice(0, 20);
  $('mail').innerHTML = mails.map((m) => '<tr data-mail="' + m.id + '" style="cursor:pointer"><td>' + when(m.receivedAt) + '</td><td>' + esc(m.envelope.to.join(', ')) + '</td><td>' + esc(m.subject) + '</td><td>' + m.attachments.map((a, i) => '<a href="/control/mail/' + m.id + '/attachments/' + i + '" target="_blank">' + esc(a.filename ?? 'Anhang') + '</a>').join(', ') + '</td></tr>').join('') || '<tr><td colspan="4" class="muted">Keine E-Mails.</td></tr>';
}

async function loadKnobs() {
  const k = await api('GET', '/control/knobs');
  const f = $('knobs');
  for (const [name, value] of Object.entries({ ...k.lexware, ...k.shopify })) {
    const input = f.elements.namedItem(name);
    if (input) input.type === 'checkbox' ? (input.checked = value) : (input.value = value);
  }
}

async function refresh() { await Promise.all([loadOrders(), loadWebhooks(), loadLexware(), loadMail()]); }

$('shop').addEventListener('change', () => { localStorage.setItem('shop', shop()); loadShops().then(refresh); });
$('shop-form').addEventListener('submit', async (e) => { e.preventDefault(); const f = new FormData(e.target); const s = await api('POST', '/control/shops', { shop: f.get('shop'), plan: f.get('plan') }); localStorage.setItem('shop', s.domain); await loadShops(); refresh(); toast('Shop angelegt'); });
$('order-form').addEventListener('submit', async (e) => { e.preventDefault(); const f = new FormData(e.target); const date = f.get('createdAt'); await api('POST', '/control/shops/' + shop() + '/orders', { scenario: f.get('scenario'), paid: f.get('paid') === 'on', count: Number(f.get('count')), createdAt: date ? new Date(date).toISOString() : undefined }); toast('Bestellung angelegt'); setTimeout(refresh, 300); });
document.addEventListener('click', async (e) => {
  const t = e.target.closest('[data-action],[data-invoice],[data-mail]');
  if (!t) return;
  if (t.dataset.action) { await api('POST', '/control/shops/' + shop() + '/orders/' + t.dataset.order + '/' + t.dataset.action, {}); toast('Erledigt'); }
  if (t.dataset.invoice) { await api('POST', '/control/lexware/invoices/' + t.dataset.invoice + '/pay', {}); toast('Zahlung gebucht'); }
  if (t.dataset.mail) { const m = await api('GET', '/control/mail/' + t.dataset.mail); $('mail-body').hidden = false; $('mail-body').textContent = 'Von: ' + m.from + '\nAn: ' + m.to.join(', ') + '\nBetreff: ' + m.subject + '\n\n' + m.text; }
  setTimeout(refresh, 300);
});
document.addEventListener('submit', async (e) => {
  const org = e.target.dataset.org; if (!org) return; e.preventDefault();
  const f = new FormData(e.target);
  await api('PUT', '/control/lexware/organizations/' + org + '/profile', { companyName: f.get('companyName'), version: f.get('version'), distanceSalesPrinciple: f.get('distanceSalesPrinciple'), smallBusiness: f.get('smallBusiness') === 'on', eInvoicing: f.get('eInvoicing') === 'on', taxType: f.get('taxType') });
  toast('Profil gespeichert'); loadLexware();
});
$('knobs').addEventListener('submit', async (e) => { e.preventDefault(); const f = e.target.elements; const n = (k) => Number(f.namedItem(k).value);
  await api('PUT', '/control/knobs', { lexware: { rate429: n('rate429'), rate500: n('rate500'), rate504: n('rate504'), write504: f.namedItem('write504').checked, latencyMs: n('latencyMs'), rateLimitPerSecond: n('rateLimitPerSecond') }, shopify: { duplicateRate: n('duplicateRate'), outOfOrder: f.namedItem('outOfOrder').checked } }); toast('Gespeichert'); });
$('org-new').addEventListener('click', async () => { await api('POST', '/control/lexware/organizations', {}); toast('Organisation angelegt'); loadLexware(); });
$('knobs-reset').addEventListener('click', async () => { await api('DELETE', '/control/knobs'); loadKnobs(); toast('Zurückgesetzt'); });

$('scenario').innerHTML = (await api('GET', '/control/scenarios')).map((s) => '<option>' + s + '</option>').join('');
await loadShops(); await loadKnobs(); await refresh();
setInterval(refresh, 3000);
`;
