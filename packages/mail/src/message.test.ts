import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDIT_PREFERENCES, DEFAULT_INVOICE_PREFERENCES } from '@belegfluss/shared';
import { deliveryUnknown, describeSmtpError } from './errors';
import {
  buildDocumentMail,
  mailHtml,
  mailSkipReason,
  mailText,
  pdfFileName,
  renderMailTexts,
  sendMailSettingsOf,
} from './message';
import { parseSmtpUrl, shopServer } from './server';

const prefs = { invoice: DEFAULT_INVOICE_PREFERENCES, credit: DEFAULT_CREDIT_PREFERENCES };

describe('mail settings of a document kind', () => {
  it('reads the invoice block and the credit note flat fields into one shape', () => {
    const invoice = sendMailSettingsOf('invoice', {
      ...prefs,
      invoice: {
        ...prefs.invoice,
        invoiceSendMail: { ...prefs.invoice.invoiceSendMail, enabled: true, copy: 'buch@laden.de' },
      },
    });
    expect(invoice).toMatchObject({
      enabled: true,
      copy: 'buch@laden.de',
      to: '{ORDER.EMAIL}',
      subject: 'Deine Rechnung zur Bestellung {ORDER.NAME}',
    });
    const credit = sendMailSettingsOf('credit', {
      ...prefs,
      credit: {
        ...prefs.credit,
        creditSendMailEnabled: true,
        creditSendMailSkipSources: ['pos'],
        creditSendMailSignature: 'Dein Laden',
      },
    });
    expect(credit).toMatchObject({
      enabled: true,
      skipSources: ['pos'],
      signature: 'Dein Laden',
      subject: 'Deine Gutschrift zur Bestellung {ORDER.NAME}',
    });
  });

  it('is off while documents are not finalised automatically', () => {
    const invoice = {
      ...prefs.invoice,
      invoiceFinalize: false,
      invoiceSendMail: { ...prefs.invoice.invoiceSendMail, enabled: true },
    };
    expect(sendMailSettingsOf('invoice', { ...prefs, invoice }).enabled).toBe(false);
    expect(
      sendMailSettingsOf('credit', {
        ...prefs,
        credit: { ...prefs.credit, creditSendMailEnabled: true, creditFinalize: false },
      }).enabled,
    ).toBe(false);
  });

  it('skips orders by tag and by source', () => {
    expect(mailSkipReason({ skipTags: ['kein-mail'], skipSources: [] }, { tags: 'Vip, Kein-Mail' })).toBe('SKIP_TAG');
    expect(mailSkipReason({ skipTags: [], skipSources: ['pos'] }, { tags: '', source_name: 'pos' })).toBe(
      'SKIP_SOURCE',
    );
    expect(mailSkipReason({ skipTags: ['x'], skipSources: ['pos'] }, { tags: 'y', source_name: 'web' })).toBeNull();
  });
});

describe('the message', () => {
  const texts = renderMailTexts(
    {
      to: '{ORDER.EMAIL}',
      copy: '',
      replyTo: 'hallo@laden.de',
      sender: '',
      name: 'Laden',
      subject: 'Rechnung zu {ORDER.NAME}\r\nBcc: x@evil.de',
      message: 'Hallo {ORDER.CUSTOMER_NAME},\nanbei deine Rechnung (1 < 2 & mehr).',
      signature: '<p>Viele Grüße<br>Laden</p>',
    },
    { 'ORDER.EMAIL': 'erika@example.de', 'ORDER.NAME': '#1001', 'ORDER.CUSTOMER_NAME': 'Erika' },
  );

  it('fills placeholders and keeps the subject on one line', () => {
    expect(texts).toMatchObject({
      to: 'erika@example.de',
      subject: 'Rechnung zu #1001 Bcc: x@evil.de',
      message: 'Hallo Erika,\nanbei deine Rechnung (1 < 2 & mehr).',
    });
  });

  it('escapes plain text, keeps HTML, and has a text alternative', () => {
    const html = mailHtml(texts);
    expect(html).toContain('Hallo Erika,<br>\nanbei deine Rechnung (1 &lt; 2 &amp; mehr).');
    expect(html).toContain('<p>Viele Grüße<br>Laden</p>');
    expect(mailText(texts)).toBe('Hallo Erika,\nanbei deine Rechnung (1 < 2 & mehr).\n\n-- \nViele Grüße\nLaden');
  });

  it('puts placeholder values into HTML templates as text, and leaves plain text plain', () => {
    const forged = '<img src=x onerror=alert(1)> & Co';
    const vars = { 'ORDER.CUSTOMER_NAME': forged, 'ORDER.NOTE': 'Tom & Jerry' };
    const template = { to: '', copy: '', replyTo: '', sender: '', name: '', subject: '{ORDER.CUSTOMER_NAME}' };
    const html = renderMailTexts(
      { ...template, message: '<p>Hallo {ORDER.CUSTOMER_NAME},</p>', signature: '<b>{ORDER.NOTE}</b>' },
      vars,
    );
    expect(mailHtml(html)).toContain(
      '<div><p>Hallo &lt;img src=x onerror=alert(1)&gt; &amp; Co,</p></div>\n<br>\n<div><b>Tom &amp; Jerry</b></div>',
    );
    expect(mailHtml(html)).not.toContain('<img');
    expect(mailText(html)).toBe('Hallo <img src=x onerror=alert(1)> & Co,\n\n-- \nTom & Jerry');
    expect(html.subject).toBe(forged);

    // A value that looks like HTML does not make a plain template HTML.
    const plain = renderMailTexts({ ...template, message: 'Hallo {ORDER.CUSTOMER_NAME},\nDanke', signature: '' }, vars);
    expect(mailHtml(plain)).toContain('<div>Hallo &lt;img src=x onerror=alert(1)&gt; &amp; Co,<br>\nDanke</div>');
    expect(mailText(plain)).toBe(`Hallo ${forged},\nDanke`);
  });

  it('attaches the PDF first and sets sender, copy and reply address', () => {
    const pdf = {
      filename: pdfFileName('invoice', 'RE/0001'),
      content: Buffer.from('%PDF-1.4'),
      contentType: 'application/pdf',
    };
    const mail = buildDocumentMail({
      from: { name: 'Laden', address: 'belege@app.de' },
      texts: { ...texts, copy: 'buch@laden.de' },
      pdf,
      extra: [],
      messageId: '<1@app.de>',
    });
    expect(mail).toMatchObject({
      to: 'erika@example.de',
      bcc: 'buch@laden.de',
      replyTo: 'hallo@laden.de',
      messageId: '<1@app.de>',
      from: { name: 'Laden', address: 'belege@app.de' },
    });
    expect(mail.attachments).toEqual([
      { filename: 'RE_0001.pdf', content: pdf.content, contentType: 'application/pdf' },
    ]);
    expect(pdfFileName('credit', null)).toBe('Gutschrift.pdf');
  });
});

describe('servers and SMTP errors', () => {
  it('reads SMTP_URL and the sender form', () => {
    expect(parseSmtpUrl('smtps://u%40x:p%3Aw@mail.example.de')).toEqual({
      host: 'mail.example.de',
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: 'u@x', pass: 'p:w' },
    });
    expect(parseSmtpUrl('smtp://127.0.0.1:2525')).toMatchObject({ port: 2525, secure: false, auth: null });
    expect(shopServer({ host: 'mail.example.de', port: null, encryption: 'TLS', user: 'u', pass: 'p' })).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
    });
    expect(shopServer({ host: 'mail.example.de', port: null, encryption: 'SSL', user: '', pass: null })).toMatchObject({
      port: 465,
      secure: true,
      auth: null,
    });
  });

  it('words failures in German', () => {
    const at = { host: 'mail.example.de', port: 587 };
    expect(
      describeSmtpError(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535 }), at),
    ).toMatch(/Benutzername oder Passwort/);
    expect(
      describeSmtpError(
        Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'EDNS', syscall: 'getaddrinfo' }),
        at,
      ),
    ).toMatch(/nicht gefunden/);
    expect(
      describeSmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', syscall: 'connect' }), at),
    ).toMatch(/nicht erreichbar/);
    expect(
      describeSmtpError(Object.assign(new Error('ssl3_get_record:wrong version number'), { code: 'ESOCKET' }), at),
    ).toMatch(/Verschlüsselung passt nicht/);
  });

  it('tells a definite refusal from a send that may have gone out', () => {
    expect(deliveryUnknown(Object.assign(new Error('Message rejected'), { responseCode: 554, command: 'DATA' }))).toBe(
      false,
    );
    expect(
      deliveryUnknown(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', syscall: 'connect' })),
    ).toBe(false);
    expect(deliveryUnknown(Object.assign(new Error('Invalid login'), { code: 'EAUTH' }))).toBe(false);
    expect(deliveryUnknown(Object.assign(new Error('read ECONNRESET'), { code: 'ESOCKET', syscall: 'read' }))).toBe(
      true,
    );
    expect(deliveryUnknown(Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', command: 'CONN' }))).toBe(true);
  });
});
