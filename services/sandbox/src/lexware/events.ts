import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { CallbackSender } from '../http/callbacks.js';
import type { SandboxState } from '../state.js';
import { lexwareTime } from '../time.js';
import { signBody } from './signing.js';
import type { Organization } from './types.js';

export const EVENT_TYPES = [
  'contact.created',
  'contact.changed',
  'contact.deleted',
  'invoice.created',
  'invoice.changed',
  'invoice.deleted',
  'invoice.status.changed',
  'credit-note.created',
  'credit-note.changed',
  'credit-note.deleted',
  'credit-note.status.changed',
  'payment.changed',
  'token.revoked',
] as const;

/** Statuses Lexware retries; 410 drops the subscription at once, 404 after the retries. */
const RETRIED = (status: number | null) =>
  status === null || status === 401 || status === 403 || status === 429 || status === 404 || status >= 500;

type EventDelivery = SandboxState['lexware']['eventDeliveries'][number];

/**
 * Sends event callbacks the way Lexware does: {organizationId, eventType, resourceId, eventDate},
 * signed with RSA-SHA512, waited on for 5 s, and retried on the documented statuses.
 */
export class LexwareEvents {
  private sender: CallbackSender;

  constructor(
    private state: SandboxState,
    private privateKey: string,
    retryDelaysMs: number[],
    log: Logger,
  ) {
    // 410 is not retried (RETRIED is false for it) and ends below like any other final status.
    this.sender = new CallbackSender({ retryDelaysMs, timeoutMs: 5000, retried: RETRIED, log });
  }

  publish(org: Organization, eventType: string, resourceId: string): void {
    for (const sub of Object.values(org.subscriptions).filter((s) => s.eventType === eventType)) {
      const body = JSON.stringify({ organizationId: org.id, eventType, resourceId, eventDate: lexwareTime() });
      const delivery: EventDelivery = {
        id: randomUUID(),
        url: sub.callbackUrl,
        body,
        signature: signBody(body, this.privateKey),
        attempts: [],
        status: 'pending',
      };
      this.state.lexware.eventDeliveries.push(delivery);
      void this.sender.send(
        delivery,
        () => ({ 'X-Lxo-Signature': delivery.signature, 'User-Agent': 'lexoffice-webhooks' }),
        (status) => {
          if (status === 410 || status === 404) delete org.subscriptions[sub.subscriptionId];
        },
      );
    }
  }

  settled(): Promise<void> {
    return this.sender.settled();
  }

  stop(): void {
    this.sender.stop();
  }
}
