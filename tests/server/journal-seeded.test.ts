import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockCosts } from '../../domain/rules/costs';
import type { JournalTrade, ReportSummary } from '../../domain/protocol/learn';
import { userBalances } from '../../server/ledger/balances';
import { pick, rng, seedFromEnv } from '../support/random';
import { dbTargets } from '../support/server';
import { api, balance, MONDAY_NOON, spotWorld, trader, type SpotWorld, type Trader } from './spot-support';

const SEED = seedFromEnv();
const STEPS = 24;
const COSTS = { commissionRate: '0.0015', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0.00003' };

/**
 * A seeded journey of market buys and sells of THYAO at whole prices 95–105, sold flat at the
 * end. Worked alongside, first in first out, with the cost formula the broker books: each selling
 * order's P&L, so the journal's trades, the report's totals and the cash the wallet gained must
 * all agree with it. SEED=<n> replays a run.
 */
describe.each(dbTargets())(`the journal over a seeded journey (SEED=${SEED}) on %s`, (target) => {
  let world: SpotWorld;
  let call: ReturnType<typeof api>;
  let me: Trader;
  const expected: { pnl: Decimal; openedAt: number; closedAt: number }[] = [];

  async function order(side: 'buy' | 'sell', price: number, qty: number) {
    world.source.setBook('THYAO', 1, [[`${price}.00`, '100000']], [[`${price}.00`, '100000']]);
    const res = await call.post(`/stock/order/${side}`, me.token, {
      symbol: 'THYAO',
      type: 'market',
      quantity: String(qty),
    });
    expect(res, `SEED=${SEED} ${JSON.stringify(res)}`).toMatchObject({ code: 0 });
  }

  beforeAll(async () => {
    world = await spotWorld(target);
    call = api(world);
    me = await trader(world.db);
    const random = rng(SEED);
    const lots: { qty: number; price: number; costPerUnit: Decimal; t: number }[] = [];
    const sell = async (qty: number, price: number) => {
      await order('sell', price, qty);
      let left = qty;
      let pnl = new Decimal(price * qty).minus(stockCosts(price * qty, COSTS).total);
      let openedAt = Infinity;
      while (left > 0) {
        const lot = lots[0];
        if (!lot) throw new Error('sold more than bought');
        const take = Math.min(lot.qty, left);
        pnl = pnl.minus(new Decimal(lot.price * take)).minus(lot.costPerUnit.mul(take));
        openedAt = Math.min(openedAt, lot.t);
        lot.qty -= take;
        left -= take;
        if (lot.qty === 0) lots.shift();
      }
      expected.push({ pnl, openedAt, closedAt: world.clock.now() });
    };
    for (let step = 0; step < STEPS; step++) {
      world.clock.set(MONDAY_NOON + step * 10 * 60_000);
      const price = 95 + Math.floor(random() * 11);
      const held = lots.reduce((n, l) => n + l.qty, 0);
      if (held === 0 || random() < 0.55) {
        const qty = pick(random, [1, 3, 7, 10, 25]);
        await order('buy', price, qty);
        const amount = price * qty;
        lots.push({
          qty,
          price,
          costPerUnit: new Decimal(stockCosts(amount, COSTS).total).div(qty),
          t: world.clock.now(),
        });
      } else await sell(Math.max(1, Math.floor(held * random())), price);
    }
    world.clock.set(MONDAY_NOON + STEPS * 10 * 60_000);
    const held = lots.reduce((n, l) => n + l.qty, 0);
    if (held > 0) await sell(held, 100);
  });
  afterAll(async () => world?.close());

  it('derives one trade per selling order, with the P&L worked first in, first out', async () => {
    const page = await call.post<{ list: JournalTrade[]; total: number }>('/user/journal/list', me.token, {
      size: '100',
    });
    const got = [...page.data.list].reverse();
    expect(got.length, `SEED=${SEED}`).toBe(expected.length);
    got.forEach((t, i) => {
      const want = expected[i];
      expect(t.pnl, `SEED=${SEED} trade ${i}`).toBe(
        want?.pnl.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(),
      );
      expect([t.openedAt, t.closedAt]).toEqual([want?.openedAt, want?.closedAt]);
    });
  });

  it('reports totals that are the cash the wallet gained, wins and losses counted', async () => {
    const report = await call.post<ReportSummary>('/user/report/summary', me.token, {});
    const stats = report.data.overall.find((o) => o.currency === 'TRY')?.stats;
    const cash = balance(await userBalances(world.db, me.userId, 'real'), 'stock', 'TRY').available;
    const gained = new Decimal(cash).minus(100000);
    expect(stats?.totalPnl, `SEED=${SEED}`).toBe(gained.toFixed());
    expect(stats?.trades).toBe(expected.length);
    expect(stats?.wins).toBe(expected.filter((e) => e.pnl.gt(0)).length);
    expect(stats?.losses).toBe(expected.filter((e) => e.pnl.lt(0)).length);
    // The deepest fall of the running total, worked again here.
    let run = new Decimal(0);
    let peak = new Decimal(0);
    let deepest = new Decimal(0);
    for (const e of expected) {
      run = run.plus(e.pnl);
      peak = Decimal.max(peak, run);
      deepest = Decimal.max(deepest, peak.minus(run));
    }
    expect(stats?.maxDrawdown).toBe(deepest.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed());
  });
});
