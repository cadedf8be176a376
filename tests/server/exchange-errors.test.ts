import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { EN, ok, TR } from './contract-support';
import { exchangeWorld, PIN, type Answer, type ExchangeUser, type ExchangeWorld } from './exchange-support';

type Case = [name: string, fields: Record<string, string>, key: string, en: string, tr: string];

// Asked for a quote: each refused with its key and text in both languages, nothing stored or booked.
const QUOTE_CASES: Case[] = [
  [
    'the same currency',
    { from: 'USDT', to: 'USDT', amount: '10' },
    'EXCHANGE_UNSUPPORTED',
    'USDT cannot be exchanged into USDT.',
    'USDT, USDT birimine çevrilemez.',
  ],
  [
    'TRY into a coin',
    { from: 'TRY', to: 'BTC', amount: '10' },
    'EXCHANGE_UNSUPPORTED',
    'TRY cannot be exchanged into BTC.',
    'TRY, BTC birimine çevrilemez.',
  ],
  [
    'an unlisted coin',
    { from: 'DOGE', to: 'USDT', amount: '10' },
    'EXCHANGE_UNSUPPORTED',
    'DOGE cannot be exchanged into USDT.',
    'DOGE, USDT birimine çevrilemez.',
  ],
  [
    'no amount',
    { from: 'USDT', to: 'TRY' },
    'FIELD_REQUIRED',
    'Amount is required.',
    'Tutar alanı zorunludur.',
  ],
  [
    'a zero amount',
    { from: 'USDT', to: 'TRY', amount: '0' },
    'AMOUNT_NOT_POSITIVE',
    'The amount must be greater than 0.',
    "Tutar 0'dan büyük olmalıdır.",
  ],
  [
    'a decimal comma',
    { from: 'USDT', to: 'TRY', amount: '1,5' },
    'NUMBER_FORMAT',
    'Amount must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
    'Tutar bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
  ],
  [
    'more decimals than TRY has',
    { from: 'TRY', to: 'USDT', amount: '10.001' },
    'AMOUNT_PRECISION',
    'At most 2 decimal places.',
    'En fazla 2 ondalık basamak.',
  ],
  [
    // 0.0001 × 43.7124 = 0.00437 TRY: nothing at 2 decimals. The minimum: 0.01 / (43.7124 × 0.999)
    // = 0.000228997… → 0.00022900 (up, 8 decimals) + 0.00000001.
    'an amount that receives nothing',
    { from: 'USDT', to: 'TRY', amount: '0.0001' },
    'AMOUNT_BELOW_MINIMUM',
    'The minimum amount is 0.00022901 USDT.',
    'En düşük tutar 0,00022901 USDT.',
  ],
  [
    'more than the wallet holds',
    { from: 'USDT', to: 'TRY', amount: '100.00000001' },
    'INSUFFICIENT_BALANCE',
    'Insufficient balance.',
    'Yetersiz bakiye.',
  ],
  [
    'a book with nobody on it',
    { from: 'SOL', to: 'USDT', amount: '1' },
    'NO_LIQUIDITY',
    'There is no one on the other side of the book right now.',
    'Şu anda tahtanın karşı tarafında emir yok.',
  ],
];

describe.each(dbTargets())('currency exchange refusals on %s', (target) => {
  let world: ExchangeWorld;
  let user: ExchangeUser;
  beforeAll(async () => {
    world = await exchangeWorld(target);
    user = await world.user({ usdt: '100', try: '1000' });
  });
  afterAll(async () => {
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  /** Calls in both languages and checks the key, the texts and that nothing changed. */
  async function refused(token: string, fields: Record<string, string>, key: string, en: string, tr: string) {
    const counts = await world.counts();
    const balances = await world.balances(user);
    expect(await world.call('/user/exchange', token, fields, EN)).toMatchObject({
      code: -1001,
      key,
      msg: en,
    });
    expect(await world.call('/user/exchange', token, fields, TR)).toMatchObject({
      code: -1001,
      key,
      msg: tr,
    });
    expect(await world.counts()).toEqual(counts);
    expect(await world.balances(user)).toEqual(balances);
  }

  it.each(QUOTE_CASES)('refuses a quote for %s', async (_name, fields, key, en, tr) => {
    await refused(user.real, fields, key, en, tr);
  });

  it('refuses to quote when the feed has no book', async () => {
    const book = vi.spyOn(world.source, 'book').mockReturnValue(undefined);
    try {
      await refused(
        user.real,
        { from: 'TRY', to: 'USDT', amount: '10' },
        'FEED_STALE',
        'Prices are not live right now, so market orders are paused.',
        'Fiyatlar şu anda canlı değil; piyasa emirleri durduruldu.',
      );
    } finally {
      book.mockRestore();
    }
  });

  it('asks for the trade password, and refuses a wrong one or terms other than the quote’s', async () => {
    const q = ok<Answer>(
      await world.call('/user/exchange', user.real, { from: 'USDT', to: 'TRY', amount: '10' }),
    ).quote;
    const terms = { quoteId: q.quoteId, from: 'USDT', to: 'TRY', amount: '10' };
    await refused(
      user.real,
      terms,
      'TRADE_PASSWORD_REQUIRED',
      'Please enter your transaction password to confirm.',
      'Onaylamak için işlem şifrenizi girin.',
    );
    await refused(
      user.real,
      { ...terms, tradePassword: '000000' },
      'TRADE_PASSWORD_INCORRECT',
      // Asked in English, then in Turkish: two tries counted of five.
      'Incorrect transaction password. 4 tries left.',
      'İşlem şifresi hatalı. 3 deneme hakkınız kaldı.',
    );
    for (const other of [{ amount: '11' }, { to: 'BTC' }, { from: 'TRY' }, { quoteId: 'x'.repeat(24) }])
      await refused(
        user.real,
        { ...terms, tradePassword: PIN, ...other },
        'QUOTE_NOT_FOUND',
        'This quote is not valid; please ask for a new one.',
        'Bu teklif geçerli değil; lütfen yeni teklif alın.',
      );
    // The same terms written differently are the same terms.
    ok(await world.call('/user/exchange', user.real, { ...terms, amount: '10.0', tradePassword: PIN }));
  });

  it('refuses to book for a user without a trade password', async () => {
    const bare = await world.user({ usdt: '50' }, null);
    const q = ok<Answer>(
      await world.call('/user/exchange', bare.real, { from: 'USDT', to: 'TRY', amount: '10' }),
    ).quote;
    const counts = await world.counts();
    for (const pin of [{}, { tradePassword: '123456' }] as Record<string, string>[])
      expect(
        await world.call('/user/exchange', bare.real, {
          quoteId: q.quoteId,
          from: 'USDT',
          to: 'TRY',
          amount: '10',
          ...pin,
        }),
      ).toMatchObject({ key: 'TRADE_PASSWORD_NOT_SET', msg: 'Please set a transaction password first.' });
    expect(await world.counts()).toEqual(counts);
    expect((await world.balances(bare))['coin:USDT']).toBe('50');
  });
});
