import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { notificationSendsTable } from '@belegfluss/db/testing';

/**
 * A gateway stopped right after an install (a deploy, a scale-down) lets the work the install started in the
 * background finish first: the welcome mail goes out instead of being left claimed and never sent.
 */
let stack: Stack;
const shop = 'gateway-stop.myshopify.com';

beforeAll(async () => {
  stack = await startStack({ worker: false });
});
afterAll(() => stack?.stop());

describe('stopping the gateway', () => {
  it('sends the welcome mail of an install that came just before', async () => {
    const m = merchant(stack, shop);
    await m.createShop();
    await m.install();
    await stack.closeGateway();
    expect(await notificationSendsTable.list(stack.db, { shopId: shop })).toMatchObject([
      { kind: 'onboarding', occasion: 'install', status: 'sent', attempts: 1 },
    ]);
    const caught = (await (
      await fetch(`${stack.sandbox.urls.control}/control/mail?to=${encodeURIComponent('inhaber@gateway-stop.example')}`)
    ).json()) as { subject: string }[];
    expect(caught).toHaveLength(1);
  });
});
