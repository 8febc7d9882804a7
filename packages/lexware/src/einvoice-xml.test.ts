import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { embeddedInvoiceXml } from './einvoice-xml';

const pdf = async (files: Record<string, string>) => {
  const doc = await PDFDocument.create();
  doc.addPage();
  for (const [name, text] of Object.entries(files)) await doc.attach(Buffer.from(text), name, { mimeType: 'text/xml' });
  return doc.save();
};

describe('the XML inside a ZUGFeRD PDF', () => {
  it('finds the invoice XML by its Factur-X name, beside other attachments', async () => {
    const xml = '<rsm:CrossIndustryInvoice>Rechnung</rsm:CrossIndustryInvoice>';
    const found = await embeddedInvoiceXml(await pdf({ 'lieferschein.txt': 'kein XML', 'factur-x.xml': xml }));
    expect(found?.toString()).toBe(xml);
  });

  it('answers null for a PDF without an embedded XML', async () => {
    expect(await embeddedInvoiceXml(await pdf({}))).toBeNull();
    expect(await embeddedInvoiceXml(await pdf({ 'notiz.txt': 'nur Text' }))).toBeNull();
  });
});
