import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SandboxState } from '../state.js';
import { lexwareTime } from '../time.js';
import { signBody } from './signing.js';
import type { Organization } from './types.js';

export const EVENT_TYPES = [
  'contact.created', 'contact.changed', 'contact.deleted',
  'invoice.created', 'invoice.changed', 'invoice.deleted', 'invoice.status.changed',
  'credit-note.created', 'credit-note.changed', 'credit-note.deleted', 'credit-note.status.changed',
  'payment.changed', 'token.revoked',
] as const;

/** Statuses Lexware retries; 410 drops the subscription at once, 404 after the retries. */
const RETRIED = (status: number | null) => status === null || status === 401 || status === 403 || status === 429 || status === 404 || status >= 500;

type EventDelivery = SandboxState['lexware']['eventDeliveries'][number];

/**
 * Sends event callbacks the way Lexware does: {organizationId, eventType, resourceId, eventDate},
 * signed with RSA-SHA512, waited on for 5 s, and retried on the documented statuses.
 */
export class LexwareEvents {
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private state: SandboxState,
    private privateKey: string,
    private retryDelaysMs: number[],
    private log: Logger,
  ) {}

  publish(org: Organization, eventType: string, resourceId: string): void {
    for (const sub of Object.values(org.subscriptions).filter((s) => s.eventType === eventType)) {
      const body = JSON.stringify({ organizationId: org.id, eventType, resourceId, eventDate: lexwareTime() });
      const delivery: EventDelivery = { id: randomUUID(), url: sub.callbackUrl, body, signature: signBody(body, this.privateKey), attempts: [], status: 'pending' };
      this.state.lexware.eventDeliveries.push(delivery);
      this.track(this.attempt(org, sub.subscriptionId, delivery));
    }
  }

  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async attempt(org: Organization, subscriptionId: string, d: EventDelivery): Promise<void> {
    if (this.stopped) return;
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        body: d.body,
        signal: AbortSignal.timeout(5000),
        headers: { 'Content-Type': 'application/json', 'X-Lxo-Signature': d.signature, 'User-Agent': 'lexoffice-webhooks' },
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    d.attempts.push({ at: new Date().toISOString(), status, error });
    if (status !== null && status >= 200 && status < 300) {
      d.status = 'delivered';
      return;
    }
    if (status === 410) {
      delete org.subscriptions[subscriptionId];
      d.status = 'failed';
      return;
    }
    const delay = this.retryDelaysMs[d.attempts.length - 1];
    if (!RETRIED(status) || delay === undefined || this.stopped) {
      if (status === 404) delete org.subscriptions[subscriptionId];
      d.status = 'failed';
      this.log.warn({ url: d.url, status, error }, 'lexware event delivery failed');
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(org, subscriptionId, d));
    }, delay);
    this.timers.add(timer);
  }
}
