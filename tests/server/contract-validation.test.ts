import { describe, expect, it } from 'vitest';
import { expectCleanLedger } from './spot-support';
import { sharedWorld } from '../support/shared-world';
import { dbTargets } from '../support/server';
import { contractWorld, EN, openLong, SYMBOL, TR } from './contract-support';

const P = '/coin/contract/order';
const base = { symbol: SYMBOL, side: 'long', leverage: '10', margin: '100', acceptRisk: '1' };

/** [what, path, fields, key, en-US message, tr-TR message] */
type Case = [string, string, Record<string, string>, string, string, string];

const openCases: Case[] = [
  [
    'no symbol',
    'add',
    { ...base, symbol: '' },
    'FIELD_REQUIRED',
    'Symbol is required.',
    'Sembol alanı zorunludur.',
  ],
  [
    'unknown symbol',
    'add',
    { ...base, symbol: 'NOPEUSDT' },
    'UNKNOWN_SYMBOL',
    'Unknown symbol.',
    'Sembol bulunamadı.',
  ],
  [
    'bad side',
    'add',
    { ...base, side: 'up' },
    'FIELD_INVALID',
    'Direction has an invalid value.',
    'Yön alanının değeri geçersiz.',
  ],
  [
    'no side',
    'add',
    { ...base, side: '' },
    'FIELD_INVALID',
    'Direction has an invalid value.',
    'Yön alanının değeri geçersiz.',
  ],
  [
    'leverage off the choices',
    'add',
    { ...base, leverage: '7' },
    'LEVERAGE_NOT_ALLOWED',
    'Choose one of the offered leverage levels.',
    'Sunulan kaldıraç seçeneklerinden birini seçin.',
  ],
  [
    'leverage over the cap',
    'add',
    { ...base, leverage: '200' },
    'FIELD_INVALID',
    'Leverage has an invalid value.',
    'Kaldıraç alanının değeri geçersiz.',
  ],
  [
    'leverage not a number',
    'add',
    { ...base, leverage: 'x' },
    'NUMBER_FORMAT',
    'Leverage must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
    'Kaldıraç bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
  ],
  [
    'both margin and quantity',
    'add',
    { ...base, quantity: '0.01' },
    'MARGIN_OR_QUANTITY',
    'Enter either a margin or a quantity, not both.',
    'Teminat veya miktar girin; ikisini birden değil.',
  ],
  [
    'neither margin nor quantity',
    'add',
    { symbol: SYMBOL, side: 'long', leverage: '10', acceptRisk: '1' },
    'MARGIN_OR_QUANTITY',
    'Enter either a margin or a quantity, not both.',
    'Teminat veya miktar girin; ikisini birden değil.',
  ],
  [
    'zero margin',
    'add',
    { ...base, margin: '0' },
    'AMOUNT_NOT_POSITIVE',
    'The amount must be greater than 0.',
    "Tutar 0'dan büyük olmalıdır.",
  ],
  [
    'negative margin',
    'add',
    { ...base, margin: '-5' },
    'AMOUNT_NOT_POSITIVE',
    'The amount must be greater than 0.',
    "Tutar 0'dan büyük olmalıdır.",
  ],
  [
    'margin with a comma',
    'add',
    { ...base, margin: '1,5' },
    'NUMBER_FORMAT',
    'Margin must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
    'Teminat bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
  ],
  [
    'margin past 8 decimals',
    'add',
    { ...base, margin: '1.123456789' },
    'AMOUNT_PRECISION',
    'At most 8 decimal places.',
    'En fazla 8 ondalık basamak.',
  ],
  [
    'quantity off the step',
    'add',
    { symbol: SYMBOL, side: 'long', leverage: '10', quantity: '0.0000001', acceptRisk: '1' },
    'LOT_MULTIPLE',
    'The quantity must be a multiple of 0.000001.',
    'Miktar, 0,000001 değerinin katı olmalıdır.',
  ],
  [
    'zero quantity',
    'add',
    { symbol: SYMBOL, side: 'long', leverage: '10', quantity: '0', acceptRisk: '1' },
    'QUANTITY_NOT_POSITIVE',
    'The quantity must be greater than 0.',
    "Miktar 0'dan büyük olmalıdır.",
  ],
  [
    'below the minimum notional',
    'add',
    { ...base, margin: '0.1' },
    'POSITION_TOO_SMALL',
    'The position is too small: at least 5 USDT.',
    'Pozisyon çok küçük: en az 5 USDT.',
  ],
  [
    'more than the balance',
    'add',
    { ...base, margin: '5000' },
    'INSUFFICIENT_BALANCE',
    'Insufficient balance.',
    'Yetersiz bakiye.',
  ],
  [
    'long take-profit below',
    'add',
    { ...base, takeProfit: '49000' },
    'TAKE_PROFIT_ABOVE',
    'For a long, the take-profit price must be above 50,000.00.',
    'Long pozisyonda kâr al fiyatı 50.000,00 üzerinde olmalıdır.',
  ],
  [
    'short take-profit above',
    'add',
    { ...base, side: 'short', takeProfit: '51000' },
    'TAKE_PROFIT_BELOW',
    'For a short, the take-profit price must be below 50,000.00.',
    'Short pozisyonda kâr al fiyatı 50.000,00 altında olmalıdır.',
  ],
  [
    'long stop-loss above',
    'add',
    { ...base, stopLoss: '51000' },
    'STOP_LOSS_BELOW',
    'For a long, the stop-loss price must be below 50,000.00.',
    'Long pozisyonda zarar durdur fiyatı 50.000,00 altında olmalıdır.',
  ],
  [
    'short stop-loss below',
    'add',
    { ...base, side: 'short', stopLoss: '49000' },
    'STOP_LOSS_ABOVE',
    'For a short, the stop-loss price must be above 50,000.00.',
    'Short pozisyonda zarar durdur fiyatı 50.000,00 üzerinde olmalıdır.',
  ],
  [
    'stop-loss past liquidation',
    'add',
    { ...base, stopLoss: '40000' },
    'STOP_LOSS_BEYOND_LIQUIDATION',
    'The stop-loss must trigger before the liquidation price 45,478.43.',
    'Zarar durdur, tasfiye fiyatı 45.478,43 değerinden önce tetiklenmelidir.',
  ],
  [
    'zero take-profit',
    'add',
    { ...base, takeProfit: '0' },
    'FIELD_INVALID',
    'Take-profit has an invalid value.',
    'Kâr al alanının değeri geçersiz.',
  ],
  [
    // Past the position row's NUMERIC(38,18): a 500 once written (the money attack).
    'take-profit of 21 digits',
    'add',
    { ...base, takeProfit: '1' + '0'.repeat(20) },
    'NUMBER_OUT_OF_RANGE',
    'Take-profit is too large: at most 20 digits before the decimal point.',
    'Kâr al çok büyük: ondalık ayırıcıdan önce en fazla 20 basamak olabilir.',
  ],
  [
    'take-profit off the tick',
    'add',
    { ...base, takeProfit: '51000.123' },
    'PRICE_TICK',
    'The price must be a multiple of the tick size 0.01.',
    'Fiyat, fiyat adımının (0,01) katı olmalıdır.',
  ],
  [
    'bad client order id',
    'add',
    { ...base, clientOrderId: 'bad id!' },
    'FIELD_INVALID',
    'Client order ID has an invalid value.',
    'Müşteri emir no alanının değeri geçersiz.',
  ],
  [
    'bad risk answer',
    'add',
    { ...base, acceptRisk: '2' },
    'FIELD_INVALID',
    'Risk disclosure has an invalid value.',
    'Risk bildirimi alanının değeri geçersiz.',
  ],
  [
    'risk not accepted',
    'add',
    { ...base, acceptRisk: '0' },
    'RISK_NOT_ACCEPTED',
    'Please read and accept the contract risk disclosure first.',
    'Lütfen önce kontrat risk bildirimini okuyup kabul edin.',
  ],
  [
    'bad list status',
    'list',
    { status: 'done' },
    'FIELD_INVALID',
    'Status has an invalid value.',
    'Durum alanının değeri geçersiz.',
  ],
  ['no id', 'close', {}, 'FIELD_REQUIRED', 'ID is required.', 'Kayıt numarası alanı zorunludur.'],
  [
    'bad id',
    'query',
    { id: 'abc' },
    'FIELD_INVALID',
    'ID has an invalid value.',
    'Kayıt numarası alanının değeri geçersiz.',
  ],
  [
    'unknown id',
    'close',
    { id: '999999' },
    'POSITION_NOT_FOUND',
    'Position not found.',
    'Pozisyon bulunamadı.',
  ],
  [
    'add margin past 8 decimals',
    'add/mgn',
    { id: '999999', amount: '0.000000001' },
    'AMOUNT_PRECISION',
    'At most 8 decimal places.',
    'En fazla 8 ondalık basamak.',
  ],
  [
    'add margin without amount',
    'add/mgn',
    { id: '999999' },
    'FIELD_REQUIRED',
    'Amount is required.',
    'Tutar alanı zorunludur.',
  ],
];

describe.each(dbTargets())('contract bad input on %s', (target) => {
  const t = sharedWorld(
    () => contractWorld(target),
    async (world) => {
      await world.tick(50_000);
      const user = await world.trader('1000');
      // A second user, whose open position the per-position cases below aim at.
      const open = (await openLong(world, (await world.trader('1000')).real)).id;
      return { user, open };
    },
    (world) => expectCleanLedger(world.db),
  );

  async function rejects(
    path: string,
    fields: Record<string, string>,
    key: string,
    en: string,
    tr: string,
    token = t.user.real,
  ) {
    const before = await t.world.counts();
    const seq = t.world.source.book(SYMBOL, 1)?.seq;
    expect(await t.world.call(`${P}/${path}`, token, fields, EN)).toMatchObject({
      code: -1001,
      key,
      msg: en,
    });
    expect(await t.world.call(`${P}/${path}`, token, fields, TR)).toMatchObject({
      code: -1001,
      key,
      msg: tr,
    });
    // Nothing written, nothing sent to the market.
    expect(await t.world.counts()).toEqual(before);
    expect(t.world.source.book(SYMBOL, 1)?.seq).toBe(seq);
  }

  it.each(openCases)('%s', async (_what, path, fields, key, en, tr) => {
    await rejects(path, fields, key, en, tr);
  });

  it('refuses a margin past the balance even when the whole book would cost less than the balance', async () => {
    const rich = await t.world.trader('1000000');
    const fields = { ...base, margin: '60000000000000000000' };
    await rejects(
      'add',
      fields,
      'INSUFFICIENT_BALANCE',
      'Insufficient balance.',
      'Yetersiz bakiye.',
      rich.real,
    );
  });

  it('rejects bad changes to an open position, leaving it as it was', async () => {
    const owner = await t.world.trader('1000');
    const p = await openLong(t.world, owner.real);
    const id = p.id;
    await rejects(
      'close',
      { id, quantity: '1' },
      'CLOSE_QUANTITY_TOO_LARGE',
      `You can close at most ${p.qty}.`,
      `En fazla ${p.qty.replace('.', ',')} kapatabilirsiniz.`,
      owner.real,
    );
    await rejects(
      'close',
      { id, quantity: '0' },
      'QUANTITY_NOT_POSITIVE',
      'The quantity must be greater than 0.',
      "Miktar 0'dan büyük olmalıdır.",
      owner.real,
    );
    await rejects(
      'set/profit',
      { id, price: 'abc' },
      'NUMBER_FORMAT',
      'Price must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
      'Fiyat bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
      owner.real,
    );
    // The wire takes canonical decimals only: a padded price is refused, not trimmed.
    await rejects(
      'set/loss',
      { id, price: ' 45000 ' },
      'NUMBER_FORMAT',
      'Price must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
      'Fiyat bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
      owner.real,
    );
    await rejects(
      'set/profit',
      { id, price: '40000' },
      'TAKE_PROFIT_ABOVE',
      'For a long, the take-profit price must be above 50,000.00.',
      'Long pozisyonda kâr al fiyatı 50.000,00 üzerinde olmalıdır.',
      owner.real,
    );
    // A long's take-profit has no ceiling but the position row's NUMERIC(38,18): a 500 once written.
    await rejects(
      'set/profit',
      { id, price: '9'.repeat(40) },
      'NUMBER_OUT_OF_RANGE',
      'Price is too large: at most 20 digits before the decimal point.',
      'Fiyat çok büyük: ondalık ayırıcıdan önce en fazla 20 basamak olabilir.',
      owner.real,
    );
    await rejects(
      'set/loss',
      { id, price: '50500' },
      'STOP_LOSS_BELOW',
      'For a long, the stop-loss price must be below 50,000.00.',
      'Long pozisyonda zarar durdur fiyatı 50.000,00 altında olmalıdır.',
      owner.real,
    );
    await rejects(
      'add/mgn',
      { id, amount: '0' },
      'AMOUNT_NOT_POSITIVE',
      'The amount must be greater than 0.',
      "Tutar 0'dan büyük olmalıdır.",
      owner.real,
    );
    await rejects(
      'add/mgn',
      { id, amount: '100000' },
      'INSUFFICIENT_BALANCE',
      'Insufficient balance.',
      'Yetersiz bakiye.',
      owner.real,
    );
    // Someone else's position is not there at all.
    await rejects(
      'add/mgn',
      { id: t.open, amount: '1' },
      'POSITION_NOT_FOUND',
      'Position not found.',
      'Pozisyon bulunamadı.',
      owner.real,
    );
  });

  it('pauses opening while the source gives no mark price', async () => {
    await rejects(
      'add',
      { ...base, symbol: 'SOLUSDT' },
      'FEED_STALE',
      'Prices are not live right now, so market orders are paused.',
      'Fiyatlar şu anda canlı değil; piyasa emirleri durduruldu.',
    );
  });
});
