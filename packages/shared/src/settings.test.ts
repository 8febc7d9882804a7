import { describe, expect, it } from 'vitest';
import { documentFileLimits } from './settings';

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
