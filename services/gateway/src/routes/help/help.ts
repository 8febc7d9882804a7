import type Router from '@koa/router';
import { getShop, recordHelpRequest, settleHelpRequest, writeLog } from '@belegfluss/db';
import { createMailTransport, describeSmtpError, parseSmtpUrl } from '@belegfluss/mail';
import type { GatewayContext } from '../../context';
import { DEFAULT_SUPPORT_EMAIL } from '../../config';
import { body } from '../../http';
import { requireInstalled } from '../../middleware/permissions';
import { sessionOf } from '../../middleware/session';
import { consume } from '../../rate-limit';
import { ContactBody } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'help.contact': '{subject, message}: stored and mailed to support; 5 per shop an hour',
});

export const HELP_MESSAGES = {
  sent: 'Deine Anfrage ist bei uns angekommen. Wir antworten dir per E-Mail.',
  stored: 'Deine Anfrage ist gespeichert und der Support sieht sie; die E-Mail an ihn ging gerade nicht hinaus.',
} as const;

/**
 * The help contact form: the request is stored (support reads it in the admin area, and it is not
 * pruned with the log), then mailed to SUPPORT_EMAIL through the default sender, with the shop's
 * address as Reply-To so support can answer by e-mail as the page promises.
 */
export function helpRoutes(gw: GatewayContext, api: Router): void {
  api.post('help.contact', '/api/help/contact', requireInstalled(gw), async (ctx) => {
    const { shop, userId } = sessionOf(ctx);
    const input = await body(ctx, ContactBody);
    await consume(ctx, gw.limits.helpContact, shop);
    const row = await getShop(gw.db, shop);
    const request = await recordHelpRequest(gw.db, {
      shopId: shop,
      userId,
      subject: input.subject,
      message: input.message,
      replyTo: row?.email ?? null,
    });
    const server = parseSmtpUrl(gw.settings.mail.smtpUrl);
    const transport = createMailTransport(server, 20_000);
    let error: string | undefined;
    try {
      await transport.sendMail({
        from: gw.settings.mail.from,
        to: gw.options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
        ...(request.replyTo ? { replyTo: request.replyTo } : {}),
        subject: `Supportanfrage von ${shop}: ${input.subject}`,
        text: `${input.message}\n\n—\nShop: ${shop}${row?.name ? ` (${row.name})` : ''}\nTarif: ${row?.planId ?? 'unbekannt'}\nAntwort an: ${request.replyTo ?? 'keine E-Mail-Adresse hinterlegt'}\nAnfrage Nr. ${request.id}`,
      });
    } catch (caught) {
      error = describeSmtpError(caught, server);
      gw.log.warn({ shop, err: caught }, 'help contact mail failed');
    } finally {
      transport.close();
    }
    await settleHelpRequest(gw.db, request.id, error ? { status: 'failed', error } : { status: 'sent' });
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'shop',
      event: 'help.contact',
      status: error ? 'warning' : 'info',
      body: { subject: input.subject, request: request.id, userId },
    });
    ctx.status = error ? 202 : 201;
    ctx.body = {
      received: true,
      mailed: !error,
      id: request.id,
      message: error ? HELP_MESSAGES.stored : HELP_MESSAGES.sent,
    };
  });
}
