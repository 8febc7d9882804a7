import { InvoiceService, type FormatFactoryService } from '@e-invoice-eu/core';

const quiet = { log: () => {}, warn: () => {}, error: () => {} };

/** VAT totals are the one CII amount with a currency: it tells the total in invoice currency (BT-110) from the one in tax currency (BT-111). */
const AMOUNT_WITH_CURRENCY = 'ram:TaxTotalAmount';

/**
 * Drops every currencyID the CII binding does not allow. UBL, the library's input, needs one on each amount, and
 * the library copies the line allowance's onto CII's `ActualAmount`, which the EN 16931 CII rules reject as fatal
 * (CII-DT-031): a receiver's validator would refuse the file. The library writes an attribute either beside its
 * element (`ram:ActualAmount@currencyID`) or inside it (`#@currencyID` within `ram:TaxTotalAmount`).
 */
function dropDisallowedCurrencies(node: unknown, name = ''): void {
  if (Array.isArray(node)) {
    for (const child of node) dropDisallowedCurrencies(child, name);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const element = node as Record<string, unknown>;
  for (const key of Object.keys(element)) {
    const [child = '', attribute] = key.split('@');
    const owner = child === '' || child === '#' ? name : child;
    if (attribute === 'currencyID' && owner !== AMOUNT_WITH_CURRENCY) delete element[key];
    else if (attribute === undefined) dropDisallowedCurrencies(element[key], child);
  }
}

type Formatter = ReturnType<FormatFactoryService['createFormatService']> & { renderXML(data: object): string };

/**
 * The library's invoice service, its CII made what a conforming issuer sends before it is rendered (and, for
 * ZUGFeRD, embedded in the PDF). The library offers no hook for that, so its format factory is wrapped; the
 * e-invoice tests run the official rules on the result and notice when a new version changes the inside.
 */
export function conformingInvoiceService(): InvoiceService {
  const service = new InvoiceService(quiet);
  const formats = (service as unknown as { formatFactoryService: FormatFactoryService }).formatFactoryService;
  const create = formats.createFormatService.bind(formats);
  formats.createFormatService = (format, logger) => {
    const formatter = create(format, logger) as Formatter;
    if (formatter.syntax === 'CII') {
      const render = formatter.renderXML.bind(formatter);
      formatter.renderXML = (data) => {
        dropDisallowedCurrencies(data);
        return render(data);
      };
    }
    return formatter;
  };
  return service;
}
