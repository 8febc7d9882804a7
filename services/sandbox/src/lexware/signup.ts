import Router from '@koa/router';
import type { Context } from 'koa';
import { SignupEmail } from '@belegfluss/shared';
import { readForm } from '../http/body.js';
import { esc, hiddenFields, page } from '../http/html.js';
import type { SandboxState } from '../state.js';
import { createOrganization } from './organizations.js';

export interface LexwareSignupOptions {
  state: SandboxState;
  /** The partner ids Lexware knows: the OAuth clients. */
  clients: Record<string, string>;
}

interface SignupForm {
  email?: string;
  companyName?: string;
  userName?: string;
  partner?: string;
  returnTo?: string;
}

/** Lexware sends the merchant back only to a web address (the partner's own page). */
function returnUrl(value: string | undefined): URL | undefined {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function form(
  ctx: Context,
  f: SignupForm,
  errors: Partial<Record<'email' | 'companyName' | 'userName', string>> = {},
): void {
  const field = (name: 'email' | 'companyName' | 'userName', label: string, type: string, autocomplete: string) => `
<p><label>${label}<br><input name="${name}" type="${type}" autocomplete="${autocomplete}" value="${esc(f[name])}" style="width:100%;box-sizing:border-box"></label>
${errors[name] ? `<br><span role="alert" style="color:#8e1f0b">${esc(errors[name])}</span>` : ''}</p>`;
  ctx.type = 'html';
  ctx.body = page(
    'Lexware Office – Konto eröffnen',
    `<h1>Lexware Office (Sandbox): Konto eröffnen</h1>
<p>Eröffne dein Lexware-Office-Konto. Empfohlen von <strong>${esc(f.partner)}</strong>.</p>
<form method="post" action="/signup">
${hiddenFields({ partner: f.partner, returnTo: f.returnTo })}
${field('email', 'E-Mail-Adresse', 'email', 'email')}
${field('companyName', 'Firmenname', 'text', 'organization')}
${field('userName', 'Vor- und Nachname', 'text', 'name')}
<button type="submit">Konto eröffnen</button>
</form>`,
  );
}

function refuse(ctx: Context): void {
  ctx.status = 400;
  ctx.type = 'html';
  ctx.body = page(
    'Fehler',
    '<h1>Ungültige Anfrage</h1><p>Der Partner ist unbekannt oder die Rücksprungadresse fehlt.</p>',
  );
}

/**
 * Lexware's registration page, reached from a partner with the e-mail prefilled: it opens a new
 * organisation with one user and sends the merchant back to the partner, who then asks for consent.
 */
export function lexwareSignupRouter(o: LexwareSignupOptions): Router {
  const router = new Router();
  const known = (f: SignupForm) => Boolean(f.partner && f.partner in o.clients && returnUrl(f.returnTo));

  router.get('/signup', (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    if (!known(q)) return refuse(ctx);
    form(ctx, { email: q.email, partner: q.partner, returnTo: q.returnTo });
  });

  router.post('/signup', async (ctx) => {
    const f = (await readForm(ctx)) as SignupForm;
    if (!known(f)) return refuse(ctx);
    const email = SignupEmail.safeParse(f.email);
    const companyName = f.companyName?.trim() ?? '';
    const userName = f.userName?.trim() ?? '';
    if (!email.success || !companyName || !userName) {
      ctx.status = 400;
      return form(ctx, f, {
        email: email.error?.issues[0]?.message,
        companyName: companyName ? undefined : 'Bitte gib den Namen deiner Firma ein',
        userName: userName ? undefined : 'Bitte gib deinen Namen ein',
      });
    }
    const org = createOrganization(o.state, { companyName, userName, userEmail: email.data });
    const target = returnUrl(f.returnTo) as URL;
    target.searchParams.set('organizationId', org.id);
    ctx.redirect(target.toString());
  });

  return router;
}
