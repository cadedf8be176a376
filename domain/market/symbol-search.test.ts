import { describe, expect, it } from 'vitest';
import { foldForSearch, suggestSymbols, type SymbolChoice } from './symbol-search';

const choices: SymbolChoice[] = [
  { symbol: 'ASELS', name: 'Aselsan Elektronik Sanayi', market: 'stock' },
  { symbol: 'THYAO', name: 'Türk Hava Yolları', market: 'stock' },
  { symbol: 'SISE', name: 'Şişecam', market: 'stock' },
  { symbol: 'BTCUSDT', name: 'BTC/USDT · Bitcoin', market: 'coin' },
  { symbol: 'ETHUSDT', name: 'ETH/USDT · Ethereum', market: 'coin' },
  { symbol: 'TUPRS', name: 'Tüpraş', market: 'stock' },
];
const symbols = (typed: string, locale = 'tr-TR', limit?: number) =>
  suggestSymbols(choices, typed, locale, limit).map((c) => c.symbol);

describe('suggestSymbols', () => {
  it('offers nothing for an empty field', () => {
    expect(symbols('')).toEqual([]);
    expect(symbols('   ')).toEqual([]);
  });

  it('puts the exact symbol first, then symbols starting with it, then name words, then the rest', () => {
    // "T": THYAO and TUPRS start with it; ASELS ("Elektronik"), BTCUSDT and ETHUSDT only contain
    // a t, and keep the given order among themselves.
    expect(symbols('T', 'en-US', 10)).toEqual(['THYAO', 'TUPRS', 'ASELS', 'BTCUSDT', 'ETHUSDT']);
    // "ETH": the symbol starts with it, ahead of a name word (Ethereum is the same row).
    expect(symbols('ETH')).toEqual(['ETHUSDT']);
    // "BIT": no symbol starts with it; Bitcoin's name does.
    expect(symbols('BIT')).toEqual(['BTCUSDT']);
    expect(symbols('BTCUSDT')).toEqual(['BTCUSDT']);
    expect(symbols('usdt')).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('finds a name by a word of it, in Turkish, whichever i was typed', () => {
    expect(symbols('TÜRK')).toEqual(['THYAO']);
    expect(symbols('bitcoin')).toEqual(['BTCUSDT']);
    // An upper-cased "şişe" is "ŞIŞE": found in the tr-TR and en-US readers alike.
    expect(symbols('ŞIŞE')).toEqual(['SISE']);
    expect(symbols('ŞIŞE', 'en-US')).toEqual(['SISE']);
    expect(symbols('SANAYI')).toEqual(['ASELS']);
  });

  it('keeps to the limit', () => {
    expect(symbols('s', 'en-US', 2)).toEqual(['SISE', 'ASELS']);
  });
});

describe('foldForSearch', () => {
  it('makes dotted and dotless i one, and drops case', () => {
    expect(foldForSearch('İSTANBUL', 'tr-TR')).toBe('istanbul');
    expect(foldForSearch('ılık', 'tr-TR')).toBe('ilik');
    expect(foldForSearch('I', 'tr-TR')).toBe('i');
    expect(foldForSearch('I', 'en-US')).toBe('i');
  });
});
