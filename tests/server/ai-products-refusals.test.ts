import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiOrderDetails } from '../../domain/protocol/ai-products';
import { dbTargets } from '../support/server';
import { holder, type Holder } from './options-support';
import { api, expectCleanLedger, requireTradePassword } from './spot-support';
import { mondayAiWorld, untouched, type AiWorld } from './ai-products-support';

const PIN = '135790';

/** Every refusal answers -1001 with its key and a localized text, and leaves everything as it was. */
describe.each(dbTargets())('AI product refusals on %s', (target) => {
  let world: AiWorld;
  let call: ReturnType<typeof api>;
  let u: Holder;
  let other: Holder;
  let noPin: Holder;
  let orderId = '';
  beforeAll(async () => {
    world = await mondayAiWorld(target, { index: false });
    call = api(world as never);
    u = await holder(world.db, '5000');
    other = await holder(world.db, '5000');
    noPin = await holder(world.db, '5000');
    await requireTradePassword(world.db, u.userId, PIN);
    await requireTradePassword(world.db, other.userId, PIN);
    const bought = await call.post<AiOrderDetails>('/stock/ai/buy', other.token, {
      action: 'buy',
      id: 'mom-2',
      amount: '2000',
      tradePassword: PIN,
    });
    expect(bought.code).toBe(0);
    orderId = bought.data.id;
  });
  afterAll(async () => world?.close());

  const refused = async (
    who: Holder,
    path: string,
    token: string,
    fields: Record<string, string>,
    key: string,
    texts: { en: RegExp; tr: RegExp },
  ) => {
    const before = await untouched(world.db, who.userId);
    const en = await call.post(path, token, fields, 'en-US');
    expect(en).toMatchObject({ code: -1001, key });
    expect(en.msg).toMatch(texts.en);
    const tr = await call.post(path, token, fields, 'tr-TR');
    expect(tr).toMatchObject({ code: -1001, key });
    expect(tr.msg).toMatch(texts.tr);
    expect(await untouched(world.db, who.userId)).toEqual(before);
  };
  const buy = (amount: string, tradePassword = PIN, id = 'mom-2') => ({
    action: 'buy',
    id,
    amount,
    tradePassword,
  });

  it('refuses an amount below the minimum, or more than the stock account holds', async () => {
    await refused(u, '/stock/ai/buy', u.token, buy('999.99'), 'AI_BELOW_MINIMUM', {
      en: /at least 1,000 TRY/,
      tr: /en az 1.000 TL/,
    });
    await refused(u, '/stock/ai/buy', u.token, buy('5000.01'), 'INSUFFICIENT_BALANCE', {
      en: /balance/i,
      tr: /bakiye/i,
    });
    await refused(u, '/stock/ai/buy', u.token, buy('1000.001'), 'AMOUNT_PRECISION', {
      en: /^At most 2 decimal places\.$/,
      tr: /^En fazla 2 ondalık basamak\.$/,
    });
    await refused(u, '/stock/ai/buy', u.token, buy('0'), 'AMOUNT_NOT_POSITIVE', {
      en: /amount/i,
      tr: /Tutar/,
    });
    await refused(u, '/stock/ai/buy', u.token, buy('1.000,00'), 'NUMBER_FORMAT', { en: /./, tr: /./ });
    // Past what its column (NUMERIC(38,18)) holds, to buy or to add (it was an internal error,
    // the order's row failing to take it): out of range, naming the digits allowed.
    const huge = '1'.repeat(40);
    const tooLarge = { en: /at most 20 digits/, tr: /en fazla 20 basamak/ };
    await refused(u, '/stock/ai/buy', u.token, buy(huge), 'NUMBER_OUT_OF_RANGE', tooLarge);
    const add = { id: orderId, amount: huge, tradePassword: PIN };
    await refused(other, '/stock/ai/order/add/amount', other.token, add, 'NUMBER_OUT_OF_RANGE', tooLarge);
  });

  it('refuses a wrong, missing or unset trade password', async () => {
    await refused(u, '/stock/ai/buy', u.token, buy('1000', '000000'), 'TRADE_PASSWORD_INCORRECT', {
      en: /Incorrect transaction password/,
      tr: /şifre/i,
    });
    await refused(u, '/stock/ai/buy', u.token, buy('1000', ''), 'TRADE_PASSWORD_REQUIRED', {
      en: /transaction password/,
      tr: /şifre/i,
    });
    await refused(noPin, '/stock/ai/buy', noPin.token, buy('1000', ''), 'TRADE_PASSWORD_NOT_SET', {
      en: /set a transaction password first/,
      tr: /şifre/i,
    });
  });

  it('refuses the demo account, an unknown product and a closed market', async () => {
    await refused(u, '/stock/ai/buy', u.demo, buy('1000'), 'AI_DEMO_NOT_ALLOWED', {
      en: /real account only/,
      tr: /yalnızca gerçek hesapta/,
    });
    await refused(u, '/stock/ai/buy', u.token, buy('1000', PIN, 'nope'), 'AI_PRODUCT_NOT_FOUND', {
      en: /not found/,
      tr: /bulunamadı/,
    });
    world.setOpen(false);
    await refused(u, '/stock/ai/buy', u.token, buy('1000'), 'AI_MARKET_CLOSED', {
      en: /closed/,
      tr: /kapalı/,
    });
    world.setOpen(true);
    const info = await call.post('/stock/ai/info', '', { id: 'nope' }, 'tr-TR');
    expect(info).toMatchObject({ code: -1001, key: 'AI_PRODUCT_NOT_FOUND' });
  });

  it("refuses an unknown order and another user's order, to add to, redeem or read", async () => {
    const texts = { en: /order not found/, tr: /emri bulunamadı/ };
    for (const id of ['999999', orderId]) {
      await refused(
        u,
        '/stock/ai/order/add/amount',
        u.token,
        { id, amount: '1000', tradePassword: PIN },
        'AI_ORDER_NOT_FOUND',
        texts,
      );
      await refused(
        u,
        '/stock/ai/buy',
        u.token,
        { action: 'redeem', orderId: id, tradePassword: PIN },
        'AI_ORDER_NOT_FOUND',
        texts,
      );
      await refused(u, '/stock/ai/order/details', u.token, { id }, 'AI_ORDER_NOT_FOUND', texts);
    }
    // The owner's order was not touched by any of it.
    const own = await call.post<AiOrderDetails>('/stock/ai/order/details', other.token, { id: orderId });
    expect(own.data).toMatchObject({ status: 'open', paidIn: '2000' });
  });

  it('refuses a redemption whole when the bids go while it waits: no order closes with shares in it', async () => {
    // Every holding could be sold when the redemption looked; the bids for its last one go as
    // soon as anything waits. Selling then would close the order with shares still in it.
    const source = world.source;
    const read = source.book;
    const held = (await call.post<AiOrderDetails>('/stock/ai/order/details', other.token, { id: orderId }))
      .data.holdings;
    const last = held
      .map((h) => h.symbol)
      .sort()
      .at(-1)!;
    const price = ({ AAA: '12', BBB: '20', CCC: '50' } as Record<string, string>)[last]!;
    let armed = true;
    source.book = (symbol, depth) => {
      if (symbol === last && armed) {
        armed = false;
        queueMicrotask(() => source.setBook(last, 2, [], [[price, '100000']]));
      }
      return read(symbol, depth);
    };
    try {
      await refused(
        other,
        '/stock/ai/buy',
        other.token,
        { action: 'redeem', orderId, tradePassword: PIN },
        'AI_NO_LIQUIDITY',
        { en: /nothing was sold/, tr: /hiçbir şey satılmadı/ },
      );
      expect(armed).toBe(false);
    } finally {
      source.book = read;
      world.setPrice(last, price);
    }
    const still = (await call.post<AiOrderDetails>('/stock/ai/order/details', other.token, { id: orderId }))
      .data;
    expect(still).toMatchObject({ status: 'open', holdings: held });
    await expectCleanLedger(world.db);
  });

  it('refuses adding to or redeeming a redeemed order', async () => {
    const done = await call.post('/stock/ai/buy', other.token, {
      action: 'redeem',
      orderId,
      tradePassword: PIN,
    });
    expect(done.code).toBe(0);
    const texts = { en: /already been redeemed/, tr: /zaten bozduruldu/ };
    await refused(
      other,
      '/stock/ai/buy',
      other.token,
      { action: 'redeem', orderId, tradePassword: PIN },
      'AI_ORDER_NOT_OPEN',
      texts,
    );
    await refused(
      other,
      '/stock/ai/order/add/amount',
      other.token,
      { id: orderId, amount: '1000', tradePassword: PIN },
      'AI_ORDER_NOT_OPEN',
      texts,
    );
    await expectCleanLedger(world.db);
  });
});
