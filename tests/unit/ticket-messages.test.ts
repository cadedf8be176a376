import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLocale } from '../../src/i18n/setup';
// The amount field's texts ship with the product screens' part.
import '../../src/i18n/errors-screens';
import { localizeParams } from '../../src/components/trade/message-params';
import { evaluateSpot } from '../../src/screens/contract/spot-ticket-logic';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';

// English is fetched on demand in the app (src/i18n/setup.ts).
beforeAll(() => loadLocale('en-US'));

/** Ticket messages in the user's language: figures in its number format, with units, and the right rule. */
const text = (
  key: string,
  params: Record<string, string | number> | undefined,
  lng: 'tr-TR' | 'en-US',
  units = {},
) => i18n.t(key, { ns: 'errors', lng, ...localizeParams(params, lng, units) });

describe('ticket messages', () => {
  it('formats figures with the locale: "(0,01) katı" in Turkish, "0.01" in English', () => {
    expect(text('PRICE_TICK', { tick: '0.01' }, 'tr-TR')).toContain('fiyat adımının (0,01) katı');
    expect(text('PRICE_TICK', { tick: '0.01' }, 'en-US')).toContain('0.01.');
    expect(text('LOT_MULTIPLE', { lot: '0.00001' }, 'tr-TR', { lot: 'BTC' })).toContain('0,00001 BTC');
  });

  it('keeps the decimals a price came with: the band as the field’s hint shows it', () => {
    const band = { lower: '251.00', upper: '376.00' };
    expect(text('PRICE_OUTSIDE_BAND', band, 'tr-TR')).toBe(
      'Fiyat bugünkü taban ve tavan arasında olmalıdır (251,00 – 376,00).',
    );
    expect(text('PRICE_OUTSIDE_BAND', { lower: '1000.50', upper: '1500.00' }, 'en-US')).toContain(
      '(1,000.50 – 1,500.00)',
    );
  });

  it('says what a minimum is counted in', () => {
    expect(text('ORDER_BELOW_MINIMUM', { min: '5' }, 'tr-TR', { min: 'USDT' })).toContain('en az 5 USDT');
    expect(text('ORDER_BELOW_MINIMUM', { min: '1000' }, 'en-US', { min: 'TRY' })).toContain(
      'at least 1,000 TRY',
    );
  });

  it('a signed price is named as a sign, never read as the number after it', () => {
    const btc = SAMPLE_COIN_INFOS.find((info) => info.symbol === 'BTCUSDT')!;
    const spot = evaluateSpot(
      { side: 'buy', type: 'limit', quantity: '0,01', price: '-5' },
      {
        info: btc,
        last: '60000',
        settings: null,
        quoteAvailable: '1000',
        baseAvailable: '0',
        locale: 'tr-TR',
      },
    );
    expect(spot.error?.key).toBe('AMOUNT_SIGN');
    expect(spot.request).toBeNull();
    expect(text('AMOUNT_SIGN', undefined, 'tr-TR')).toBe(
      "0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).",
    );
    expect(text('AMOUNT_SIGN', undefined, 'en-US')).toBe(
      'Enter a number greater than 0, without a sign (no − or +).',
    );
  });
});
