import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { MarketStatus } from '../../domain/protocol/market';
import { dbTargets } from '../support/server';
import {
  api,
  expectCleanLedger,
  requireTradePassword,
  spotWorld,
  stateOf,
  stockBook,
  trader,
  type Lang,
} from './spot-support';

type Case = {
  name: string;
  side?: 'buy' | 'sell';
  fields: Record<string, string>;
  key: string;
  en: string;
  tr: string;
};

/** SPEC §5 / §8: every stock order rule answers its key and exact message, and changes nothing. */
const CASES: Case[] = [
  {
    name: 'an unknown symbol',
    fields: { symbol: 'NOPE', type: 'market', quantity: '1' },
    key: 'NOT_TRADABLE',
    en: 'This instrument cannot be traded here.',
    tr: 'Bu enstrüman burada alınıp satılamaz.',
  },
  {
    name: 'an index',
    fields: { symbol: 'XU100', type: 'market', quantity: '1' },
    key: 'NOT_TRADABLE',
    en: 'This instrument cannot be traded here.',
    tr: 'Bu enstrüman burada alınıp satılamaz.',
  },
  {
    name: 'a zero quantity',
    fields: { symbol: 'THYAO', type: 'market', quantity: '0' },
    key: 'ORDER_AMOUNT_ZERO',
    en: 'Order amount cannot be 0.',
    tr: 'Emir miktarı 0 olamaz.',
  },
  {
    name: 'a space-padded quantity (the wire takes only canonical decimals)',
    fields: { symbol: 'THYAO', type: 'market', quantity: '  1  ' },
    key: 'NUMBER_FORMAT',
    en: 'Quantity must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
    tr: 'Miktar bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
  },
  {
    name: 'a space-padded limit price',
    fields: { symbol: 'THYAO', type: 'limit', price: ' 100.00', quantity: '1' },
    key: 'NUMBER_FORMAT',
    en: 'Price must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
    tr: 'Fiyat bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
  },
  {
    name: 'a part of a lot',
    fields: { symbol: 'THYAO', type: 'market', quantity: '1.5' },
    key: 'QUANTITY_WHOLE',
    en: 'The quantity must be a whole number.',
    tr: 'Miktar tam sayı olmalıdır.',
  },
  {
    name: 'more shares than one order may carry',
    fields: { symbol: 'THYAO', type: 'limit', price: '100.00', quantity: '1000001' },
    key: 'ORDER_ABOVE_MAXIMUM',
    en: 'You can buy or sell at most 1,000,000 shares in one order.',
    tr: 'Tek emirde en fazla 1.000.000 adet alıp satabilirsiniz.',
  },
  {
    name: 'a zero limit price',
    fields: { symbol: 'THYAO', type: 'limit', price: '0', quantity: '1' },
    key: 'LIMIT_PRICE_ZERO',
    en: 'The limit price must be greater than 0.',
    tr: "Limit fiyatı 0'dan büyük olmalıdır.",
  },
  {
    name: 'a price off the tick',
    fields: { symbol: 'THYAO', type: 'limit', price: '100.05', quantity: '1' },
    key: 'PRICE_TICK',
    en: 'The price must be a multiple of the tick size 0.10.',
    tr: 'Fiyat, fiyat adımının (0,10) katı olmalıdır.',
  },
  {
    name: 'a price above the band',
    fields: { symbol: 'THYAO', type: 'limit', price: '120.10', quantity: '1' },
    key: 'PRICE_OUTSIDE_BAND',
    en: "The price must be within today's limits (80.00 – 120.00).",
    tr: 'Fiyat bugünkü taban ve tavan arasında olmalıdır (80,00 – 120,00).',
  },
  {
    name: 'an amount below the minimum',
    fields: { symbol: 'PENNY', type: 'limit', price: '0.50', quantity: '1' },
    key: 'ORDER_BELOW_MINIMUM',
    en: 'The order amount must be at least 1 TRY.',
    tr: 'Emir tutarı en az 1 TRY olmalıdır.',
  },
  {
    name: 'more than the cash',
    fields: { symbol: 'THYAO', type: 'limit', price: '110.00', quantity: '1000' },
    key: 'INSUFFICIENT_BALANCE',
    en: 'Insufficient balance.',
    tr: 'Yetersiz bakiye.',
  },
  {
    name: 'selling shares one does not have',
    side: 'sell',
    fields: { symbol: 'THYAO', type: 'market', quantity: '1' },
    key: 'AVAILABLE_QUANTITY_ZERO',
    en: 'The available quantity is 0.',
    tr: 'Satılabilir miktar 0.',
  },
];

describe.each(dbTargets())('stock order rules on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => {
      const call = api(world);
      stockBook(world.source);
      const me = await trader(world.db, { TRY: '50000' });
      return { call, me };
    },
  );

  async function refused(side: 'buy' | 'sell', fields: Record<string, string>, lang: Lang, who = t.me) {
    const before = await stateOf(t.world.db, who.userId);
    const res = await t.call.post(`/stock/order/${side}`, who.token, fields, lang);
    expect(await stateOf(t.world.db, who.userId)).toEqual(before);
    return res;
  }

  for (const c of CASES)
    it(`refuses ${c.name} (${c.key}) in both languages, changing nothing`, async () => {
      for (const [lang, msg] of [
        ['en-US', c.en],
        ['tr-TR', c.tr],
      ] as const) {
        const res = await refused(c.side ?? 'buy', c.fields, lang);
        expect([res.code, res.key, res.msg]).toEqual([-1001, c.key, msg]);
      }
    });

  it('refuses buying a stock at its upper limit', async () => {
    t.world.source.setTicker('THYAO', { last: '120.00' });
    try {
      const res = await refused(
        'buy',
        { symbol: 'THYAO', type: 'limit', price: '120.00', quantity: '1' },
        'tr-TR',
      );
      expect([res.key, res.msg]).toEqual(['LIMIT_UP_NO_BUY', 'Bu hisse tavanda, alınamaz.']);
    } finally {
      t.world.source.setTicker('THYAO', { last: '100.00' });
    }
  });

  it('refuses selling more than is sellable, naming how many can be sold', async () => {
    const seller = await trader(t.world.db);
    await t.call.post('/stock/order/buy', seller.token, { symbol: 'THYAO', type: 'market', quantity: '3' });
    stockBook(t.world.source);
    const res = await refused('sell', { symbol: 'THYAO', type: 'market', quantity: '4' }, 'en-US', seller);
    expect([res.key, res.msg]).toEqual(['INSUFFICIENT_QUANTITY', 'You can sell at most 3.']);
  });

  it('refuses market orders outside the session, and when nobody is on the other side', async () => {
    const status = t.world.source.status;
    t.world.source.status = (market): MarketStatus => ({ ...status(market), state: 'closed', open: false });
    try {
      const res = await refused('buy', { symbol: 'THYAO', type: 'market', quantity: '1' }, 'tr-TR');
      expect([res.key, res.msg]).toEqual([
        'MARKET_CLOSED',
        'Piyasa kapalı. Piyasa emirleri seans içinde verilebilir.',
      ]);
    } finally {
      t.world.source.status = status;
    }
    t.world.source.setBook('THYAO', 1, [], []);
    try {
      const res = await refused('buy', { symbol: 'THYAO', type: 'market', quantity: '1' }, 'en-US');
      expect([res.key, res.msg]).toEqual([
        'NO_LIQUIDITY',
        'There is no one on the other side of the book right now.',
      ]);
    } finally {
      stockBook(t.world.source);
    }
  });

  it('asks for the trade password when the user turned order confirmation on', async () => {
    const careful = await trader(t.world.db);
    await requireTradePassword(t.world.db, careful.userId, '246810');
    const order = { symbol: 'THYAO', type: 'limit', price: '99.00', quantity: '1' };
    const missing = await refused('buy', order, 'en-US', careful);
    expect([missing.key, missing.msg]).toEqual([
      'TRADE_PASSWORD_REQUIRED',
      'Please enter your transaction password to confirm.',
    ]);
    const wrong = await refused('buy', { ...order, tradePassword: '111111' }, 'tr-TR', careful);
    expect([wrong.key, wrong.msg]).toEqual([
      'TRADE_PASSWORD_INCORRECT',
      'İşlem şifresi hatalı. 4 deneme hakkınız kaldı.',
    ]);
    const ok = await t.call.post('/stock/order/buy', careful.token, { ...order, tradePassword: '246810' });
    expect(ok.code).toBe(0);
  });

  it('leaves a clean ledger behind', async () => {
    await expectCleanLedger(t.world.db);
  });
});
