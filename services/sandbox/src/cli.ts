#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { DEV_PORTS } from '@belegfluss/shared/config';

/** A thin client of the control API, so people and scripts can drive the sandbox from a shell. */
const USAGE = `Benutzung: npm run cli -w @belegfluss/sandbox -- <Befehl> [Optionen]

  shop create --shop demo-shop [--plan basic|shopify_plus…]
  shop list
  order create --shop demo-shop [--scenario de_b2c] [--paid] [--count 1] [--date 2025-01-31T10:00:00+01:00]
  order list --shop demo-shop
  order pay|fulfil|cancel --shop demo-shop --id 5600…
  order refund --shop demo-shop --id 5600… [--mode full|items|amount] [--amount 10]
  webhooks --shop demo-shop
  webhook send --shop demo-shop --topic customers/redact
  install-link --shop demo-shop
  session-token --shop demo-shop
  invoice list | invoice pay --id <lexware-invoice-id> [--amount 10]
  mail list
  knobs [--set lexware.rate429=0.2 --set shopify.outOfOrder=true]
  scenarios

  --url  Adresse der Steuer-API (Standard: SANDBOX_URL oder http://127.0.0.1:${DEV_PORTS.sandboxControl})`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    shop: { type: 'string' },
    plan: { type: 'string' },
    scenario: { type: 'string' },
    paid: { type: 'boolean' },
    count: { type: 'string' },
    date: { type: 'string' },
    id: { type: 'string' },
    mode: { type: 'string' },
    amount: { type: 'string' },
    topic: { type: 'string' },
    set: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  },
});

const base = values.url ?? process.env.SANDBOX_URL ?? `http://127.0.0.1:${DEV_PORTS.sandboxControl}`;

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(parsed)}`);
  return parsed;
}

function need(name: 'shop' | 'id' | 'topic'): string {
  const v = values[name];
  if (!v) throw new Error(`--${name} fehlt`);
  return v;
}

/** "lexware.rate429=0.2" → {lexware: {rate429: 0.2}}; values are parsed as JSON when they can be. */
function knobPatch(sets: string[]): Record<string, Record<string, unknown>> {
  const patch: Record<string, Record<string, unknown>> = {};
  for (const s of sets) {
    const [key = '', raw = ''] = s.split('=');
    const [group = '', name = ''] = key.split('.');
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // a bare string stays a string
    }
    (patch[group] ??= {})[name] = value;
  }
  return patch;
}

async function run(): Promise<unknown> {
  const [cmd, sub] = positionals;
  const shop = () => encodeURIComponent(need('shop'));
  switch (`${cmd ?? ''} ${sub ?? ''}`.trim()) {
    case 'shop create':
      return call('POST', '/control/shops', { shop: need('shop'), plan: values.plan });
    case 'shop list':
      return call('GET', '/control/shops');
    case 'order create':
      return call('POST', `/control/shops/${shop()}/orders`, {
        scenario: values.scenario,
        paid: values.paid,
        count: values.count ? Number(values.count) : undefined,
        createdAt: values.date,
      });
    case 'order list':
      return call('GET', `/control/shops/${shop()}/orders`);
    case 'order pay':
      return call('POST', `/control/shops/${shop()}/orders/${need('id')}/pay`, {});
    case 'order fulfil':
      return call('POST', `/control/shops/${shop()}/orders/${need('id')}/fulfil`, {});
    case 'order cancel':
      return call('POST', `/control/shops/${shop()}/orders/${need('id')}/cancel`, {});
    case 'order refund':
      return call('POST', `/control/shops/${shop()}/orders/${need('id')}/refund`, {
        mode: values.mode ?? 'full',
        amount: values.amount ? Number(values.amount) : undefined,
      });
    case 'webhooks':
      return call('GET', `/control/shops/${shop()}/webhooks`);
    case 'webhook send':
      return call('POST', `/control/shops/${shop()}/webhooks`, { topic: need('topic') });
    case 'install-link':
      return call('GET', `/control/install-link?shop=${shop()}`);
    case 'session-token':
      return call('GET', `/control/session-token?shop=${shop()}`);
    case 'invoice list':
      return call('GET', '/control/lexware/invoices');
    case 'invoice pay':
      return call(
        'POST',
        `/control/lexware/invoices/${need('id')}/pay`,
        values.amount ? { amount: Number(values.amount) } : {},
      );
    case 'mail list':
      return call('GET', '/control/mail');
    case 'knobs':
      return values.set?.length ? call('PUT', '/control/knobs', knobPatch(values.set)) : call('GET', '/control/knobs');
    case 'scenarios':
      return call('GET', '/control/scenarios');
    default:
      return undefined;
  }
}

if (values.help || positionals.length === 0) {
  console.log(USAGE);
} else {
  try {
    const result = await run();
    if (result === undefined) {
      console.error(`Unbekannter Befehl: ${positionals.join(' ')}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.log(JSON.stringify(result, null, 2));
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
