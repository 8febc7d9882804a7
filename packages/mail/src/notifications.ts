import type Mail from 'nodemailer/lib/mailer';
import type { NotificationKind } from './store';

/** What a notification mail says about the shop's situation; every field is optional but the shop's name. */
export interface NotificationFacts {
  shopName: string;
  remaining?: number;
  quota?: number;
  /** When the transfers are reset (the next billing period starts). */
  resetAt?: Date;
  /** vatIdUnconfirmed: the order, its buyer's USt-IdNr. and what became of it. */
  orderName?: string;
  vatId?: string;
  vatIdOutcome?: 'invalid' | 'withVat' | 'waiting';
}

export interface NotificationTexts {
  subject: string;
  message: string;
}

const day = (d: Date | undefined) =>
  d
    ? d.toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' })
    : 'Beginn des nächsten Abrechnungszeitraums';
const SIGNATURE = 'Viele Grüße\ndein Belegfluss-Team';

/** The German texts of each notification kind (toggles of the settings home). Pure. */
export function notificationTexts(kind: NotificationKind, f: NotificationFacts): NotificationTexts {
  switch (kind) {
    case 'creditsExhaustedSoon':
      return {
        subject: 'Deine Belegfluss-Transfers sind bald aufgebraucht',
        message:
          `Hallo,\n\nfür deinen Shop ${f.shopName} sind in diesem Abrechnungszeitraum nur noch ${f.remaining ?? 0} von ${f.quota ?? 0} Transfers übrig. ` +
          `Sind sie aufgebraucht, erstellt Belegfluss bis zum ${day(f.resetAt)} keine Rechnungen und Gutschriften mehr.\n\n` +
          'Unter „Abonnement“ in der App kannst du jederzeit einen Tarif mit mehr Transfers wählen.',
      };
    case 'creditsExhaustedNow':
      return {
        subject: 'Deine Belegfluss-Transfers sind aufgebraucht',
        message:
          `Hallo,\n\nfür deinen Shop ${f.shopName} sind alle ${f.quota ?? 0} Transfers dieses Abrechnungszeitraums aufgebraucht. ` +
          `Neue Rechnungen und Gutschriften werden bis zum ${day(f.resetAt)} nicht erstellt.\n\n` +
          'Wähle unter „Abonnement“ in der App einen Tarif mit mehr Transfers; danach kannst du die ausgelassenen Bestellungen in der Bestellübersicht erneut übertragen.',
      };
    case 'connectionMissing':
      return {
        subject: 'Die Verbindung zu Lexware Office ist unterbrochen',
        message:
          `Hallo,\n\nBelegfluss kann für deinen Shop ${f.shopName} nicht mehr auf Lexware Office zugreifen: Die Verbindung wurde getrennt oder der Zugriff widerrufen. ` +
          'Bis du sie wiederherstellst, werden keine Belege erstellt.\n\n' +
          'Öffne die App und verbinde Lexware Office unter „Einstellungen“ erneut.',
      };
    case 'vatIdUnconfirmed': {
      const order = f.orderName ?? 'eine Bestellung';
      const id = f.vatId ?? 'die USt-IdNr.';
      const what =
        f.vatIdOutcome === 'invalid'
          ? `Laut VIES ist die USt-IdNr. ${id} ungültig. Die Rechnung zu ${order} wurde deshalb nicht steuerfrei, sondern mit 19 % Umsatzsteuer erstellt.`
          : f.vatIdOutcome === 'withVat'
            ? `VIES hat die USt-IdNr. ${id} innerhalb deiner Wartezeit nicht bestätigen können (Dienst nicht erreichbar). Wie in den Kontakt-Einstellungen gewählt, wurde die Rechnung zu ${order} mit 19 % Umsatzsteuer erstellt.`
            : `VIES hat die USt-IdNr. ${id} innerhalb deiner Wartezeit nicht bestätigen können (Dienst nicht erreichbar). Die Rechnung zu ${order} wartet weiter; Belegfluss fragt regelmäßig erneut.`;
      return {
        subject: `USt-IdNr. ${id} nicht bestätigt (${order})`,
        message:
          `Hallo,\n\nin deinem Shop ${f.shopName}: ${what}\n\n` +
          'Eine steuerfreie innergemeinschaftliche Lieferung setzt eine gültige, geprüfte USt-IdNr. des Käufers voraus (§ 18e UStG). ' +
          'Die Prüfung steht im Protokoll der Bestellung; Wartezeit und Vorgehen stellst du unter „Einstellungen → Kontakte“ ein.',
      };
    }
    case 'onboarding':
      return {
        subject: 'Willkommen bei Belegfluss – deine ersten Schritte',
        message:
          `Hallo,\n\nschön, dass du Belegfluss in deinem Shop ${f.shopName} installiert hast. So geht es weiter:\n\n` +
          '1. Verbinde Lexware Office im Einrichtungsassistenten der App.\n' +
          '2. Wähle deine Umsatzsteuer-Regelung und wann Rechnungen erstellt werden sollen.\n' +
          '3. Prüfe die Einstellungen für Rechnungen, Gutschriften und den E-Mail-Versand.\n\n' +
          'Danach werden aus neuen Bestellungen automatisch Rechnungen, aus Erstattungen Gutschriften.',
      };
  }
}

/**
 * The message as nodemailer sends it, from the app's default sender. Plain text only: our texts
 * carry the shop's name, which must not be read as HTML. Pure.
 */
export function buildNotificationMail(m: {
  from: string;
  to: string;
  kind: NotificationKind;
  facts: NotificationFacts;
  messageId: string;
}): Mail.Options {
  const t = notificationTexts(m.kind, m.facts);
  return { from: m.from, to: m.to, subject: t.subject, text: `${t.message}\n\n${SIGNATURE}`, messageId: m.messageId };
}
