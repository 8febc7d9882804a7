import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayOptions, readImprint } from '../../config';
import { startHarness, type Harness } from '../../../test/harness';

let h: Harness;
const env = {
  IMPRINT_NAME: 'Belegfluss GmbH',
  IMPRINT_ADDRESS: 'Hauptstraße 1\\n10115 Berlin',
  IMPRINT_EMAIL: 'kontakt@belegfluss.de',
  IMPRINT_VAT_ID: 'DE123456789',
};
beforeAll(async () => {
  h = await startHarness({ options: readGatewayOptions(env) });
});
afterAll(async () => h?.stop());

describe('the Impressum from configuration', () => {
  it('is served publicly from IMPRINT_*', async () => {
    const res = await fetch(`${h.url}/api/legal`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      imprint: {
        name: 'Belegfluss GmbH',
        address: 'Hauptstraße 1\n10115 Berlin',
        email: 'kontakt@belegfluss.de',
        phone: null,
        representative: null,
        register: null,
        vatId: 'DE123456789',
      },
    });
  });

  it('refuses to start in production without it, and names what is missing', () => {
    expect(() => readGatewayOptions({ NODE_ENV: 'production', IMPRINT_NAME: 'Belegfluss GmbH' })).toThrow(
      'Impressum fehlt: IMPRINT_ADDRESS, IMPRINT_EMAIL muss in Produktion gesetzt sein.',
    );
    expect(readImprint({ NODE_ENV: 'production', ...env }).name).toBe('Belegfluss GmbH');
    expect(readImprint({}).name).toMatch(/Entwicklungsumgebung/);
  });
});
