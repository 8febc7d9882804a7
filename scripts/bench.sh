#!/usr/bin/env bash
# Runs every benchmark, one at a time (they share the two cores), and prints their figures.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_node_deps
ensure_temporal
ensure_postgres
node_modules/.bin/turbo run bench --concurrency=1 --output-logs=full
