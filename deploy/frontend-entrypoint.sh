#!/bin/sh
# Runs at container start (deploy/frontend-start.sh runs /docker-entrypoint.d/*.sh before nginx): writes what
# differs per deployment into the static files, so one image serves any environment.
#   shell:   config.json from SHELL_* and SHOPIFY_API_KEY (the same shape as frontends/shell/runtime-config.mjs),
#            and App Bridge from Shopify's CDN with the shopify-api-key meta tag as the first thing in <head>.
#   remotes: nothing to render; their chunks load from wherever they are hosted.
set -eu
root="${HTML_ROOT:-/usr/share/nginx/html}"
[ "${APP:-}" = shell ] || exit 0

fail() { echo "belegfluss: $1" >&2; exit 1; }
key="${SHOPIFY_API_KEY:-}"
printf '%s' "$key" | grep -Eq '^[A-Za-z0-9_-]+$' || fail "SHOPIFY_API_KEY fehlt oder enthält ungültige Zeichen"
# Only URLs and paths go into the JSON: refuse anything that would need escaping.
url() {
  value="$1"
  printf '%s' "$value" | grep -Eq '^[A-Za-z0-9._~:/?#@!$&()*+,;=%-]+$' || fail "ungültige Adresse: $value"
  printf '"%s"' "$value"
}
remote() { eval "v=\${$1:-}"; [ -n "$v" ] || fail "$1 fehlt (Adresse von mf-manifest.json des Bereichs)"; url "$v"; }
sandbox="${SHELL_SANDBOX_URL:-none}"
if [ "$sandbox" = none ]; then sandbox_json=null; else sandbox_json=$(url "$sandbox"); fi

cat > "$root/config.json" <<JSON
{
  "apiUrl": $(url "${SHELL_API_URL:-/api}"),
  "sandboxUrl": $sandbox_json,
  "shopifyApiKey": "$key",
  "remotes": {
    "preferences": $(remote SHELL_REMOTE_PREFERENCES),
    "partner": $(remote SHELL_REMOTE_PARTNER),
    "admin": $(remote SHELL_REMOTE_ADMIN)
  }
}
JSON

# From the pristine page each start, so a changed key replaces the old one. App Bridge must be the
# first script of the page; it reads the key from the meta tag and hands out session tokens.
# The page's own request for config.json becomes an answer written into the page: on a phone that is a
# whole round trip less before the session token and /api/shop can start. The JSON is safe inside a
# <script> and in single quotes (only checked URLs and the key above, no < or '); sed needs & | \ escaped.
# The same for first-view*.html, the pages of the paths whose first view they paint
# (frontends/shell/scripts/first-paint.tsx).
inline=$(tr -d '\n' < "$root/config.json" | sed 's/[&|\\]/\\&/g')
early="fetch('/config.json', { cache: 'no-store' })"
views=""
for file in "$root"/first-view*.html; do
  case "$file" in *.template.html) continue ;; esac
  [ -f "$file" ] && views="$views $(basename "$file" .html)"
done
for page in index $views; do
  [ -f "$root/$page.html" ] || [ -f "$root/$page.template.html" ] || continue
  [ -f "$root/$page.template.html" ] || cp "$root/$page.html" "$root/$page.template.html"
  sed -e "s|<head>|<head><meta name=\"shopify-api-key\" content=\"$key\" /><script src=\"https://cdn.shopify.com/shopifycloud/app-bridge.js\"></script>|" \
    -e "s|$early|Promise.resolve(new Response('$inline'))|" \
    "$root/$page.template.html" > "$root/$page.html"
  grep -q 'shopify-api-key' "$root/$page.html" || fail "$page.html hat kein <head>"
  grep -q "new Response('{" "$root/$page.html" || fail "$page.html fragt config.json nicht mehr selbst an (rsbuild.config.ts geändert?)"
done
echo "belegfluss: config.json und App Bridge geschrieben"
