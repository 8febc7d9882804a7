import { describe, expect, it } from 'vitest';
import { createBackground } from './background';

describe('background work', () => {
  it('is waited for when the gateway stops, and a failed task does not fail the wait', async () => {
    const background = createBackground();
    let release: () => void = () => undefined;
    let finished = false;
    background.run(() =>
      new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => {
        finished = true;
      }),
    );
    background.run(() => Promise.reject(new Error('the mail server said no')));
    const settled = background.settle(60_000).then(() => finished);
    await expect.poll(() => background.size).toBe(1);
    release();
    expect(await settled).toBe(true);
    expect(background.size).toBe(0);
  });

  it('stops waiting at its bound for a task that hangs', async () => {
    const background = createBackground();
    background.run(() => new Promise(() => undefined));
    await background.settle(50);
    expect(background.size).toBe(1);
  });
});
