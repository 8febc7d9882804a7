#!/usr/bin/env bash
# Runs every benchmark, one at a time (they share the two cores), and prints their figures: the floor ratio, the
# scale-out with one and two workers, and the Web Vitals table among them.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_node_deps
ensure_temporal
ensure_postgres
# nginx balances the gateways of the scaled-out runs (scale-out, chaos).
ensure_nginx
node_modules/.bin/turbo run bench --concurrency=1 --output-logs=full

# The shell's first load (JS and CSS gzipped, time to the dashboard's first content) in headless Chromium.
ensure_chromium
node_modules/.bin/turbo run build --filter=@belegfluss/shell --filter=@belegfluss/preferences --filter=@belegfluss/partner --filter=@belegfluss/admin --output-logs=errors-only
node_modules/.bin/tsx e2e/bench/shell.ts

# Web Vitals (LCP, CLS, INP) of eight pages with Lighthouse, mobile and desktop, against the production build behind nginx.
node_modules/.bin/tsx e2e/bench/vitals.ts
