/** The help pages. Keyed by path below /help; dotted ids map onto them (`setup.connect`). */
export interface HelpArticle {
  title: string;
  group: 'Einrichtung' | 'Shopify' | 'Steuern' | 'Rechtliches';
  sections: { heading?: string; paragraphs: string[] }[];
}

export const HELP_ARTICLES: Record<string, HelpArticle> = {
  'setup/connect': {
    title: 'Lexware Office verbinden',
    group: 'Einrichtung',
    sections: [
      {
        paragraphs: [
          'Auf der Übersicht startest du mit „Jetzt verbinden“ den Assistenten. Er führt dich in sieben Schritten durch die Einrichtung.',
          'Du bestätigst die Nutzungsbedingungen und den Haftungshinweis, meldest dich in einem eigenen Fenster bei Lexware Office an und erlaubst Belegfluss den Zugriff. Danach liest Belegfluss deine Bestellungen ein und verknüpft Belege, die es in Lexware Office schon gibt.',
        ],
      },
      {
        heading: 'Umsatzsteuer',
        paragraphs: [
          'Wähle, wie du versteuerst: als Kleinunternehmer (§ 19 UStG), nur mit deutscher Umsatzsteuer (0, 7 und 19 %) oder mit dem One-Stop-Shop (OSS). Für OSS brauchst du Lexware Office XL, für Rechnungen überhaupt mindestens Lexware Office L.',
          'Passt die Einstellung in Lexware Office nicht zu deiner Wahl, zeigt der Assistent „Konfiguration erforderlich“. Ändere sie in Lexware Office; der Assistent prüft sie alle 2,5 Sekunden erneut.',
        ],
      },
    ],
  },
  'setup/testing': {
    title: 'Die Einrichtung testen',
    group: 'Einrichtung',
    sections: [
      {
        paragraphs: [
          'Lege in Shopify eine Testbestellung an, zum Beispiel mit dem Zahlungsanbieter „Bogus Gateway“ im Testmodus. Je nach Einstellung entsteht die Rechnung bei Bestellung, Zahlung oder Versand.',
          'Unter „Bestellungen“ siehst du zu jeder Bestellung ihre Belege und das Protokoll. Dort steht auch, warum eine Bestellung übersprungen wurde, etwa weil sie aus dem Kassensystem stammt oder nichts kostet.',
          'Lösche Testbelege anschließend in Lexware Office, damit deine Nummernkreise sauber bleiben.',
        ],
      },
    ],
  },
  'setup/template': {
    title: 'Texte und Platzhalter',
    group: 'Einrichtung',
    sections: [
      {
        paragraphs: [
          'Titel, Einleitung und Bemerkung deiner Rechnungen und Gutschriften kannst du selbst formulieren. Platzhalter wie {ORDER.name} oder {ORDER.customer.email} werden beim Erstellen durch die Werte der Bestellung ersetzt.',
          'Lexware Office kürzt den Titel auf 25 Zeichen. Einleitung und Bemerkung dürfen bis zu 2000 Zeichen lang sein.',
        ],
      },
    ],
  },
  'shopify/plan': {
    title: 'Tarife und Übertragungen',
    group: 'Shopify',
    sections: [
      {
        paragraphs: [
          'Jeder Beleg, den Belegfluss in Lexware Office anlegt, verbraucht eine Übertragung. Das Kontingent deines Tarifs wird monatlich zurückgesetzt; neue Abonnements beginnen mit 7 Tagen Testphase.',
          'Mit der jährlichen Zahlung sparst du 16 %. Abgerechnet wird über deine Shopify-Rechnung.',
          'Sind deine Übertragungen fast verbraucht, weist Belegfluss dich darauf hin. Ohne freie Übertragungen entstehen keine neuen Belege, bis das Kontingent zurückgesetzt oder erweitert wird.',
        ],
      },
    ],
  },
  'shopify/metafields': {
    title: 'Metafelder',
    group: 'Shopify',
    sections: [
      {
        paragraphs: [
          'Belegfluss kann Metafelder aus Shopify in deine Belegtexte übernehmen und Daten der Belege zurück in Shopify schreiben, etwa die Rechnungsnummer oder den Link zum PDF.',
          'Du kannst bis zu 5 Metafelder lesen und 5 schreiben. Zum Schreiben braucht Belegfluss die Shopify-Berechtigung write_orders.',
        ],
      },
    ],
  },
  'shopify/webhooks': {
    title: 'Webhooks',
    group: 'Shopify',
    sections: [
      {
        paragraphs: [
          'Shopify meldet neue Bestellungen, Zahlungen, Versand und Erstattungen über Webhooks. Belegfluss verarbeitet jede Meldung genau einmal und schreibt das Ergebnis ins Protokoll.',
          'Eine Meldung kann übersprungen werden (zum Beispiel POS- oder Gratisbestellungen), nicht verarbeitbar sein (etwa ohne Adresse) oder fehlschlagen. Fehlgeschlagene Meldungen werden automatisch erneut versucht.',
        ],
      },
    ],
  },
  'taxes/business': {
    title: 'Geschäftskunden und USt-IdNr.',
    group: 'Steuern',
    sections: [
      {
        paragraphs: [
          'Liefert ein Shop steuerfrei an ein Unternehmen in einem anderen EU-Land, muss die USt-IdNr. des Kunden auf der Rechnung stehen. Belegfluss sucht sie in Bestellnotiz, Adressen, Tags und Firmenangaben.',
          'Fehlt sie, erstellt Belegfluss die Rechnung nicht und meldet „MISSING_VAT-ID“ im Protokoll.',
        ],
      },
    ],
  },
  imprint: {
    title: 'Impressum',
    group: 'Rechtliches',
    sections: [
      {
        paragraphs: ['Die Anbieterangaben nach § 5 DDG; die Seite liest sie aus der Konfiguration des Betreibers.'],
      },
    ],
  },
  'app/privacy': {
    title: 'Datenschutz',
    group: 'Rechtliches',
    sections: [
      {
        paragraphs: [
          'Belegfluss verarbeitet die Bestell- und Kundendaten deines Shops nur, um daraus Belege und Kontakte in Lexware Office anzulegen. Die Zugangsdaten zu Lexware Office werden verschlüsselt gespeichert.',
          'Das Protokoll wird je nach Tarif 7 bis 360 Tage aufbewahrt und danach gelöscht.',
        ],
      },
    ],
  },
  'app/terms': {
    title: 'Nutzungsbedingungen',
    group: 'Rechtliches',
    sections: [
      {
        paragraphs: [
          'Belegfluss erstellt Belege automatisch nach deinen Einstellungen. Für die steuerliche Richtigkeit deiner Belege bleibst du selbst verantwortlich; prüfe die Einrichtung mit einer Testbestellung.',
          'Abonnements laufen monatlich oder jährlich über Shopify und können jederzeit zum Ende des Zeitraums gewechselt werden.',
        ],
      },
    ],
  },
  'app/changelog': {
    title: 'Änderungen',
    group: 'Rechtliches',
    sections: [
      {
        heading: 'Aktuelle Version',
        paragraphs: [
          'Neuer Verbindungsassistent mit Steuereinrichtung, Bestellliste mit Belegen und Protokoll, Tarifvergleich mit Jahresabo und Coupons.',
        ],
      },
    ],
  },
};

/** `setup.connect` → `/help/setup/connect`. */
export function helpPath(id: string): string {
  return `/help/${id.split('.').join('/')}`;
}

/** The article for a path below /help; webhook topics share the webhooks page. */
export function articleFor(path: string): HelpArticle | undefined {
  const key = path.replace(/^\/+|\/+$/g, '');
  return HELP_ARTICLES[key] ?? (key.startsWith('shopify/webhooks/') ? HELP_ARTICLES['shopify/webhooks'] : undefined);
}
