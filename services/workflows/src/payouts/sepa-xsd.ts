import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { PAIN_FORMAT } from './sepa';

/**
 * Validates a pain.001 file against the official ISO 20022 XSD that PyPI's sepaxml ships
 * (scripts/lib.sh puts it in SEPA_XSD_DIR). Test support only: the schema is not shipped with the app.
 */
export async function validatePain001(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const dir = process.env.SEPA_XSD_DIR;
  if (!dir)
    throw new Error('SEPA_XSD_DIR is not set: run the tests with `npm test` (scripts/lib.sh installs the schemas).');
  const fileName = `${PAIN_FORMAT}.xsd`;
  const result = await validateXML({
    xml: [{ fileName: 'payout.xml', contents: xml }],
    schema: [{ fileName, contents: readFileSync(join(dir, fileName), 'utf8') }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}
