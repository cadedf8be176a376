import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfer } from '../../server/ledger/moves';
import { verifyLedger } from '../../server/ledger/verify';
import type { AssetsAnswer, WalletBalance } from '../../domain/protocol/account';
import type { PrivateMessage, ServerMessage } from '../../domain/protocol/ws';
import { dbTargets } from '../support/server';
import { openSocket } from '../support/ws-client';
import { ok } from './contract-support';
import { exchangeWorld, PIN, type Answer, type ExchangeUser, type ExchangeWorld } from './exchange-support';

type TxRow = {
  reason: string;
  referenceId: string;
  wallet: string;
  currency: string;
  amount: string;
  fees: string | null;
};

describe.each(dbTargets())('currency exchange on %s', (target) => {
  let world: ExchangeWorld;
  beforeAll(async () => {
    world = await exchangeWorld(target);
  });
  afterAll(async () => {
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  const quote = async (token: string, from: string, to: string, amount: string) =>
    ok<Answer>(await world.call('/user/exchange', token, { from, to, amount })).quote;
  const execute = (
    token: string,
    q: { quoteId: string; from: string; to: string; amount: string },
    pin = PIN,
  ) => world.call('/user/exchange', token, { ...q, tradePassword: pin });
  const exchangeRows = async (user: ExchangeUser, token = user.real) => {
    const res = await fetch(`${world.server.api('/user/tx/record')}?reason=exchange&size=50`, {
      headers: { accesstoken: token },
    });
    return ok<{ list: TxRow[] }>((await res.json()) as never).list;
  };

  it('quotes USDT → TRY at the bid less the spread and fee, then books exactly that quote', async () => {
    const user = await world.user({ usdt: '500' });
    const before = world.clock.t;
    const q = await quote(user.real, 'USDT', 'TRY', '100');
    // 100 × 43.80 × 0.998 = 4371.24; fee 0.1 % = 4.37; receive 4366.87 (worked in domain tests).
    expect(q).toMatchObject({
      from: 'USDT',
      to: 'TRY',
      fromWallet: 'coin',
      toWallet: 'stock',
      amount: '100',
      rate: '43.7124',
      midRate: '43.85',
      spread: '0.003138',
      fee: '4.37',
      feeRate: '0.001',
      receive: '4366.87',
      expiresAt: before + 10_000,
    });
    expect(q.quoteId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // A quote moves no money.
    expect(await world.balances(user)).toMatchObject({ 'coin:USDT': '500', 'stock:TRY': '0' });
    world.clock.t += 10_000; // the last millisecond of its validity
    const done = ok<Answer>(await execute(user.real, q));
    expect(done).toMatchObject({ executed: true, quote: { quoteId: q.quoteId, receive: '4366.87' } });
    expect(await world.balances(user)).toMatchObject({ 'coin:USDT': '400', 'stock:TRY': '4366.87' });
    expect(await verifyLedger(world.db)).toEqual([]);
    const rows = await exchangeRows(user);
    // The fee withheld from the TRY paid out is shown on that line, as a trade's costs are.
    expect(rows.map((r) => [r.wallet, r.currency, r.amount, r.referenceId, r.fees])).toEqual([
      ['coin', 'USDT', '-100', q.quoteId, null],
      ['stock', 'TRY', '4366.87', q.quoteId, '4.37'],
    ]);
  });

  it('converts TRY → USDT at the ask, and a coin into a coin through USDT', async () => {
    const user = await world.user({ try: '1000', btc: '0.5' });
    const toUsdt = await quote(user.real, 'TRY', 'USDT', '1000');
    expect(toUsdt).toMatchObject({ rate: '0.02273348519', fee: '0.02273349', receive: '22.7107517' });
    ok(await execute(user.real, toUsdt));
    const toEth = await quote(user.real, 'BTC', 'ETH', '0.5');
    expect(toEth).toMatchObject({
      rate: '16.63333333',
      midRate: '16.67111185',
      // 0.5 × 16.63333333 = 8.316666665: fee 0.1 % half-up to ETH's wallet decimals (8), the
      // rest truncated to them. At ETH's market step (0.0001) it was 8.3083: 0.00005 ETH kept.
      fee: '0.00831667',
      receive: '8.30834999',
    });
    ok(await execute(user.real, toEth));
    const after = await world.balances(user);
    expect(after).toMatchObject({ 'stock:TRY': '0', 'coin:USDT': '22.7107517', 'coin:ETH': '8.30834999' });
    expect(after['coin:BTC']).toBeUndefined();
    expect(await verifyLedger(world.db)).toEqual([]);
    // Each exchange appears once per wallet currency it touched, newest first.
    const rows = await exchangeRows(user);
    expect(rows.map((r) => `${r.wallet}:${r.currency} ${r.amount}`)).toEqual([
      'coin:BTC -0.5',
      'coin:ETH 8.30834999',
      'coin:USDT 22.7107517',
      'stock:TRY -1000',
    ]);
  });

  it("counts a conversion into or out of a coin as the day's trade, its USDT as the trade's cash", async () => {
    // The day P&L valued a coin that came by conversion at its price 24 h ago (its whole day's
    // move counted) and the USDT it took as money gone (domain/portfolio/exchange-trades.ts).
    const user = await world.user({ try: '1000', usdt: '500', btc: '0.5' });
    const toBtc = await quote(user.real, 'USDT', 'BTC', '100');
    ok(await execute(user.real, toBtc));
    const toEth = await quote(user.real, 'BTC', 'ETH', '0.1');
    ok(await execute(user.real, toEth));
    const toUsdt = await quote(user.real, 'TRY', 'USDT', '1000');
    ok(await execute(user.real, toUsdt));
    const assets = ok<AssetsAnswer>(await world.call('/user/assets', user.real));
    expect(assets.today).toEqual([
      // Bought with 100 USDT, then 0.1 of it converted on to ETH (between coins: no cash).
      {
        wallet: 'coin',
        currency: 'BTC',
        qty: new Decimal(toBtc.receive).minus('0.1').toFixed(),
        cost: '100',
      },
      { wallet: 'coin', currency: 'ETH', qty: toEth.receive, cost: '0' },
    ]);
    // The USDT funded (500) and bought with lira are flows; the 100 paid for BTC is not.
    expect(assets.todayCash?.find((c) => c.wallet === 'coin')).toEqual({
      wallet: 'coin',
      currency: 'USDT',
      pnl: '0',
      flows: new Decimal('500').plus(toUsdt.receive).toFixed(),
    });
  });

  it('refuses an expired quote and never re-prices it; a new quote goes through', async () => {
    const user = await world.user({ usdt: '100' });
    const q = await quote(user.real, 'USDT', 'TRY', '50');
    world.clock.t += 10_001;
    const counts = await world.counts();
    const expired = await execute(user.real, q);
    expect(expired).toMatchObject({ code: -1001, key: 'QUOTE_EXPIRED' });
    expect(await world.counts()).toEqual(counts);
    expect(await world.balances(user)).toMatchObject({ 'coin:USDT': '100', 'stock:TRY': '0' });
    // The book moved meanwhile: the new quote says so, the old one was not silently applied.
    world.source.setBook('USDTTRY', 2, [['44.00', '100000']], [['44.10', '100000']]);
    const again = await quote(user.real, 'USDT', 'TRY', '50');
    expect(again.rate).toBe('43.912'); // 44.00 × 0.998
    ok(await execute(user.real, again));
    // 50 × 43.912 = 2195.6; fee 2.1956 → 2.20; receive 2193.40.
    expect(await world.balances(user)).toMatchObject({ 'coin:USDT': '50', 'stock:TRY': '2193.4' });
    world.source.setBook('USDTTRY', 3, [['43.80', '100000']], [['43.90', '100000']]);
  });

  it('books a quote once: a replay gets the booking back, another user and the other account type find no quote', async () => {
    // A client that lost the answer and sent no requestId replays the quote: "not valid, ask a
    // new one" read as "nothing happened" and the next quote converted twice. A quote is one
    // conversion: its replay answers that booking, and nothing moves.
    const user = await world.user({ usdt: '300' });
    const other = await world.user({ usdt: '300' });
    const q = await quote(user.real, 'USDT', 'TRY', '100');
    for (const token of [other.real, user.demo])
      expect(await execute(token, q)).toMatchObject({ code: -1001, key: 'QUOTE_NOT_FOUND' });
    const first = ok<Answer>(await execute(user.real, q));
    const counts = await world.counts();
    expect(ok<Answer>(await execute(user.real, q))).toEqual(first);
    // Still its owner's, with its terms and the trade password.
    for (const token of [other.real, user.demo])
      expect(await execute(token, q)).toMatchObject({ code: -1001, key: 'QUOTE_NOT_FOUND' });
    expect(await execute(user.real, { ...q, amount: '90' })).toMatchObject({ key: 'QUOTE_NOT_FOUND' });
    expect(await execute(user.real, q, '000000')).toMatchObject({ key: 'TRADE_PASSWORD_INCORRECT' });
    expect(await world.counts()).toEqual(counts);
    expect(await world.balances(user)).toMatchObject({ 'coin:USDT': '200', 'stock:TRY': '4366.87' });
    expect(await world.balances(other)).toMatchObject({ 'coin:USDT': '300', 'stock:TRY': '0' });
  });

  it('answers a retry of a booking with its requestId as the first time, moving once', async () => {
    // A phone that lost the first answer confirms again: the same requestId gets the booking back
    // (not QUOTE_NOT_FOUND, which read as nothing done); at a fresh quote it is refused, not booked.
    const user = await world.user({ usdt: '300' });
    const q = await quote(user.real, 'USDT', 'TRY', '100');
    const requestId = 'exchange-retry-1';
    const termsOf = ({ quoteId, from, to, amount }: typeof q) => ({ quoteId, from, to, amount });
    const first = ok<Answer>(
      await world.call('/user/exchange', user.real, { ...termsOf(q), tradePassword: PIN, requestId }),
    );
    const counts = await world.counts();
    const again = ok<Answer>(
      await world.call('/user/exchange', user.real, { ...termsOf(q), tradePassword: PIN, requestId }),
    );
    expect(again).toEqual(first);
    expect(await world.counts()).toEqual(counts);
    const fresh = await quote(user.real, 'USDT', 'TRY', '100');
    const quoted = await world.counts();
    expect(
      await world.call('/user/exchange', user.real, { ...termsOf(fresh), tradePassword: PIN, requestId }),
    ).toMatchObject({ code: -1001, key: 'REQUEST_ID_REUSED' });
    expect(await world.counts()).toEqual(quoted);
    expect((await world.balances(user))['coin:USDT']).toBe('200');
  });

  it('checks the balance again when booking: spent meanwhile → INSUFFICIENT_BALANCE, nothing moves', async () => {
    const user = await world.user({ usdt: '100' });
    const q = await quote(user.real, 'USDT', 'TRY', '100');
    const meta = { reason: 'test', referenceType: 'test', referenceId: 'spent', userId: user.id } as const;
    await transfer(world.db, {
      ...meta,
      accountType: 'real',
      fromWallet: 'coin',
      toWallet: 'contract',
      currency: 'USDT',
      amount: '1',
    });
    const counts = await world.counts();
    expect(await execute(user.real, q)).toMatchObject({ code: -1001, key: 'INSUFFICIENT_BALANCE' });
    expect(await world.counts()).toEqual(counts);
    expect(await world.balances(user)).toMatchObject({ 'coin:USDT': '99', 'stock:TRY': '0' });
  });

  it('never takes a balance below zero when quotes race for it, and books one quote once', async () => {
    const user = await world.user({ usdt: '300' });
    const quotes = await Promise.all([1, 2, 3, 4, 5].map(() => quote(user.real, 'USDT', 'TRY', '100')));
    const answers = await Promise.all(quotes.map((q) => execute(user.real, q)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.key === 'INSUFFICIENT_BALANCE')).toHaveLength(2);
    expect((await world.balances(user))['coin:USDT']).toBe('0');
    const rich = await world.user({ usdt: '1000' });
    const q = await quote(rich.real, 'USDT', 'TRY', '100');
    // Four at once of one quote: one booking, and every answer is that booking's.
    const same = await Promise.all([1, 2, 3, 4].map(() => execute(rich.real, q)));
    expect(same.map((a) => a.code)).toEqual([0, 0, 0, 0]);
    expect(new Set(same.map((a) => ok<Answer>(a).transactionId)).size).toBe(1);
    expect((await world.balances(rich))['coin:USDT']).toBe('900');
    expect(await verifyLedger(world.db)).toEqual([]);
  });

  it('exchanges inside the demo account with a demo token, leaving the real one alone', async () => {
    const user = await world.user({});
    const q = await quote(user.demo, 'USDT', 'TRY', '1000');
    ok(await execute(user.demo, q));
    // Demo starts with 10000 USDT and 1000000 TRY; 1000 × 43.7124 = 43712.4, fee 43.71 → 43668.69.
    expect(await world.balances(user, 'demo')).toMatchObject({
      'coin:USDT': '9000',
      'stock:TRY': '1043668.69',
    });
    expect(await world.balances(user)).toMatchObject({ 'coin:USDT': '0', 'stock:TRY': '0' });
    expect(await exchangeRows(user, user.demo)).toHaveLength(2);
    expect(await exchangeRows(user)).toHaveLength(0);
  });

  it('announces both wallets’ new balances on the private channel once booked', async () => {
    const user = await world.user({ usdt: '100' });
    const client = await openSocket(world.server.url, { query: 'lang=en-US' });
    try {
      client.send({ op: 'auth', token: user.real });
      await client.next((f) => f.op === 'authed');
      client.send({ op: 'sub', ch: 'balances' });
      await client.next((f) => f.op === 'subscribed');
      ok(await execute(user.real, await quote(user.real, 'USDT', 'TRY', '100')));
      const frame = await client.next(
        (f: ServerMessage): f is PrivateMessage => f.op === 'private' && f.ch === 'balances',
      );
      const { accountType, balances } = frame.data as { accountType: string; balances: WalletBalance[] };
      expect(accountType).toBe('real');
      const of = (wallet: string, currency: string) =>
        balances.find((b) => b.wallet === wallet && b.currency === currency)?.available;
      expect([of('coin', 'USDT'), of('stock', 'TRY')]).toEqual(['0', '4366.87']);
    } finally {
      await client.close();
    }
  });
});
