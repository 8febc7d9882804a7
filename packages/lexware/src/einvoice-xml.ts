import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  PDFHexString,
} from '@cantoo/pdf-lib';

/** The names a hybrid invoice's XML goes by: ZUGFeRD 2 / Factur-X, ZUGFeRD 1, XRechnung in a PDF. */
const XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'ZUGFeRD-invoice.xml'];

/**
 * The invoice XML embedded in a ZUGFeRD / Factur-X PDF (PDF/A-3, an embedded file of the document's
 * EmbeddedFiles name tree). Lexware hands a ZUGFeRD invoice out only as that PDF, so the merchant's
 * "XML herunterladen" reads it from there; null when the PDF carries none.
 */
export async function embeddedInvoiceXml(pdf: Uint8Array): Promise<Buffer | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!tree) return null;
  const found: { name: string; spec: PDFDict }[] = [];
  const walk = (node: PDFDict) => {
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 0; pairs && i + 1 < pairs.size(); i += 2) {
      const key = pairs.lookup(i);
      const name = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : '';
      const spec = pairs.lookup(i + 1);
      if (spec instanceof PDFDict) found.push({ name, spec });
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFDict) walk(kid);
    }
  };
  walk(tree);
  const file =
    found.find((f) => XML_NAMES.some((n) => n.toLowerCase() === f.name.toLowerCase())) ??
    found.find((f) => f.name.toLowerCase().endsWith('.xml'));
  const stream = file?.spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
  if (!(stream instanceof PDFRawStream)) return null;
  return Buffer.from(decodePDFRawStream(stream).decode());
}
