import { DEFAULT_TEXTS } from './texts';
import type { VatIdPlace } from './vat-id-places';

/**
 * What a shop gets for each preference it never set: the one place these values live. The schemas next to this
 * file take their `.default()`s from here, and preferences.test.ts checks that parsing `{}` gives exactly these.
 *
 * Plain data without zod, because the order workflow needs them: it evaluates its modules anew in every workflow,
 * and building the preference schemas (and parsing `{}` with them) cost each order workflow about 20 ms of CPU.
 */

// The values as the schemas' `.default()`s take them (typed by their literals, so the schemas' types do not depend on
// their own output); everything else reads the DEFAULT_* objects of typed-defaults.ts, typed by the schemas.
const orderHandling = {
  fixTaxTip: true,
  fixTaxShipping: false,
  posName: 'pos',
  skipPos: true,
  skipFree: true,
  syncOrderPayment: false,
  deliveryNoteCreate: false,
};

const contact = {
  vatIdPlaces: ['order-note', 'order-attributes', 'order-billing', 'company-location'] as VatIdPlace[],
  contactCreate: 'all' as const,
  contactPushEmail: true,
  contactPushPhone: false,
  contactPushShop: false,
  contactPushCustomer: false,
  contactPushNote: false,
  leitwegSource: 'none' as const,
  leitwegNamespace: '',
  leitwegKey: '',
  leitwegAttribute: '',
  vendorNumberAtCustomer: '',
  ownVatId: '',
  viesWaitHours: 24,
  viesAfterWait: 'withVat' as const,
  eInvoiceNet: false,
  contactCategory: '',
};

const CT = DEFAULT_TEXTS.credit;
const credit = {
  creditCreate: true,
  creditFinalize: true,
  useDiscount: false,
  creditReferencePlaces: ['remark'] as ReferencePlace[],
  creditLayoutTitle: CT.title,
  creditLayoutIntroduction: CT.introduction,
  creditLayoutRemark: CT.remark,
  creditLayoutItemTitle: CT.itemTitle,
  creditLayoutItemDetail: CT.itemDetail,
  creditLayoutItemUnit: CT.itemUnit,
  creditLayoutPrintLayout: null as string | null,
  creditSendMailEnabled: false,
  creditSendMailSender: '',
  creditSendMailName: '',
  creditSendMailCopy: '',
  creditSendMailSubject: CT.mailSubject,
  creditSendMailTo: '{ORDER.EMAIL}',
  creditSendMailMessage: CT.mailMessage,
  creditSendMailSignature: '',
  creditSendMailReplyTo: '',
  creditSendMailAttachments: [] as string[],
  creditSendMailSkipTags: [] as string[],
  creditSendMailSkipSources: [] as string[],
};

const IT = DEFAULT_TEXTS.invoice;
const deliveryDate = { event: 'created' as const, modify: 'none' as const, offset: 0, unit: 'day' as const };
const invoice = {
  useDiscount: false,
  asNet: false,
  b2bAsNet: false,
  tagsAsNet: [] as string[],
  invoiceCreate: true as boolean | string,
  creditCreate: true,
  skipTags: [] as string[],
  invoiceEvent: 'paid' as const,
  invoiceEventExceptions: [] as string[],
  invoiceFinalize: true,
  invoiceDue: 'started' as const,
  invoiceEnshrine: 'fulfilled' as const,
  invoiceCorrection: 'difference' as const,
  invoiceTag: { shopify: true, shop: false, orderId: false, orderTags: false, custom: [] as string[] },
  invoiceDate: 'created' as const,
  invoiceDeliveryType: '' as const,
  invoiceDeliveryDate0: deliveryDate,
  invoiceDeliveryDate1: null,
  invoiceLayout: {
    title: IT.title,
    introduction: IT.introduction,
    remark: IT.remark,
    itemTitle: IT.itemTitle,
    itemDetail: IT.itemDetail,
    itemUnit: IT.itemUnit,
    discountTitle: IT.discountTitle,
    discountDetail: IT.discountDetail,
    discountUnit: IT.discountUnit,
    shippingTitle: IT.shippingTitle,
    shippingDetail: IT.shippingDetail,
    shippingUnit: IT.shippingUnit,
    shippingShowFree: false,
    tipTitle: IT.tipTitle,
    printLayout: null as string | null,
    include: { sku: false, gtin: false },
  },
  invoiceSendMail: {
    enabled: false,
    sender: '',
    name: '',
    copy: '',
    subject: IT.mailSubject,
    to: '{ORDER.EMAIL}',
    message: IT.mailMessage,
    signature: '',
    attachments: [] as string[],
    replyTo: '',
    skipTags: [] as string[],
    skipSources: [] as string[],
  },
  invoiceReferencePlaces: ['remark'] as ReferencePlace[],
};

type ReferencePlace = 'title' | 'introduction' | 'remark';
export const PREFERENCE_DEFAULTS = { orderHandling, contact, credit, deliveryDate, invoice };
