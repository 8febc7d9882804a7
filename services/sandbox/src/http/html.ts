/** Escapes text for the few server-rendered German pages (OAuth consent, control page). */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function hiddenFields(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n');
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f1f1f1;color:#303030;margin:0}
main{max-width:560px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:20px;margin-top:0} button{background:#303030;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:15px;cursor:pointer}
button.secondary{background:#e3e3e3;color:#303030} ul{padding-left:20px} code{background:#f4f4f4;padding:2px 4px;border-radius:4px}
select,input{padding:6px;font-size:14px}
</style></head><body><main>${body}</main></body></html>`;
}
