import { createHmac, randomBytes, randomUUID } from 'node:crypto';

export interface PayPalWebhookOptions {
  appUrl: string;
  webhookId: string;
  /** The stand-in's own base URL, known only once its port listens. */
  origin: () => string;
  log?: (msg: string) => void;
}

export const randomId = (n = 13) =>
  randomBytes(16)
    .toString('base64')
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, n);

/**
 * PayPal's webhook deliveries to `{APP_URL}/webhooks/paypal` with its transmission headers, and the check
 * behind `POST /v1/notifications/verify-webhook-signature`: only a transmission this stand-in sent, unchanged,
 * to the app's webhook id verifies.
 */
export class PayPalWebhooks {
  private readonly signingKey = randomBytes(32);
  private readonly transmissions = new Map<string, { sig: string; body: string }>();

  constructor(private readonly opts: PayPalWebhookOptions) {}

  /** PayPal signs the CRC32 of the body with its certificate; an HMAC over the same parts is as hard to forge here. */
  private sign(id: string, time: string, body: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${id}|${time}|${this.opts.webhookId}|${body}`)
      .digest('base64');
  }

  /** Sends one event, retried a few times as PayPal does. */
  async send(eventType: string, resourceType: string, summary: string, resource: unknown): Promise<void> {
    const event = {
      id: `WH-${randomId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      event_type: eventType,
      summary,
      resource,
      links: [],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const sig = this.sign(transmissionId, time, body);
    this.transmissions.set(transmissionId, { sig, body });
    const headers = {
      'Content-Type': 'application/json',
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      'PAYPAL-CERT-URL': `${this.opts.origin()}/v1/notifications/certs/CERT-360caa42-fca2a594-sandbox`,
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-SIG': sig,
      'PAYPAL-TRANSMISSION-TIME': time,
    };
    // PayPal redelivers a webhook the app did not answer with 2xx many times over three days; the stand-in
    // keeps at it for a few minutes, so an app restarting (or its database) meanwhile still hears of it.
    for (const delay of [0, 1000, 5000, 15_000, 30_000, 60_000, 120_000]) {
      await new Promise((r) => setTimeout(r, delay).unref());
      const res = await fetch(`${this.opts.appUrl}/webhooks/paypal`, { method: 'POST', headers, body }).catch(
        () => undefined,
      );
      if (res?.ok) return;
    }
    this.opts.log?.(`PayPal webhook ${eventType} nicht zugestellt`);
  }

  /** How many checks apps asked for: each costs the app a call to PayPal, which a test may want to see spared. */
  verifications = 0;

  verify(req: Record<string, unknown>): 'SUCCESS' | 'FAILURE' {
    this.verifications++;
    const sent = this.transmissions.get(String(req.transmission_id));
    const ok =
      sent !== undefined &&
      req.webhook_id === this.opts.webhookId &&
      sent.sig === req.transmission_sig &&
      this.sign(String(req.transmission_id), String(req.transmission_time), sent.body) === sent.sig &&
      JSON.stringify(req.webhook_event) === sent.body;
    return ok ? 'SUCCESS' : 'FAILURE';
  }
}
