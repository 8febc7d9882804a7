import type { ContactPreferences } from '../preferences/contact';
import type { InvoicePreferences } from '../preferences/invoice';
import type { OrderHandlingPreferences } from '../preferences/order-handling';
import type { DocumentLanguage } from './document-language';
import type { ShopifyOrder } from '../shopify-order';
import type { MetafieldValue } from './templates';
import { contactRequired } from './contact-draft';
import type { LexwareContactInput } from './lexware-types';
import {
  decideInvoice,
  type InvoiceDecisionContext,
  type InvoiceSettings,
  type InvoiceSkipReason,
} from './invoice-decision';
import { buildInvoice, type BuiltInvoice } from './invoice-draft';
import { editedOrder } from './order-corrections';
import { chooseTaxRegime, type TaxProfile, type TaxRegime, type TaxRegimeProblem } from './tax-regime';
import type { VatIdVerdict } from './vat-id-check';

/** The part of a shop's context an invoice depends on (the worker's ShopContext has it). */
export interface InvoicePlanContext {
  invoice: InvoiceSettings;
  prefs: {
    invoice: InvoicePreferences;
    contact: ContactPreferences;
    orderHandling: OrderHandlingPreferences;
    language?: DocumentLanguage;
  };
  profile: TaxProfile | null;
}

export type InvoicePlan =
  | { action: 'skip'; reason: InvoiceSkipReason }
  | { action: 'unprocessable'; reason: TaxRegimeProblem; message: string }
  | {
      action: 'create';
      regime: TaxRegime;
      /** What the Lexware contact must carry, and whether the invoice may go out without one. */
      contact: {
        prefs: ContactPreferences;
        vatId?: string;
        required: boolean;
        xRechnung?: LexwareContactInput['xRechnung'] | null;
      };
      /** The invoice for the contact we end up with; the same plan always builds the same invoice. */
      build: (contactId: string | null) => BuiltInvoice;
    };

/**
 * One order's invoice, decided and built from one context: the workflow decides with it, the activity
 * builds with the same context (passed along, not loaded again), and the preview shows what would be sent.
 * Metafields only change the texts, never the decision.
 */
/** The e-invoice part: the buyer's Leitweg-ID for the contact, and whether the B2B invoice goes out net. */
export interface InvoiceEInvoice {
  xRechnung: LexwareContactInput['xRechnung'] | null;
  net: boolean;
}

export function planInvoice(
  order: ShopifyOrder,
  ctx: InvoicePlanContext,
  metafields: readonly MetafieldValue[] = [],
  decision: InvoiceDecisionContext & {
    preview?: boolean;
    /** VIES's word on the buyer's USt-IdNr., once asked (the workflow asks before a tax-free invoice). */
    vatIdVerdict?: VatIdVerdict;
  } = {},
  eInvoice: InvoiceEInvoice = { xRechnung: null, net: false },
): InvoicePlan {
  // A preview shows the invoice as it would be sent, whether or not it is due yet.
  const decided = decision.preview ? null : decideInvoice(order, ctx.invoice, decision);
  if (decided?.action === 'skip') return decided;
  const chosen = chooseTaxRegime(
    order,
    ctx.profile ?? { smallBusiness: false },
    { ...ctx.prefs.invoice, ...ctx.prefs.contact, b2bAsNet: ctx.prefs.invoice.b2bAsNet || eInvoice.net },
    {},
    decision.vatIdVerdict,
  );
  if (!chosen.ok) return { action: 'unprocessable', reason: chosen.reason, message: chosen.message };
  const { regime } = chosen;
  const { prefs } = ctx;
  return {
    action: 'create',
    regime,
    // An XRechnung needs the contact that carries the Leitweg-ID.
    contact: {
      prefs: prefs.contact,
      // Only a confirmed ID goes to Lexware's contact, where it allows tax-free invoices.
      vatId: regime.taxFree ? regime.vatId : undefined,
      required: contactRequired(regime) || Boolean(eInvoice.xRechnung),
      xRechnung: eInvoice.xRechnung,
    },
    build: (contactId) => buildPlannedInvoice(order, prefs, regime, metafields, contactId),
  };
}

/**
 * The build step of a plan, for the activity that got the workflow's regime and context (it does not decide again).
 * It invoices the order as it is when the invoice is made: edits before it count (current quantities, removed
 * shipping gone), refunds don't (each gets its own credit note against this invoice).
 */
export function buildPlannedInvoice(
  order: ShopifyOrder,
  prefs: InvoicePlanContext['prefs'],
  regime: TaxRegime,
  metafields: readonly MetafieldValue[],
  contactId: string | null,
): BuiltInvoice {
  return buildInvoice(editedOrder(order), {
    contactId,
    prefs: prefs.invoice,
    orderHandling: prefs.orderHandling,
    regime,
    metafields,
    language: prefs.language,
  });
}
