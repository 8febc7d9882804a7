#!/usr/bin/env bash
# Runs every benchmark, one at a time (they share the two cores), and prints their figures: the floor ratio, the
# scale-out with one and two workers, and the Web Vitals table among them.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
# BENCH_QUICK=1: every bench at a size that lets the whole run end in about half an hour on two cores (the full
# sizes take hours: 20,000 paid orders of the floor ratio alone, each invoiced, run about an hour). A size set
# explicitly still wins.
if [ "${BENCH_QUICK:-0}" = "1" ]; then
  : "${BENCH_RATIO_SIZES:=5000}"
  : "${BENCH_SHOPS:=5}" "${BENCH_ORDERS_PER_SHOP:=50}" "${BENCH_SCALE_SHOPS:=20}" "${BENCH_SCALE_ORDERS:=25}"
  : "${BENCH_CHAOS_ORDERS:=100}" "${BENCH_HISTORICAL_ORDERS:=300}" "${BENCH_HISTORICAL_DAYS:=5}"
  : "${BENCH_SHELL_RUNS:=3}" "${BENCH_VITALS_RUNS:=1}"
  export BENCH_RATIO_SIZES BENCH_SHOPS BENCH_ORDERS_PER_SHOP \
    BENCH_SCALE_SHOPS BENCH_SCALE_ORDERS BENCH_CHAOS_ORDERS BENCH_HISTORICAL_ORDERS BENCH_HISTORICAL_DAYS \
    BENCH_SHELL_RUNS BENCH_VITALS_RUNS
fi
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
