import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionPosition, OptionRule, OptionStatistics } from '../../domain/protocol/options';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { optionPositions } from '../../server/db/schema/options';
import { messages } from '../../server/db/schema/content';
import { userBalances } from '../../server/ledger/balances';
import { runOptionPass } from '../../server/options/pass';
import { subscribeUserEvents } from '../../server/events';
import { dbTargets } from '../support/server';
import { api, balance, expectCleanLedger, MONDAY_NOON } from './spot-support';
import {
  DAY,
  FRIDAY_CLOSE,
  HOUR,
  holder,
  MONDAY_CLOSE,
  MONTH_CLOSE,
  optionWorld,
  type Holder,
  type OptionWorld,
} from './options-support';

type Page<T> = { list: T[]; total: number };

/**
 * Options on a virtual clock, worked by hand with the default terms (multiplier 100, fee 0.3% at
 * least 1 TRY, rate 40%) on THYAO at 100.00 with σ = 30%, bought Monday 12:00 Istanbul:
 *   day expiry (18:00, T = 6 h = 6/8760 y): σ√T = 0.3·0.0261712 = 0.00785136,
 *     d1 = (0 + (0.4 + 0.045)·0.000684932)/0.00785136 = 0.0388206, d2 = 0.0309692, K·e^(−rT) = 99.972606
 *     call = 100·N(d1) − 99.972606·N(d2) = 0.3270676 → 0.3270;  put = 0.2996741 → 0.2996
 *   week expiry (Friday 18:00, T = 102 h): d1 = 0.1600615, d2 = 0.1276895, K·e^(−rT) = 99.535330
 *     call = 1.5340446 → 1.5340
 * A: 2 calls K 100 (day): 0.3270·100·2 = 65.40 + fee max(0.19, 1) = 1 → cost 66.40;
 *    settles at the last print before 18:00, 104.35: payoff 4.35·100·2 = 870; P&L 803.60, ratio 12.1024
 * B: 3 puts K 100 (day): 0.2996·300 = 89.88 + 1 → 90.88; worthless at 104.35: P&L −90.88, ratio −1
 * C: 5 calls K 100 (week): 1.5340·500 = 767.00 + 2.30 (767·0.003 = 2.301) → 769.30; closed Tuesday
 *    12:00 at spot 103.00, T = 78 h: model 3.5265744 → 3.5265, × 0.98 = 3.45597 → 3.4559 a share,
 *    gross 3.4559·500 = 1727.95, fee 5.18 (5.18385), net 1722.77: P&L 953.47, ratio 1.2393
 * Stock TRY: 10000 − 66.40 − 90.88 − 769.30 + 870 + 1722.77 = 11666.19 = 10000 + 803.60 − 90.88 + 953.47
 */
describe.each(dbTargets())('stock options bought, settled and closed on %s', (target) => {
  let world: OptionWorld;
  let call: ReturnType<typeof api>;
  let u: Holder;
  beforeAll(async () => {
    world = await optionWorld(target);
    call = api(world as never);
    u = await holder(world.db, '10000');
  });
  afterAll(async () => world?.close());

  const cash = async (token: 'real' | 'demo' = 'real') =>
    balance(await userBalances(world.db, u.userId, token), 'stock', 'TRY').available;
  const buy = (fields: Record<string, string>, token = u.token) =>
    call.post<OptionPosition>('/stock/order/option/apply', token, {
      action: 'buy',
      symbol: 'THYAO',
      ...fields,
    });

  it('answers the rules: strikes around the price, expiries on session closes, the terms', async () => {
    const rule = await call.get<OptionRule>('/stock/index/option/rule', '', { symbol: 'THYAO' });
    expect(rule.code).toBe(0);
    expect(rule.data).toMatchObject({
      symbol: 'THYAO',
      currency: 'TRY',
      spot: '100.00',
      volatility: '0.3',
      rate: '0.40',
      multiplier: 100,
      feeRate: '0.003',
      minFee: '1',
      minPremium: '10',
      maxContracts: '1000',
      closeSpread: '0.02',
      priceTolerance: '0.02',
      marketOpen: true,
    });
    // 2.5% of 100.00 is 2.50: 87.50 … 112.50
    expect(rule.data.strikes).toEqual([
      '87.50',
      '90.00',
      '92.50',
      '95.00',
      '97.50',
      '100.00',
      '102.50',
      '105.00',
      '107.50',
      '110.00',
      '112.50',
    ]);
    expect(rule.data.expiries).toEqual([
      { kind: 'day', expiresAt: MONDAY_CLOSE },
      { kind: 'week', expiresAt: FRIDAY_CLOSE },
      { kind: 'month', expiresAt: MONTH_CLOSE },
    ]);
  });

  it('buys, settles in and out of the money, closes early — every balance equal to the ledger', async () => {
    const a = await buy({
      kind: 'call',
      strike: '100.00',
      expiresAt: String(MONDAY_CLOSE),
      contracts: '2',
      premium: '0.3270',
    });
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({
      kind: 'call',
      strike: '100',
      contracts: '2',
      multiplier: 100,
      openPrice: '100',
      premium: '0.327',
      premiumTotal: '65.4',
      fee: '1',
      cost: '66.4',
      status: 'open',
      pnl: null,
      closePrice: null,
    });
    const b = await buy({
      kind: 'put',
      strike: '100',
      expiresAt: String(MONDAY_CLOSE),
      contracts: '3',
      premium: '0.2996',
    });
    expect(b.data).toMatchObject({ premium: '0.2996', premiumTotal: '89.88', fee: '1', cost: '90.88' });
    const c = await buy({
      kind: 'call',
      strike: '100',
      expiresAt: String(FRIDAY_CLOSE),
      contracts: '5',
      premium: '1.5340',
    });
    expect(c.data).toMatchObject({ premium: '1.534', premiumTotal: '767', fee: '2.3', cost: '769.3' });
    expect(await cash()).toBe('9073.42');
    await expectCleanLedger(world.db);

    // Prints around the close: the last one at or before 18:00 settles; the one after does not count.
    world.source.emitTrades('THYAO', [
      { id: 'T1', t: MONDAY_CLOSE - 5 * 60_000, price: '103.90', qty: '10', side: 'buy' },
      { id: 'T2', t: MONDAY_CLOSE - 1_000, price: '104.35', qty: '5', side: 'buy' },
      { id: 'T3', t: MONDAY_CLOSE + 1_000, price: '110.00', qty: '5', side: 'buy' },
    ]);
    world.clock.set(MONDAY_CLOSE - 1);
    await runOptionPass(world.db, world.market, MONDAY_CLOSE - 1);
    expect(await cash()).toBe('9073.42');
    // Listening before the clock moves: whichever pass settles (this one or the owned job's, on
    // the same virtual clock), its events reach the user's listeners.
    const heard: { ch: string; data: unknown }[] = [];
    const off = subscribeUserEvents(u.userId, {
      accountType: 'real',
      event: (ch, data) => heard.push({ ch, data }),
      sessionsEnded: () => undefined,
    });
    world.clock.set(MONDAY_CLOSE + 2 * HOUR);
    await runOptionPass(world.db, world.market, MONDAY_CLOSE + 2 * HOUR);
    off();
    // Once only: a second pass finds nothing open and due.
    expect(await runOptionPass(world.db, world.market, MONDAY_CLOSE + 2 * HOUR)).toBe(0);
    expect(await cash()).toBe('9943.42');
    // The pass told the user's sockets: the message and the new balances.
    expect(heard.map((e) => e.ch)).toContain('messages');
    const last = heard.filter((e) => e.ch === 'balances').at(-1)?.data as {
      accountType: string;
      balances: Parameters<typeof balance>[0];
    };
    expect(last.accountType).toBe('real');
    expect(balance(last.balances, 'stock', 'TRY').available).toBe('9943.42');
    const list = await call.get<Page<OptionPosition>>('/stock/order/option/list', u.token);
    const byId = new Map(list.data.list.map((p) => [p.id, p]));
    expect(byId.get(a.data.id)).toMatchObject({
      status: 'expired',
      closePrice: '104.35',
      payoff: '870',
      closeFee: '0',
      pnl: '803.6',
      pnlRatio: '12.1024',
      closedAt: MONDAY_CLOSE,
    });
    expect(byId.get(b.data.id)).toMatchObject({
      status: 'expired',
      payoff: '0',
      pnl: '-90.88',
      pnlRatio: '-1',
    });
    expect(byId.get(c.data.id)).toMatchObject({ status: 'open' });
    const told = await world.db.select().from(messages).where(eq(messages.userId, u.userId));
    expect(told.map((m) => m.title['en-US'])).toEqual([
      'Your THYAO option expired',
      'Your THYAO option expired',
    ]);
    expect(told.map((m) => m.body['en-US']).sort()).toEqual([
      'Your THYAO call at strike ₺100.00 settled at ₺104.35; ₺870.00 was credited to your account.',
      'Your THYAO put at strike ₺100.00 expired worthless at a settlement price of ₺104.35; your loss is limited to the premium and fee you paid.',
    ]);
    // Each language writes money its own way (the audit saw "104.35 TRY" in the Turkish text).
    expect(told.map((m) => m.body['tr-TR']).sort()[0]).toBe(
      'THYAO ₺100,00 kullanım fiyatlı alım (call) opsiyonunuz ₺104,35 uzlaşma fiyatından kapandı; hesabınıza ₺870,00 yatırıldı.',
    );

    // Tuesday 12:00, spot 103.00: C is sold back at the model less the 2% spread.
    world.clock.set(MONDAY_NOON + DAY);
    world.source.setTicker('THYAO', { last: '103.00' });
    const closed = await call.post<OptionPosition>('/stock/order/option/apply', u.token, {
      action: 'close',
      id: c.data.id,
      premium: '3.4559',
    });
    expect(closed.code).toBe(0);
    expect(closed.data).toMatchObject({
      status: 'closed',
      closePrice: '103',
      payoff: '1722.77',
      closeFee: '5.18',
      pnl: '953.47',
      pnlRatio: '1.2393',
      closedAt: MONDAY_NOON + DAY,
    });
    expect(await cash()).toBe('11666.19');
    await expectCleanLedger(world.db);
  });

  it('sums the statistics from the ledger, and they agree with the positions and the balance', async () => {
    const stats = await call.get<OptionStatistics>('/stock/order/option/statistics', u.token);
    expect(stats.data).toEqual({
      premiumPaid: '922.28',
      feesPaid: '9.48',
      payoffReceived: '2597.95',
      pnl: '1666.19',
      wins: 2,
      losses: 1,
      open: 0,
    });
    // The same figures straight from the ledger lines naming this user's positions.
    const lines = await world.db
      .select({ reason: ledgerTransactions.reason, code: ledgerAccounts.code, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(
        optionPositions,
        and(
          eq(ledgerTransactions.referenceType, 'option_position'),
          eq(ledgerTransactions.referenceId, sql`${optionPositions.id}::text`),
        ),
      )
      .where(eq(optionPositions.userId, u.userId));
    const sum = (pick: (l: (typeof lines)[number]) => boolean) =>
      lines.filter(pick).reduce((s, l) => s.plus(l.amount), new Decimal(0));
    const mine = `user:${u.userId}:real:stock:TRY:available`;
    expect(sum((l) => l.code === 'system:fees:TRY').toFixed()).toBe(stats.data.feesPaid);
    expect(sum((l) => l.code === 'system:options:TRY' && l.reason === 'option_buy').toFixed()).toBe(
      stats.data.premiumPaid,
    );
    // What the user's account gained from options is the P&L (everything is finished).
    expect(sum((l) => l.code === mine).toFixed()).toBe(stats.data.pnl);
    const list = await call.get<Page<OptionPosition>>('/stock/order/option/list', u.token);
    const pnls = list.data.list.reduce((s, p) => s.plus(p.pnl ?? '0'), new Decimal(0));
    expect(pnls.toFixed()).toBe(stats.data.pnl);
    expect(new Decimal(await cash()).minus('10000').toFixed()).toBe(stats.data.pnl);
  });

  it('trades a demo account with demo money, apart from the real one', async () => {
    const demoBefore = await cash('demo');
    const realBefore = await cash('real');
    const bought = await buy(
      {
        kind: 'put',
        strike: '100',
        expiresAt: String(FRIDAY_CLOSE + 4 * DAY),
        contracts: '1',
        premium: '100',
      },
      u.demo,
    );
    // Tuesday 12:00 at 103.00: the offered expiries moved on (day Tue, week Fri, month Mon 30 Nov).
    expect(bought.key).toBe('OPTION_EXPIRY_UNKNOWN');
    const ok = await buy(
      { kind: 'call', strike: '102.50', expiresAt: String(FRIDAY_CLOSE), contracts: '1', premium: '100' },
      u.demo,
    );
    expect(ok.code).toBe(0);
    expect(new Decimal(demoBefore).minus(await cash('demo')).toFixed()).toBe(ok.data.cost);
    expect(await cash('real')).toBe(realBefore);
    const realList = await call.get<Page<OptionPosition>>('/stock/order/option/list', u.token, {
      status: 'open',
    });
    expect(realList.data.total).toBe(0);
    const demoList = await call.get<Page<OptionPosition>>('/stock/order/option/list', u.demo, {
      status: 'open',
    });
    expect(demoList.data.list.map((p) => p.id)).toEqual([ok.data.id]);
    await expectCleanLedger(world.db);
  });
});
