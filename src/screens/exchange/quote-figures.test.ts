import { describe, expect, it } from 'vitest';
import type { ExchangeQuote } from '../../../domain/protocol/exchange';
import type { TFunction } from 'i18next';
import { quoteRows } from './quote-figures';

const quote = (fee: string): ExchangeQuote => ({
  quoteId: 'q1',
  from: 'TRY',
  to: 'USDT',
  fromWallet: 'stock',
  toWallet: 'coin',
  amount: '0.01',
  rate: '0.02273348519',
  midRate: '0.0228',
  spread: '0.003',
  fee,
  feeRate: '0.001',
  receive: '0.00022710',
  expiresAt: 1,
});

describe('an exchange quote’s fee', () => {
  it('never reads zero when it is not: shown to the places that show it, up to the currency’s scale', () => {
    // The labels' words are not under test: the keys stand for them.
    const t = ((key: string) => key) as unknown as TFunction<'exchange'>;
    const fee = (value: string) =>
      quoteRows(quote(value), { from: 2, to: 8 }, t, 'en-US').find((row) => row.testId === 'quote-fee')
        ?.value;
    // A fee under a ten-thousandth read "0.0000 USDT" when its decimals stopped at 4.
    expect(fee('0.00000022')).toBe('0.0000002\u00a0USDT');
    expect(fee('0.0059')).toBe('0.005\u00a0USDT');
    expect(fee('1.2345')).toBe('1.23\u00a0USDT');
  });
});

describe('an exchange quote’s rates', () => {
  it('shows the quote’s rate and the mid rate at one precision, every place shown', () => {
    const t = ((key: string, values?: { rate?: string }) =>
      `${key} ${values?.rate ?? ''}`) as unknown as TFunction<'exchange'>;
    const rows = quoteRows(quote('0.002'), { from: 2, to: 8 }, t, 'en-US');
    const value = (id: string) => rows.find((row) => row.testId === id)?.value;
    expect(value('quote-rate')).toBe('quote.rate_value 0.0227334');
    expect(value('quote-mid')).toBe('quote.rate_value 0.0228000');
  });
});
