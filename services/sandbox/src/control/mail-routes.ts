import Router from '@koa/router';
import { z } from 'zod';
import type { Sandbox } from '../sandbox.js';
import type { CaughtMail } from '../smtp/types.js';
import { body, ControlError } from './validate.js';

const summary = (m: CaughtMail) => ({ ...m, attachments: m.attachments.map(({ content: _content, ...a }) => a) });

/** Caught mail and the SMTP server's settings. */
export function mailRoutes(sb: Sandbox): Router {
  const router = new Router({ prefix: '/control/mail' });
  const find = (id: string | undefined) => {
    const m = sb.state.mail.find((x) => x.id === id);
    if (!m) throw new ControlError(404, 'E-Mail nicht gefunden');
    return m;
  };

  router.get('/', (ctx) => {
    const to = typeof ctx.query.to === 'string' ? ctx.query.to.toLowerCase() : undefined;
    ctx.body = sb.state.mail
      .filter((m) => !to || m.envelope.to.some((r) => r.toLowerCase() === to))
      .map(summary)
      .reverse();
  });

  router.delete('/', (ctx) => {
    sb.state.mail.length = 0;
    ctx.status = 204;
  });

  router.get('/settings', (ctx) => {
    ctx.body = { ...sb.mailSettings, ...sb.urls.smtp };
  });

  router.put('/settings', async (ctx) => {
    const input = await body(
      ctx,
      z
        .object({ auth: z.object({ user: z.string().min(1), pass: z.string() }).nullable(), requireTls: z.boolean() })
        .partial(),
    );
    Object.assign(sb.mailSettings, input);
    ctx.body = sb.mailSettings;
  });

  router.get('/cert', (ctx) => {
    ctx.type = 'application/x-pem-file';
    ctx.body = sb.smtpCert ?? '';
  });

  router.get('/:id', (ctx) => {
    ctx.body = find(ctx.params.id);
  });

  router.get('/:id/attachments/:index', (ctx) => {
    const a = find(ctx.params.id).attachments[Number(ctx.params.index)];
    if (!a) throw new ControlError(404, 'Anhang nicht gefunden');
    ctx.type = a.contentType;
    if (a.filename) ctx.set('Content-Disposition', `inline; filename="${a.filename}"`);
    ctx.body = Buffer.from(a.content, 'base64');
  });

  return router;
}
