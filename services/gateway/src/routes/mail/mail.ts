import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import {
  deleteShopSmtp,
  getShopSmtp,
  latestDocumentOfOrder,
  mailStore,
  saveShopSmtp,
  writeLog,
  type ShopSmtpRow,
  documentOfOrderByReceipt,
} from '@belegfluss/db';
import {
  checkSmtp,
  guardShopServer,
  MailError,
  OutboundRefused,
  parseOutboundPolicy,
  sendDocumentMail,
  shopServer,
  type MailDeps,
  type MailErrorCode,
} from '@belegfluss/mail';
import { MAIL_MESSAGES, storedSmtpPasswordApplies, type SmtpSettings, type SmtpSettingsView } from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { NotFound, NotFoundWith, BadGateway, BadRequestWith, Conflict, Invalid, type CodedError } from '../../errors';
import { body, validate } from '../../http';
import { requireInstalled } from '../../middleware/permissions';
import { sessionOf } from '../../middleware/session';
import { consume } from '../../rate-limit';
import { DocumentTypeParam, OrderIdParam } from '../documents/schema';
import { requireFeature } from '../../plan-gate';
import { SendDocumentMailSchema, SmtpSettingsSchema } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'mail.send': 'Send an invoice or credit note by e-mail; Idempotency-Key; 60 an hour per shop',
  'mail.smtp': "The shop's own SMTP sender",
  'mail.smtp.patch': 'Save the SMTP sender unchecked',
  'mail.smtp.delete': 'Forget the SMTP sender',
  'mail.smtp.validate': 'Check the SMTP sender with a real SMTP connection; 5 per shop in 10 min',
});

const view = (row: ShopSmtpRow | undefined): SmtpSettingsView | null =>
  row
    ? {
        host: row.host,
        port: row.port,
        encryption: row.encryption,
        user: row.user,
        email: row.email,
        name: row.name,
        hasPassword: Boolean(row.passEnc),
        status: row.status,
        error: row.error,
        checkedAt: row.checkedAt?.toISOString() ?? null,
      }
    : null;

const ANSWER: Record<MailErrorCode, CodedError> = {
  NOT_FOUND: NotFoundWith,
  NOT_CREATED: Conflict,
  NOT_MAILABLE: Conflict,
  DRAFT: Conflict,
  NOT_CONNECTED: Conflict,
  INVALID_RECIPIENT: BadRequestWith,
  PDF: BadGateway,
  SMTP: BadGateway,
};

/** A form without a password keeps the stored one only for the same server and login; else nothing is saved or tried. */
function requirePasswordForNewServer(stored: ShopSmtpRow | undefined, input: SmtpSettings): void {
  if (input.pass || !stored?.passEnc || storedSmtpPasswordApplies(stored, input)) return;
  throw Invalid(MAIL_MESSAGES.passwordAgain, 'pass');
}

/** The send dialog's call and the merchant's own SMTP sender. */
export function mailRoutes(gw: GatewayContext, api: Router): void {
  const deps: MailDeps = {
    store: mailStore(gw.db, gw.box),
    lexware: gw.settings.lexware,
    mail: gw.settings.mail,
    documentFiles: gw.settings.documentFiles,
  };

  /**
   * Sends one finalised document. One click is one intent: a repeat of the same request
   * (same Idempotency-Key) answers the first outcome instead of sending again.
   */
  api.post('mail.send', '/api/orders/:id/:type/email', requireFeature(gw, 'emails'), async (ctx) => {
    const { shop } = sessionOf(ctx);
    const orderId = validate(OrderIdParam, ctx.params.id);
    const type = validate(DocumentTypeParam, ctx.params.type);
    const input = await body(ctx, SendDocumentMailSchema);
    const doc = input.receipt
      ? await documentOfOrderByReceipt(gw.db, shop, orderId, type, input.receipt)
      : await latestDocumentOfOrder(gw.db, shop, orderId, type);
    if (!doc) throw NotFound('Beleg nicht gefunden');
    if (doc.status === 'draft') throw Conflict('DRAFT', MAIL_MESSAGES.draft);
    await consume(ctx, gw.limits.manualMail, shop);
    const key = ctx.get('Idempotency-Key').trim().slice(0, 100) || randomUUID();
    try {
      const result = await sendDocumentMail(deps, {
        shopId: shop,
        documentId: doc.id,
        intent: `manual:${key}`,
        manual: input,
      });
      if (result.outcome === 'in_progress') throw Conflict('IN_PROGRESS', 'Dieser Versand läuft bereits.');
      if (result.outcome === 'uncertain')
        throw BadGateway(
          'MAIL_UNCERTAIN',
          'Die Verbindung zum Mailserver brach ab. Ob die E-Mail angekommen ist, ist unklar; bitte prüfe das, bevor du sie erneut sendest.',
        );
      ctx.body = {
        success: true,
        message: MAIL_MESSAGES.sent,
        email: input.email,
        ...(result.outcome === 'sent'
          ? { emailedAt: result.emailedAt, skippedAttachments: result.skippedAttachments }
          : { repeated: true }),
      };
    } catch (error) {
      if (!(error instanceof MailError)) throw error;
      if (error.code === 'SMTP' || error.code === 'PDF') {
        await writeLog(gw.db, {
          shopId: shop,
          origin: 'mail',
          event: 'mail.failed',
          status: 'critical',
          orderId,
          ref: { [type]: input.receipt ?? null },
          body: { email: input.email, error: error.message, stack: error.stack },
        });
      }
      throw ANSWER[error.code](error.code, error.message, error.code === 'INVALID_RECIPIENT' ? 'email' : undefined);
    }
  });

  smtpRoutes(gw, api);
}

/** The merchant's own SMTP sender: read, saved, tried, or back to the app's default. */
function smtpRoutes(gw: GatewayContext, api: Router): void {
  const outbound = parseOutboundPolicy(gw.settings.mail.outboundTestHosts);

  api.get('mail.smtp', '/api/shop/smtp', async (ctx) => {
    ctx.body = { smtp: view(await getShopSmtp(gw.db, sessionOf(ctx).shop)) };
  });

  /** Saves the form without trying it: the sender stays unused (unchecked) until a check succeeds. */
  api.patch('mail.smtp.patch', '/api/shop/smtp', requireInstalled(gw), async (ctx) => {
    const { shop } = sessionOf(ctx);
    const input = await body(ctx, SmtpSettingsSchema);
    requirePasswordForNewServer(await getShopSmtp(gw.db, shop), input);
    const saved = await saveShopSmtp(gw.db, shop, {
      ...input,
      port: input.port ?? null,
      passEnc: input.pass ? gw.box.seal(input.pass) : undefined,
      status: 'unchecked',
      error: null,
    });
    ctx.body = { smtp: view(saved) };
  });

  /** Back to the app's default sender. */
  api.delete('mail.smtp.delete', '/api/shop/smtp', async (ctx) => {
    await deleteShopSmtp(gw.db, sessionOf(ctx).shop);
    ctx.status = 204;
  });

  /**
   * A real connection with the form's values (the stored password when none is given); the
   * values are saved with the outcome: connected (used from now on) or interrupted, with the error.
   */
  api.post('mail.smtp.validate', '/api/shop/smtp/validate', requireInstalled(gw), async (ctx) => {
    const { shop } = sessionOf(ctx);
    const input = await body(ctx, SmtpSettingsSchema);
    const stored = await getShopSmtp(gw.db, shop);
    requirePasswordForNewServer(stored, input);
    await consume(ctx, gw.limits.smtpCheck, shop);
    const pass = input.pass || (stored?.passEnc ? gw.box.open(stored.passEnc) : null);
    // The rules for user-given addresses come before any connection: nothing is tried, nothing saved.
    const server = await guardShopServer(shopServer({ ...input, pass }), outbound).catch((error: unknown) => {
      if (error instanceof OutboundRefused) throw Invalid(error.message, error.field);
      throw error;
    });
    const result = await checkSmtp(server);
    const saved = await saveShopSmtp(gw.db, shop, {
      ...input,
      port: input.port ?? null,
      passEnc: input.pass ? gw.box.seal(input.pass) : undefined,
      status: result.ok ? 'connected' : 'interrupted',
      error: result.ok ? null : result.message,
    });
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'mail',
      event: result.ok ? 'smtp.connected' : 'smtp.interrupted',
      status: result.ok ? 'success' : 'warning',
      body: { email: input.email, ...(result.ok ? {} : { error: result.message }) },
    });
    ctx.body = {
      status: saved.status,
      result: {
        ok: result.ok,
        message: result.ok ? MAIL_MESSAGES.smtpConnected : `${MAIL_MESSAGES.smtpFailed}: ${result.message}`,
      },
      smtp: view(saved),
    };
  });
}
