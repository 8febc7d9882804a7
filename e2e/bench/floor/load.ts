/**
 * The load of bench/floor.ts, in its own process: <address> <task queue> <workflows> <concurrency>. Starts each
 * floor workflow with a signal carrying an order of the size a webhook brings, as the gateway signals orders;
 * BENCH_FLOOR_PATCH=1 has each run pass one patch; BENCH_FLOOR_STATUS=1 starts each with the shop's and the order's
 * search attributes and has it upsert a status after its round; BENCH_FLOOR_STEPS (e.g. `local,normal,local`)
 * gives each round that many empty activities of those kinds.
 */
import { Client, Connection } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { OrderNameKey, ShopDomainKey } from '@belegfluss/orchestration/api';
import type { FloorStep } from './workflow';

const [address, taskQueue, count, concurrency] = process.argv.slice(2);
const client = new Client({ connection: await Connection.connect({ address: address! }) });
const order = {
  id: 0,
  name: '#F0',
  email: 'kundin@example.de',
  currency: 'EUR',
  financial_status: 'pending',
  line_items: Array.from({ length: 3 }, (_, i) => ({ id: i, title: `Artikel ${i}`, quantity: 1, price: '19.99' })),
  shipping_address: { first_name: 'Erika', last_name: 'Musterfrau', city: 'Berlin', zip: '10115', country_code: 'DE' },
};
const status = process.env.BENCH_FLOOR_STATUS === '1';
const steps = (process.env.BENCH_FLOOR_STEPS ?? 'local').split(',') as FloorStep[];
const attributes = (i: number) =>
  status
    ? {
        typedSearchAttributes: new TypedSearchAttributes([
          { key: ShopDomainKey, value: 'floor.myshopify.com' },
          { key: OrderNameKey, value: `#F${i}` },
        ]),
      }
    : {};
let next = 0;
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    for (let i = next++; i < Number(count); i = next++)
      await client.workflow.signalWithStart('floorWorkflow', {
        workflowId: `floor:${i}`,
        taskQueue: taskQueue!,
        args: [{ patch: process.env.BENCH_FLOOR_PATCH === '1', status, steps }],
        ...attributes(i),
        signal: 'floor',
        signalArgs: [{ topic: 'orders/create', webhookId: `w${i}`, order: { ...order, id: i, name: `#F${i}` } }],
      });
  }),
);
await client.connection.close();
