import { describe, expect, it } from 'vitest';
import { buildNotificationMail, notificationTexts } from './notifications';

const facts = { shopName: 'Mein Laden', remaining: 1, quota: 10, resetAt: new Date('2026-12-22T03:00:00Z') };

describe('notification texts', () => {
  it('each kind has its own German subject', () => {
    const kinds = ['creditsExhaustedSoon', 'creditsExhaustedNow', 'connectionMissing', 'onboarding'] as const;
    const subjects = kinds.map((k) => notificationTexts(k, facts).subject);
    expect(new Set(subjects).size).toBe(4);
    expect(subjects).toEqual([
      'Deine Belegfluss-Transfers sind bald aufgebraucht',
      'Deine Belegfluss-Transfers sind aufgebraucht',
      'Die Verbindung zu Lexware Office ist unterbrochen',
      'Willkommen bei Belegfluss – deine ersten Schritte',
    ]);
  });

  it('the transfer mails name what is left, the quota and the reset day', () => {
    expect(notificationTexts('creditsExhaustedSoon', facts).message).toContain('nur noch 1 von 10 Transfers übrig');
    expect(notificationTexts('creditsExhaustedSoon', facts).message).toContain('bis zum 22.12.2026');
    expect(notificationTexts('creditsExhaustedNow', facts).message).toContain(
      'alle 10 Transfers dieses Abrechnungszeitraums aufgebraucht',
    );
    expect(notificationTexts('creditsExhaustedNow', { shopName: 'X', quota: 10 }).message).toContain(
      'bis zum Beginn des nächsten Abrechnungszeitraums',
    );
  });

  it('the onboarding mail lists the first steps', () => {
    const { message } = notificationTexts('onboarding', facts);
    expect(message).toContain('1. Verbinde Lexware Office');
    expect(message).toContain('Mein Laden');
  });
});

describe('buildNotificationMail', () => {
  it('comes from the default sender, as plain text that keeps the shop name as it is', () => {
    const mail = buildNotificationMail({
      from: 'Belegfluss <belege@belegfluss.local>',
      to: 'inhaber@laden.de',
      kind: 'connectionMissing',
      facts: { shopName: 'A & B <Shop>' },
      messageId: '<n@belegfluss.local>',
    });
    expect(mail).toMatchObject({
      from: 'Belegfluss <belege@belegfluss.local>',
      to: 'inhaber@laden.de',
      subject: 'Die Verbindung zu Lexware Office ist unterbrochen',
      messageId: '<n@belegfluss.local>',
    });
    expect(mail.text).toContain('A & B <Shop>');
    expect(mail.text).toContain('dein Belegfluss-Team');
    expect(mail.html).toBeUndefined();
  });
});
