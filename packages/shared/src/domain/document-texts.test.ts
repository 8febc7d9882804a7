import { describe, expect, it } from 'vitest';
import { CUT_NOTE, hasOrderReference, orderNamesIn, placeReference } from './document-texts';
import { LIMITS } from '../preferences/messages';

describe('orderNamesIn: order numbers in document texts, in the shop format', () => {
  it('finds the default #number, never a longer number or one running on', () => {
    expect(orderNamesIn(['Bestellung #1001', 'Ihre Bestellung #10011.', null])).toEqual(['#1001', '#10011']);
    expect(orderNamesIn(['Bestellung #1001a', 'Bestellung #1001-2'])).toEqual([]);
  });

  it('uses the shop prefix and suffix', () => {
    const format = { prefix: 'SHOP-', suffix: '-DE' };
    expect(orderNamesIn(['Auftrag SHOP-1001-DE, SHOP-1002', 'XSHOP-1003-DE'], format)).toEqual(['SHOP-1001-DE']);
    expect(orderNamesIn(['Rechnung 1001 zu A1002 und 1003'], { prefix: '', suffix: '' })).toEqual(['1001', '1003']);
  });

  it('agrees with hasOrderReference for the app its own reference', () => {
    const text = 'Rechnung zu Bestellung #1001';
    for (const name of orderNamesIn([text])) expect(hasOrderReference(text, { name })).toBe(true);
  });
});

describe('a customer note longer than Lexware takes', () => {
  it('is cut to the limit and says so at its end', () => {
    const note = 'x'.repeat(10_000);
    const texts = placeReference({ title: '', introduction: '', remark: 'Danke!' }, { name: '#1001' }, [], [note]);
    expect(texts.remark).toHaveLength(LIMITS.remark);
    expect(texts.remark.startsWith('Danke!\nxxx')).toBe(true);
    expect(texts.remark.endsWith(CUT_NOTE)).toBe(true);
  });
});
