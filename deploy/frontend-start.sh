#!/bin/sh
# The front end image's start (deploy/frontend.Dockerfile), doing what the official nginx image's entrypoint did:
# the server block from its template with ${GATEWAY_URL} filled in (Debian's nginx.conf reads conf.d/*.conf and
# loads the brotli module from modules-enabled), then the scripts that render config.json and App Bridge, then
# nginx in the foreground.
set -eu
: "${GATEWAY_URL:?GATEWAY_URL fehlt (Adresse des Gateways, z. B. http://gateway:8080)}"
printf '%s' "$GATEWAY_URL" | grep -Eq '^https?://[A-Za-z0-9._:-]+/?$' || { echo "belegfluss: ungültige GATEWAY_URL: $GATEWAY_URL" >&2; exit 1; }
sed "s|\${GATEWAY_URL}|$GATEWAY_URL|g" /etc/nginx/templates/default.conf.template > /etc/nginx/conf.d/default.conf
for script in /docker-entrypoint.d/*.sh; do
  [ -x "$script" ] && "$script"
done
exec nginx -g 'daemon off;'
