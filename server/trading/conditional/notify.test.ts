import { describe, expect, it } from 'vitest';
import type { ConditionalRow } from '../../db/schema/conditional';
import { endingText } from './notify';

/** A leg as the table holds it (NUMERIC columns come back with their scale's zeros). */
function leg(over: Partial<ConditionalRow>): ConditionalRow {
  return {
    id: 7n,
    userId: 1n,
    accountType: 'real',
    wallet: 'stock',
    groupId: 7n,
    symbol: 'THYAO',
    kind: 'stop',
    side: 'sell',
    quantity: '10.000000000000000000',
    triggerPrice: '300.000000000000000000',
    limitPrice: null,
    trailBy: null,
    trailValue: null,
    best: null,
    frozen: '0',
    state: 'fired',
    reason: null,
    reasonParams: null,
    firedPrice: '299.750000000000000000',
    firedAt: 1,
    firedTradeId: 'T1',
    placedOrderId: 12n,
    expiresAt: null,
    createdAt: 0,
    updatedAt: 1,
    ...over,
  };
}

describe('what a conditional order’s ending says', () => {
  it('a fire: the leg, the trade and the order placed, in both languages', () => {
    expect(endingText({ kind: 'fired', leg: leg({}), others: [] })).toEqual({
      title: { 'tr-TR': 'Stop tetiklendi: THYAO', 'en-US': 'Stop triggered: THYAO' },
      body: {
        'tr-TR':
          'THYAO 10 lot stop satış (tetik 300,00) emriniz 299,75 fiyatlı işlemle tetiklendi; emir verildi (emir no 12).',
        'en-US': 'Stop sell 10 THYAO at 300.00 triggered by a trade at 299.75 — order placed (order 12).',
      },
    });
  });

  it('a refusal: the reason in the error texts, with its figures in each language’s notation', () => {
    const refused = leg({
      kind: 'stop_limit',
      side: 'buy',
      triggerPrice: '1050.5',
      limitPrice: '1060',
      firedPrice: '1050.5',
      state: 'refused',
      reason: 'PRICE_OUTSIDE_BAND',
      reasonParams: { lower: '840.40', upper: '1260.60' },
      placedOrderId: null,
    });
    const { title, body } = endingText({ kind: 'fired', leg: refused, others: [] });
    expect(title['en-US']).toBe('Stop-limit refused: THYAO');
    expect(body['en-US']).toBe(
      "Stop-limit buy 10 THYAO at 1,050.50 (limit 1,060.00) triggered by a trade at 1,050.50, but the order was refused: The price must be within today's limits (840.40 – 1,260.60). The hold was released.",
    );
    expect(body['tr-TR']).toBe(
      'THYAO 10 lot stop-limit alış (tetik 1.050,50, limit 1.060,00) emriniz 1.050,50 fiyatlı işlemle tetiklendi ancak emir reddedildi: Fiyat bugünkü taban ve tavan arasında olmalıdır (840,40 – 1.260,60). Blokeniz çözüldü.',
    );
  });

  it('an expiry of a coin pair on the demo account: both legs, the coin’s own quantity, and "Demo" first', () => {
    const coin = { wallet: 'coin', symbol: 'BTCUSDT', quantity: '0.015', accountType: 'demo' } as const;
    const legs = [
      leg({ ...coin, triggerPrice: '48000', state: 'expired' }),
      leg({ ...coin, id: 8n, kind: 'take_profit', triggerPrice: '52500.5', state: 'expired' }),
    ];
    expect(endingText({ kind: 'expired', legs })).toEqual({
      title: {
        'tr-TR': 'Demo · Koşullu emrin süresi doldu: BTCUSDT',
        'en-US': 'Demo · Conditional order expired: BTCUSDT',
      },
      body: {
        'tr-TR':
          'BTCUSDT 0,015 BTC stop satış (tetik 48.000,00) ve BTCUSDT 0,015 BTC kâr al satış (tetik 52.500,50) emrinizin süresi gerçekleşmeden doldu; blokeniz çözüldü.',
        'en-US':
          'Stop sell 0.015 BTCUSDT at 48,000.00 and Take-profit sell 0.015 BTCUSDT at 52,500.50 expired unfilled; the hold was released.',
      },
    });
  });
});
