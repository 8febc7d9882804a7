import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness';
import { createApp } from './app';
import { routeList, routeTable } from './route-list';

const README = new URL('../../../README.md', import.meta.url);
const HEADING = '## Routes of the gateway';

/** The README's table: the lines starting with `|` in the section, up to the first line that is not one. */
function readmeTable(readme: string): string {
  const section = readme.split('\n').slice(readme.split('\n').indexOf(HEADING) + 1);
  const start = section.findIndex((line) => line.startsWith('|'));
  if (start < 0) return '';
  const end = section.findIndex((line, i) => i > start && !line.startsWith('|'));
  return section.slice(start, end < 0 ? undefined : end).join('\n');
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

describe('the route list', () => {
  it('reads every router the app mounts, nested ones with their prefix, once per method', () => {
    const rows = routeList(createApp(h.gateway.gw));
    const find = (method: string, path: string) => rows.filter(([m, p]) => m === method && p === path);
    expect(find('GET', '/healthz')).toHaveLength(1);
    expect(find('POST', '/webhooks/shopify')).toHaveLength(1);
    expect(find('GET', '/api/admin/shops/:shop/workflows')).toHaveLength(1);
    expect(find('PATCH', '/api/partner/preferences')).toHaveLength(1);
    // @koa/router answers HEAD for every GET by itself; only a route of its own is listed.
    expect(find('HEAD', '/api/shop')).toHaveLength(0);
    expect(find('HEAD', '/webhooks/lexoffice')).toHaveLength(1);
    expect(new Set(rows.map(([m, p]) => `${m} ${p}`)).size).toBe(rows.length);
    expect(rows.filter((row) => !row[2]).map(([m, p]) => `${m} ${p}`)).toEqual([]);
  });

  it("matches the README's table", async () => {
    const table = routeTable(routeList(createApp(h.gateway.gw)));
    console.log(table);
    const readme = await readFile(README, 'utf8');
    expect(
      readmeTable(readme),
      `The README's "${HEADING}" differs from the routers: run \`npm run routes -w @belegfluss/gateway\` ` +
        'and paste its table into that section.',
    ).toBe(table);
  });
});
