import type { InvoicePreferences } from './invoice';

// Without zod, so the order workflow can apply the rule without building the schemas (see defaults.ts).
/**
 * The rules that tie fields together: an invoice event of created or paid moves
 * every date away from fulfilled, and mail goes out only for invoices finalised automatically.
 * The same event also moves the payment term's start and the finalising event away from the
 * fulfilment: such an invoice is created before the order ships, and Lexware finalises an
 * invoice only when it creates it, so a fulfilment as finalising event would leave every invoice
 * a draft; it is finalised when it is created instead.
 * Returns the normalised preferences and which fields it changed.
 */
export function normalizeInvoicePreferences(prefs: InvoicePreferences): {
  value: InvoicePreferences;
  forced: string[];
} {
  const forced: string[] = [];
  const value: InvoicePreferences = { ...prefs };
  if (prefs.invoiceEvent === 'created' || prefs.invoiceEvent === 'paid') {
    if (value.invoiceDate === 'fulfilled') {
      value.invoiceDate = 'created';
      forced.push('invoiceDate');
    }
    if (value.invoiceDeliveryDate0.event === 'fulfilled') {
      value.invoiceDeliveryDate0 = { ...value.invoiceDeliveryDate0, event: 'created' };
      forced.push('invoiceDeliveryDate0');
    }
    if (value.invoiceDeliveryDate1?.event === 'fulfilled') {
      value.invoiceDeliveryDate1 = { ...value.invoiceDeliveryDate1, event: 'created' };
      forced.push('invoiceDeliveryDate1');
    }
    if (value.invoiceDue === 'fulfilled') {
      value.invoiceDue = 'started';
      forced.push('invoiceDue');
    }
    if (value.invoiceEnshrine === 'fulfilled' || value.invoiceEnshrine === 'completed') {
      value.invoiceEnshrine = 'created';
      forced.push('invoiceEnshrine');
    }
  }
  if (!value.invoiceFinalize && value.invoiceSendMail.enabled) {
    value.invoiceSendMail = { ...value.invoiceSendMail, enabled: false };
    forced.push('invoiceSendMail.enabled');
  }
  return { value, forced };
}
