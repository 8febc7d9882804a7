/**
 * How many webhook bodies are held at once, from their first byte read until their inbox commit. Past the
 * bound a request is answered before its body is read, and the connection closed so the body is never read:
 * Shopify retries it later, as it does any 5xx.
 */
export function createWebhookBodies(max: number) {
  let held = 0;
  return {
    max,
    held: () => held,
    take(): boolean {
      if (held >= max) return false;
      held += 1;
      return true;
    },
    release(): void {
      held -= 1;
    },
  };
}
export type WebhookBodies = ReturnType<typeof createWebhookBodies>;
