/** Default German texts of the documents. Placeholders as the templates define them. */
export const DEFAULT_TEXTS = {
  invoice: {
    title: 'Rechnung',
    introduction: 'Vielen Dank für deine Bestellung {ORDER.NAME}. Wir stellen dir folgende Leistungen in Rechnung.',
    remark: 'Vielen Dank für deinen Einkauf.',
    itemTitle: '{ORDER_ITEM.TITLE}',
    itemDetail: '{ORDER_ITEM.VARIANT_TITLE}',
    itemUnit: 'Stück',
    discountTitle: 'Rabatt',
    discountDetail: '{ORDER_DISCOUNT.TITLE}',
    discountUnit: 'Rabatt',
    shippingTitle: 'Versand',
    shippingDetail: '{ORDER_SHIPPING.TITLE}',
    shippingUnit: 'Versand',
    tipTitle: 'Trinkgeld',
    mailSubject: 'Deine Rechnung zur Bestellung {ORDER.NAME}',
    mailMessage:
      'Hallo {ORDER.CUSTOMER_NAME},\n\nvielen Dank für deine Bestellung {ORDER.NAME}. Im Anhang findest du deine Rechnung.\n\nViele Grüße',
  },
  credit: {
    title: 'Gutschrift',
    introduction: 'Für deine Bestellung {ORDER.NAME} schreiben wir dir folgende Positionen gut.',
    remark: 'Der Betrag wird über die ursprüngliche Zahlungsart erstattet.',
    itemTitle: '{ORDER_ITEM.TITLE}',
    itemDetail: '{ORDER_ITEM.VARIANT_TITLE}',
    itemUnit: 'Stück',
    shippingTitle: 'Versand',
    adjustmentTitle: 'Erstattung',
    mailSubject: 'Deine Gutschrift zur Bestellung {ORDER.NAME}',
    mailMessage:
      'Hallo {ORDER.CUSTOMER_NAME},\n\nfür deine Bestellung {ORDER.NAME} haben wir dir eine Gutschrift erstellt. Du findest sie im Anhang.\n\nViele Grüße',
  },
  roundingTitle: 'Rundungsdifferenz',
  collapsedTitle: 'Weitere Positionen',
} as const;

/** Legal notes printed in the remark when the tax regime needs one. */
export const LEGAL_NOTES = {
  smallBusiness: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  intraCommunitySupply: (vatId: string) =>
    `Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b UStG. USt-IdNr. des Leistungsempfängers: ${vatId}`,
  thirdCountryDelivery: 'Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1a UStG.',
  thirdCountryService: 'Nicht im Inland steuerbare Leistung.',
} as const;
