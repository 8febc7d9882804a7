import { describe, expect, it } from 'vitest';
import { documentFileLimits, viesSettings } from './settings';

describe('the bound of kept document files', () => {
  it('reads megabytes per shop and days, and keeps the defaults when unset', () => {
    expect(documentFileLimits({})).toEqual({ maxBytesPerShop: 25 * 1024 * 1024, maxAgeDays: 30 });
    expect(documentFileLimits({ DOCUMENT_FILES_MAX_MB_PER_SHOP: '0.5', DOCUMENT_FILES_MAX_AGE_DAYS: '7' })).toEqual({
      maxBytesPerShop: 512 * 1024,
      maxAgeDays: 7,
    });
  });

  it('refuses a value that is no number, in German, instead of keeping files without a bound', () => {
    expect(() => documentFileLimits({ DOCUMENT_FILES_MAX_MB_PER_SHOP: 'viel' })).toThrow(
      'DOCUMENT_FILES_MAX_MB_PER_SHOP muss eine Zahl ab 0 sein, nicht „viel“.',
    );
    expect(() => documentFileLimits({ DOCUMENT_FILES_MAX_AGE_DAYS: '-1' })).toThrow(/DOCUMENT_FILES_MAX_AGE_DAYS/);
  });
});

describe('viesSettings', () => {
  it("points at the sandbox's VIES by default and asks again every 15 minutes", () => {
    expect(viesSettings({})).toEqual({
      url: 'http://127.0.0.1:4000/taxation_customs/vies/rest-api',
      retrySeconds: 900,
    });
    expect(
      viesSettings({ VIES_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api', VIES_RETRY_SECONDS: '60' }),
    ).toEqual({ url: 'https://ec.europa.eu/taxation_customs/vies/rest-api', retrySeconds: 60 });
  });

  it('refuses a retry interval that is no positive number, in German', () => {
    expect(() => viesSettings({ VIES_RETRY_SECONDS: 'oft' })).toThrow(
      'VIES_RETRY_SECONDS muss eine Zahl größer als 0 sein, nicht „oft“.',
    );
    expect(() => viesSettings({ VIES_RETRY_SECONDS: '0' })).toThrow(/VIES_RETRY_SECONDS/);
  });
});
