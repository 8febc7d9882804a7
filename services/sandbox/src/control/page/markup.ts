/** The control page's HTML and CSS; the behaviour is in script.ts. German, like the product. */
export const MARKUP = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Belegfluss Sandbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
:root{--bg:#f1f1f1;--card:#fff;--ink:#303030;--muted:#616161;--line:#e3e3e3;--accent:#005bd3}
*{box-sizing:border-box} body{margin:0;font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;background:var(--bg);color:var(--ink)}
header{background:#1a1a1a;color:#fff;padding:12px 24px;display:flex;gap:16px;align-items:center}
header h1{font-size:16px;margin:0} header select{min-width:240px}
main{display:grid;grid-template-columns:repeat(auto-fit,minmax(460px,1fr));gap:16px;padding:16px 24px}
section{background:var(--card);border-radius:12px;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.12);overflow:auto}
h2{font-size:15px;margin:0 0 12px} table{width:100%;border-collapse:collapse;font-size:13px}
th,td{text-align:left;padding:6px;border-bottom:1px solid var(--line);vertical-align:top} th{color:var(--muted);font-weight:500}
button{background:var(--ink);color:#fff;border:0;border-radius:8px;padding:5px 10px;cursor:pointer;font-size:13px}
button.light{background:#e3e3e3;color:var(--ink)} input,select{padding:5px;border:1px solid #ccc;border-radius:6px;font-size:13px}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:12px} .muted{color:var(--muted)} .badge{padding:1px 8px;border-radius:10px;background:#e3e3e3;font-size:12px}
.ok{background:#cdfee1} .warn{background:#fff1c2} .bad{background:#fedad9} pre{white-space:pre-wrap;background:#f7f7f7;padding:8px;border-radius:6px;max-height:240px;overflow:auto}
#toast{position:fixed;bottom:16px;left:50%;transform:translateX(-50%);background:#1a1a1a;color:#fff;padding:8px 16px;border-radius:8px;display:none}
</style></head><body>
<header><h1>Belegfluss Sandbox</h1>
<label>Shop: <select id="shop"></select></label>
<form id="shop-form" style="margin:0"><input name="shop" placeholder="neuer-shop" required><select name="plan"><option value="basic">Basic</option><option value="shopify">Shopify</option><option value="advanced">Advanced</option><option value="shopify_plus">Plus</option></select><button>Shop anlegen</button></form>
<a id="install" style="color:#9ecbff" href="#" target="_blank">App installieren</a>
</header>
<main>
<section><h2>Bestellungen</h2>
<form id="order-form"><select name="scenario" id="scenario"></select>
<label><input type="checkbox" name="paid"> bezahlt</label>
<label>Datum <input type="datetime-local" name="createdAt"></label>
<label>Anzahl <input type="number" name="count" value="1" min="1" max="100" style="width:60px"></label>
<button>Bestellung anlegen</button></form>
<table><thead><tr><th>Nr.</th><th>Datum</th><th>Kunde</th><th>Summe</th><th>Status</th><th>Aktionen</th></tr></thead><tbody id="orders"></tbody></table></section>
<section><h2>Webhooks an die App</h2><table><thead><tr><th>Zeit</th><th>Thema</th><th>Status</th><th>Versuche</th></tr></thead><tbody id="webhooks"></tbody></table></section>
<section><h2>Lexware Office: Rechnungen und Gutschriften</h2>
<table><thead><tr><th>Nummer</th><th>Datum</th><th>Kunde</th><th>Betrag</th><th>Offen</th><th>Status</th><th></th></tr></thead><tbody id="invoices"></tbody></table></section>
<section><h2>Lexware Office: Organisationen</h2><p class="muted">Profil je Organisation, wie es <code>GET /v1/profile</code> liefert. XL schaltet INVOICING_PRO frei (XRechnung, Drucklayouts); mit E-Rechnung werden Netto-Rechnungen an Firmen ZUGFeRD (EN 16931).</p><div id="orgs"></div><button type="button" class="light" id="org-new">Organisation anlegen</button></section>
<section><h2>Abgefangene E-Mails</h2><table><thead><tr><th>Zeit</th><th>An</th><th>Betreff</th><th>Anhänge</th></tr></thead><tbody id="mail"></tbody></table><pre id="mail-body" hidden></pre></section>
<section><h2>Störungen (Fault-Knobs)</h2>
<form id="knobs"><label>429-Rate <input name="rate429" type="number" step="0.05" min="0" max="1" style="width:70px"></label>
<label>500-Rate <input name="rate500" type="number" step="0.05" min="0" max="1" style="width:70px"></label>
<label>504-Rate <input name="rate504" type="number" step="0.05" min="0" max="1" style="width:70px"></label>
<label><input type="checkbox" name="write504"> 504 schreibt trotzdem</label>
<label>Latenz ms <input name="latencyMs" type="number" min="0" style="width:80px"></label>
<label>Anfragen/s <input name="rateLimitPerSecond" type="number" min="0" step="0.5" style="width:60px"></label>
<label>Webhook-Duplikate <input name="duplicateRate" type="number" step="0.05" min="0" max="1" style="width:70px"></label>
<label><input type="checkbox" name="outOfOrder"> Webhooks vertauscht</label>
<button>Speichern</button> <button type="button" class="light" id="knobs-reset">Zurücksetzen</button></form></section>
</main><div id="toast"></div>
<script type="module" src="/control/page.js"></script>
</body></html>`;
