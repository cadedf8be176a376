import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { OptionPosition, OptionRule, OptionStatistics } from '../../domain/protocol/options';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { optionPositions } from '../../server/db/schema/options';
import { messages } from '../../server/db/schema/content';
import { userBalances } from '../../server/ledger/balances';
import { runOptionPass } from '../../server/options/pass';
import { eventsOf } from '../../server/app-state';
import { dbTargets } from '../support/server';
import { api, balance, expectCleanLedger, MONDAY_NOON } from './spot-support';
import { DAY, FRIDAY_CLOSE, HOUR, holder, MONDAY_CLOSE, MONTH_CLOSE, optionWorld } from './options-support';

type Page<T> = { list: T[]; total: number };

/**
 * Options on a virtual clock with the default terms (multiplier 100, fee 0.3% at least 1 TRY,
 * premiums discounted at 40%) on THYAO at 100.00 with σ = 30%, bought Monday 12:00 Istanbul. The
 * scripted market trades around the clock, so trading time is calendar time; the premiums are
 * domain/options/model's (its vectors in model.test.ts), the money below is worked by hand:
 *   day (18:00, 6 h): call 0.3128689 → 0.3128, put 0.3097876 → 0.3097
 *   week (Friday 18:00, 102 h): call 1.3114893 → 1.3114
 * A: 2 calls K 100 (day): 0.3128·100·2 = 62.56 + fee max(0.18, 1) = 1 → cost 63.56;
 *    settles at the last print before 18:00, 104.35: payoff 4.35·100·2 = 870; P&L 806.44, ratio 12.6878
 * B: 3 puts K 100 (day): 0.3097·300 = 92.91 + 1 → 93.91; worthless at 104.35: P&L −93.91, ratio −1
 * C: 5 calls K 100 (week): 1.3114·500 = 655.70 + 1.96 (655.7·0.003 = 1.9671) → 657.66; closed Tuesday
 *    12:00 at spot 103.00, 78 h left: model 3.2436930 → 3.2436, × 0.98 = 3.178728 → 3.1787 a share,
 *    gross 3.1787·500 = 1589.35, fee 4.76 (4.76805), net 1584.59: P&L 926.93, ratio 1.4094
 * Stock TRY: 10000 − 63.56 − 93.91 − 657.66 + 870 + 1584.59 = 11639.46 = 10000 + 806.44 − 93.91 + 926.93
 */
describe.each(dbTargets())('stock options bought, settled and closed on %s', (target) => {
  const t = sharedWorld(
    () => optionWorld(target),
    async (world) => ({ call: api(world as never), u: await holder(world.db, '10000') }),
  );

  const cash = async (token: 'real' | 'demo' = 'real') =>
    balance(await userBalances(t.world.db, t.u.userId, token), 'stock', 'TRY').available;
  const buy = (fields: Record<string, string>, token = t.u.token) =>
    t.call.post<OptionPosition>('/stock/order/option/apply', token, {
      action: 'buy',
      symbol: 'THYAO',
      ...fields,
    });

  it('answers the rules: strikes around the price, expiries on session closes, the terms', async () => {
    const rule = await t.call.get<OptionRule>('/stock/index/option/rule', '', { symbol: 'THYAO' });
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
      premium: '0.3128',
    });
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({
      kind: 'call',
      strike: '100',
      contracts: '2',
      multiplier: 100,
      openPrice: '100',
      premium: '0.3128',
      premiumTotal: '62.56',
      fee: '1',
      cost: '63.56',
      status: 'open',
      pnl: null,
      closePrice: null,
    });
    const b = await buy({
      kind: 'put',
      strike: '100',
      expiresAt: String(MONDAY_CLOSE),
      contracts: '3',
      premium: '0.3097',
    });
    expect(b.data).toMatchObject({ premium: '0.3097', premiumTotal: '92.91', fee: '1', cost: '93.91' });
    const c = await buy({
      kind: 'call',
      strike: '100',
      expiresAt: String(FRIDAY_CLOSE),
      contracts: '5',
      premium: '1.3114',
    });
    expect(c.data).toMatchObject({ premium: '1.3114', premiumTotal: '655.7', fee: '1.96', cost: '657.66' });
    expect(await cash()).toBe('9184.87');
    await expectCleanLedger(t.world.db);

    // Prints around the close: the last one at or before 18:00 settles; the one after does not count.
    t.world.source.emitTrades('THYAO', [
      { id: 'T1', t: MONDAY_CLOSE - 5 * 60_000, price: '103.90', qty: '10', side: 'buy' },
      { id: 'T2', t: MONDAY_CLOSE - 1_000, price: '104.35', qty: '5', side: 'buy' },
      { id: 'T3', t: MONDAY_CLOSE + 1_000, price: '110.00', qty: '5', side: 'buy' },
    ]);
    t.world.clock.set(MONDAY_CLOSE - 1);
    await runOptionPass(t.world.db, t.world.market, MONDAY_CLOSE - 1);
    expect(await cash()).toBe('9184.87');
    // Listening before the clock moves: whichever pass settles (this one or the owned job's, on
    // the same virtual clock), its events reach the user's listeners.
    const heard: { ch: string; data: unknown }[] = [];
    const off = eventsOf(t.world.db).subscribe(t.u.userId, {
      accountType: 'real',
      event: (ch, text) => heard.push({ ch, data: JSON.parse(text) as unknown }),
      sessionsEnded: () => undefined,
    });
    t.world.clock.set(MONDAY_CLOSE + 2 * HOUR);
    await runOptionPass(t.world.db, t.world.market, MONDAY_CLOSE + 2 * HOUR);
    off();
    // Once only: a second pass finds nothing open and due.
    expect(await runOptionPass(t.world.db, t.world.market, MONDAY_CLOSE + 2 * HOUR)).toBe(0);
    expect(await cash()).toBe('10054.87');
    // The pass told the user's sockets: the message and the new balances.
    expect(heard.map((e) => e.ch)).toContain('messages');
    const last = heard.filter((e) => e.ch === 'balances').at(-1)?.data as {
      accountType: string;
      balances: Parameters<typeof balance>[0];
    };
    expect(last.accountType).toBe('real');
    expect(balance(last.balances, 'stock', 'TRY').available).toBe('10054.87');
    const list = await t.call.get<Page<OptionPosition>>('/stock/order/option/list', t.u.token);
    const byId = new Map(list.data.list.map((p) => [p.id, p]));
    expect(byId.get(a.data.id)).toMatchObject({
      status: 'expired',
      closePrice: '104.35',
      payoff: '870',
      closeFee: '0',
      pnl: '806.44',
      pnlRatio: '12.6878',
      closedAt: MONDAY_CLOSE,
    });
    expect(byId.get(b.data.id)).toMatchObject({
      status: 'expired',
      payoff: '0',
      pnl: '-93.91',
      pnlRatio: '-1',
    });
    expect(byId.get(c.data.id)).toMatchObject({ status: 'open' });
    const told = await t.world.db.select().from(messages).where(eq(messages.userId, t.u.userId));
    expect(told.map((m) => m.title['en-US'])).toEqual([
      'Your THYAO option expired',
      'Your THYAO option expired',
    ]);
    expect(told.map((m) => m.body['en-US']).sort()).toEqual([
      'Your THYAO call at strike ₺100.00 settled at ₺104.35; ₺870.00 was credited to your account.',
      'Your THYAO put at strike ₺100.00 expired worthless at a settlement price of ₺104.35; your loss is limited to the premium and fee you paid.',
    ]);
    // Each language writes money its own way (not "104.35 TRY" in the Turkish text).
    expect(told.map((m) => m.body['tr-TR']).sort()[0]).toBe(
      'THYAO ₺100,00 kullanım fiyatlı alım (call) opsiyonunuz ₺104,35 uzlaşma fiyatından kapandı; hesabınıza ₺870,00 yatırıldı.',
    );

    // Tuesday 12:00, spot 103.00: C is sold back at the model less the 2% spread.
    t.world.clock.set(MONDAY_NOON + DAY);
    t.world.source.setTicker('THYAO', { last: '103.00' });
    const closed = await t.call.post<OptionPosition>('/stock/order/option/apply', t.u.token, {
      action: 'close',
      id: c.data.id,
      premium: '3.1787',
    });
    expect(closed.code).toBe(0);
    expect(closed.data).toMatchObject({
      status: 'closed',
      closePrice: '103',
      payoff: '1584.59',
      closeFee: '4.76',
      pnl: '926.93',
      pnlRatio: '1.4094',
      closedAt: MONDAY_NOON + DAY,
    });
    expect(await cash()).toBe('11639.46');
    await expectCleanLedger(t.world.db);
  });

  it('sums the statistics from the ledger, and they agree with the positions and the balance', async () => {
    const stats = await t.call.get<OptionStatistics>('/stock/order/option/statistics', t.u.token);
    expect(stats.data).toEqual({
      premiumPaid: '811.17',
      feesPaid: '8.72',
      payoffReceived: '2459.35',
      pnl: '1639.46',
      wins: 2,
      losses: 1,
      open: 0,
    });
    // The same figures straight from the ledger lines naming this user's positions.
    const lines = await t.world.db
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
      .where(eq(optionPositions.userId, t.u.userId));
    const sum = (pick: (l: (typeof lines)[number]) => boolean) =>
      lines.filter(pick).reduce((s, l) => s.plus(l.amount), new Decimal(0));
    const mine = `user:${t.u.userId}:real:stock:TRY:available`;
    expect(sum((l) => l.code === 'system:fees:TRY').toFixed()).toBe(stats.data.feesPaid);
    expect(sum((l) => l.code === 'system:options:TRY' && l.reason === 'option_buy').toFixed()).toBe(
      stats.data.premiumPaid,
    );
    // What the user's account gained from options is the P&L (everything is finished).
    expect(sum((l) => l.code === mine).toFixed()).toBe(stats.data.pnl);
    const list = await t.call.get<Page<OptionPosition>>('/stock/order/option/list', t.u.token);
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
      t.u.demo,
    );
    // Tuesday 12:00 at 103.00: the offered expiries moved on (day Tue, week Fri, month Mon 30 Nov).
    expect(bought.key).toBe('OPTION_EXPIRY_UNKNOWN');
    const ok = await buy(
      { kind: 'call', strike: '102.50', expiresAt: String(FRIDAY_CLOSE), contracts: '1', premium: '100' },
      t.u.demo,
    );
    expect(ok.code).toBe(0);
    expect(new Decimal(demoBefore).minus(await cash('demo')).toFixed()).toBe(ok.data.cost);
    expect(await cash('real')).toBe(realBefore);
    const realList = await t.call.get<Page<OptionPosition>>('/stock/order/option/list', t.u.token, {
      status: 'open',
    });
    expect(realList.data.total).toBe(0);
    const demoList = await t.call.get<Page<OptionPosition>>('/stock/order/option/list', t.u.demo, {
      status: 'open',
    });
    expect(demoList.data.list.map((p) => p.id)).toEqual([ok.data.id]);
    await expectCleanLedger(t.world.db);
  });
});
