import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiBasket, AiOrderDetails, AiProduct, AiProductInfo } from '../../domain/protocol/ai-products';
import { runAiPass } from '../../server/ai-products/pass';
import { aiFills, aiMarks } from '../../server/db/schema/ai-products';
import { messages } from '../../server/db/schema/content';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { userBalances } from '../../server/ledger/balances';
import { operatorAudit } from '../../server/db/schema/system';
import { parseCommand } from '../../server/operator/cli-commands';
import { dbTargets, postForm } from '../support/server';
import { holder, type Holder } from './options-support';
import { api, balance, expectCleanLedger, MONDAY_NOON, requireTradePassword } from './spot-support';
import { AI_OPERATOR_KEY, mondayAiWorld, DAY, HOUR, type AiWorld } from './ai-products-support';

type Page<T> = { list: T[]; total: number };
const PIN = '246810';

/**
 * One order of `mom-2` (momentum over 2 days, top 2, equal weights) on a virtual clock, worked by
 * hand with the default stock costs (commission 0.15%, BSMV 5% of it, exchange fee 0.003%, each
 * rounded half up to kuruş; a lot is 1 share; fills at the last price):
 * Buy 10 000 Monday 12:00: closes AAA 10→11→12.1 (+21%), BBB 20→20→21 (+5%), CCC 50→49→49:
 *   AAA 5000/(12·1.001605) → 415 @ 12 = 4980 + 7.47 + 0.37 + 0.15 = 4987.99
 *   BBB 5000/(20·1.001605) → 249 @ 20 = 4980 + 7.99 = 4987.99; cash 24.02
 * Rebalance a week later: AAA 12→12→11, BBB 21→21→22, CCC 49→50→55: basket CCC, BBB. At AAA 11,
 *   BBB 22, CCC 55 the value is 24.02 + 4565 + 5478 = 10067.02, half 5033.51: BBB 228, CCC 91.
 *   sell AAA 415 @ 11 = 4565 − (6.85 + 0.34 + 0.14 = 7.33); sell BBB 21 @ 22 = 462 − 0.73;
 *   buy CCC 91 @ 55 = 5005 + 8.04 → cash 24.02 + 4557.67 + 461.27 − 5013.04 = 29.92
 * Add 2000 an hour later: value 12050.92, half 6025.46: BBB 273 (+45), CCC 109 (+18):
 *   BBB 45 @ 22 = 990 + 1.59, CCC 18 @ 55 = 990 + 1.59 → cash 2029.92 − 1983.18 = 46.74
 * Redeem an hour later at BBB 23, CCC 56: 273 @ 23 = 6279 − 10.08; 109 @ 56 = 6104 − 9.80
 *   → paid out 46.74 + 6268.92 + 6094.20 = 12409.86; P&L 409.86 on 12 000 (0.034155)
 * Stock TRY: 20 000 − 10 000 − 2000 + 12 409.86 = 20 409.86. Costs 55.14 in all.
 */
describe.each(dbTargets())(
  'an AI product order bought, rebalanced, added to and redeemed on %s',
  (target) => {
    let world: AiWorld;
    let call: ReturnType<typeof api>;
    let u: Holder;
    let orderId = '';
    const WEEK = MONDAY_NOON + 7 * DAY;
    beforeAll(async () => {
      world = await mondayAiWorld(target);
      call = api(world as never);
      u = await holder(world.db, '20000');
      await requireTradePassword(world.db, u.userId, PIN);
    });
    afterAll(async () => world?.close());

    const cash = async () =>
      balance(await userBalances(world.db, u.userId, 'real'), 'stock', 'TRY').available;
    const details = async () =>
      (await call.post<AiOrderDetails>('/stock/ai/order/details', u.token, { id: orderId })).data;
    const holdings = (o: AiOrderDetails) => o.holdings.map((h) => [h.symbol, h.qty]);
    /** The order's value recomputed from its fills alone: money in, trades, money out, shares at last. */
    const fromFills = async (paidIn: string, paidOut: string, prices: Record<string, string>) => {
      const fills = await world.db
        .select()
        .from(aiFills)
        .where(eq(aiFills.orderId, BigInt(orderId)))
        .orderBy(asc(aiFills.id));
      let c = new Decimal(paidIn).minus(paidOut);
      const shares = new Map<string, Decimal>();
      for (const f of fills) {
        const sign = f.side === 'buy' ? 1 : -1;
        c = c.minus(new Decimal(f.amount).times(sign)).minus(f.costs);
        shares.set(f.symbol, (shares.get(f.symbol) ?? new Decimal(0)).plus(new Decimal(f.qty).times(sign)));
      }
      let value = c;
      for (const [s, q] of shares) value = value.plus(q.times(prices[s] ?? 0));
      return { cash: c.toFixed(), value: value.toFixed() };
    };

    it('lists the product and its basket now, from closed bars only', async () => {
      const list = await call.post<Page<AiProduct>>('/stock/ai/list', '');
      expect(list.code).toBe(0);
      expect(list.data.list.map((p) => [p.id, p.kind, p.count, p.minAmount])).toEqual([
        ['mom-2', 'momentum', 2, '1000'],
      ]);
      expect(list.data.list[0]?.performance).toMatchObject({ return: null, rebalances: 0, orders: 0 });
      const basket = await call.post<AiBasket>('/stock/ai/stocks', '', { id: 'mom-2' });
      expect(basket.data.list.map((l) => [l.symbol, l.name, l.weight, l.score, l.price])).toEqual([
        ['AAA', 'Alfa', '0.5', '0.21', '12'],
        ['BBB', 'Beta', '0.5', '0.05', '20'],
      ]);
    });

    it("buys the basket in whole lots with the stock costs, the shares in the order's own accounts", async () => {
      const bought = await call.post<AiOrderDetails>('/stock/ai/buy', u.token, {
        action: 'buy',
        id: 'mom-2',
        amount: '10000',
        tradePassword: PIN,
      });
      expect(bought.code).toBe(0);
      orderId = bought.data.id;
      expect(bought.data).toMatchObject({
        status: 'open',
        paidIn: '10000',
        cash: '24.02',
        value: '9984.02',
        costs: '15.98',
      });
      expect(holdings(bought.data)).toEqual([
        ['AAA', '415'],
        ['BBB', '249'],
      ]);
      expect(bought.data.fills.map((f) => [f.symbol, f.side, f.qty, f.price, f.costs, f.reason])).toEqual([
        ['AAA', 'buy', '415', '12', '7.99', 'buy'],
        ['BBB', 'buy', '249', '20', '7.99', 'buy'],
      ]);
      expect(await cash()).toBe('10000');
      // Not the user's own shares: the stock wallet holds no AAA.
      expect(balance(await userBalances(world.db, u.userId, 'real'), 'stock', 'AAA').available).toBe('0');
      // But the account's assets count the order at its value, so the portfolio total stays whole.
      const assets = await call.post<{ products: unknown[] }>('/user/assets', u.token, {});
      expect(assets.data.products).toEqual([{ product: 'ai', currency: 'TRY', value: '9984.02', count: 1 }]);
      await expectCleanLedger(world.db);
    });

    it('rebalances on the job once the period has passed, and only while BIST is open', async () => {
      world.clock.set(MONDAY_NOON + 6 * DAY);
      expect(await runAiPass(world.db, world.source, world.clock.now())).toBe(0);
      world.clock.set(WEEK);
      world.setCloses(WEEK, { AAA: ['12', '12', '11'], BBB: ['21', '21', '22'], CCC: ['49', '50', '55'] });
      world.setCloses(WEEK, { XU100: ['102', '103', '104'] });
      for (const [s, p] of [
        ['AAA', '11'],
        ['BBB', '22'],
        ['CCC', '55'],
      ] as const)
        world.setPrice(s, p);
      world.setOpen(false);
      expect(await runAiPass(world.db, world.source, WEEK)).toBe(0);
      world.setOpen(true);
      expect(await runAiPass(world.db, world.source, WEEK)).toBe(1);
      expect(await runAiPass(world.db, world.source, WEEK + HOUR)).toBe(0);
      const o = await details();
      expect(o).toMatchObject({ cash: '29.92', value: '10050.92', rebalances: 1, lastRebalanceAt: WEEK });
      expect(holdings(o)).toEqual([
        ['BBB', '228'],
        ['CCC', '91'],
      ]);
      expect(o.fills.slice(2).map((f) => [f.symbol, f.side, f.qty, f.costs, f.reason])).toEqual([
        ['AAA', 'sell', '415', '7.33', 'rebalance'],
        ['BBB', 'sell', '21', '0.73', 'rebalance'],
        ['CCC', 'buy', '91', '8.04', 'rebalance'],
      ]);
      // The AAA account of the order is empty again; the ledger agrees with every balance.
      await expectCleanLedger(world.db);
      // The owner is told what the rule sold and bought, as facts.
      const [told] = await world.db.select().from(messages).where(eq(messages.userId, u.userId));
      expect(told?.title).toMatchObject({ 'en-US': `Your AI order #${orderId} was rebalanced` });
      expect(told?.body).toMatchObject({
        'en-US':
          'Sold by the rule: AAA, BBB; bought: CCC. The order is worth ₺10,050.92 now. Past results do not indicate future results.',
        'tr-TR':
          'Kurala göre satılanlar: AAA, BBB; alınanlar: CCC. Emrin güncel değeri ₺10.050,92. Geçmiş sonuçlar gelecekteki sonuçların göstergesi değildir.',
      });
    });

    it('adds capital into the basket now, buys only', async () => {
      world.clock.set(WEEK + HOUR);
      const added = await call.post<AiOrderDetails>('/stock/ai/order/add/amount', u.token, {
        id: orderId,
        amount: '2000',
        tradePassword: PIN,
      });
      expect(added.code).toBe(0);
      expect(added.data).toMatchObject({ paidIn: '12000', cash: '46.74', value: '12047.74', rebalances: 1 });
      expect(holdings(added.data)).toEqual([
        ['BBB', '273'],
        ['CCC', '109'],
      ]);
      expect(await cash()).toBe('8000');
      expect(await fromFills('12000', '0', { BBB: '22', CCC: '55' })).toEqual({
        cash: '46.74',
        value: '12047.74',
      });
      const info = await call.post<AiProductInfo>('/stock/ai/info', '', { id: 'mom-2' });
      // Marked at every daily bar's close, not only at the rebalance: the pass six days in marks
      // the bar that closed half a day after the buy (AAA 12.1, BBB 21): 24.02 + 5021.5 + 5229 =
      // 10274.52; the passes of the rebalance day mark the bar before it (AAA 11, BBB 22) at
      // 10067.02, then the rebalance 10050.92.
      const marks = await world.db
        .select({ t: aiMarks.t, value: aiMarks.value, paidIn: aiMarks.paidIn })
        .from(aiMarks)
        .orderBy(asc(aiMarks.t));
      expect(
        marks.map((m) => [m.t, new Decimal(m.value).toFixed(), new Decimal(m.paidIn).toFixed()]),
      ).toEqual([
        [MONDAY_NOON + DAY / 2, '10274.52', '10000'],
        [WEEK - DAY, '10067.02', '10000'],
      ]);
      // Measured: (12047.74 − 12000) / 12000 = 0.003978; the drawdown from the highest mark,
      // 1.027452, to 1.00397833… now: 0.02347366… / 1.027452 = 0.022846.
      expect(info.data.performance).toMatchObject({
        paidIn: '12000',
        value: '12047.74',
        return: '0.003978',
        maxDrawdown: '0.022846',
        rebalances: 1,
        orders: 1,
        since: MONDAY_NOON,
      });
      expect(info.data.backtest).toBeNull();
      await expectCleanLedger(world.db);
    });

    it('redeems at the bids with the costs of the sales, and pays the whole cash back', async () => {
      world.clock.set(WEEK + 2 * HOUR);
      world.setPrice('BBB', '23');
      world.setPrice('CCC', '56');
      // What the confirmation shows first: the sales' costs and the net, estimated at the last
      // prices — here exactly what the redemption then books (the book sits at the last price).
      expect(await details()).toMatchObject({ redeemCosts: '19.88', redeemNet: '12409.86' });
      const redeemed = await call.post<AiOrderDetails>('/stock/ai/buy', u.token, {
        action: 'redeem',
        orderId,
        tradePassword: PIN,
      });
      expect(redeemed.code).toBe(0);
      expect(redeemed.data).toMatchObject({
        status: 'redeemed',
        paidOut: '12409.86',
        value: '0',
        pnl: '409.86',
        pnlRatio: '0.034155',
        costs: '55.14',
        holdings: [],
        redeemCosts: '0',
        redeemNet: '0',
        closedAt: WEEK + 2 * HOUR,
      });
      expect(await cash()).toBe('20409.86');
      expect(await fromFills('12000', '12409.86', {})).toEqual({ cash: '0', value: '0' });
      // Redeemed: nothing is held outside the wallet any more.
      expect((await call.post<{ products: unknown[] }>('/user/assets', u.token, {})).data.products).toEqual(
        [],
      );
      const info = await call.post<AiProductInfo>('/stock/ai/info', '', { id: 'mom-2' });
      expect(info.data.performance).toMatchObject({ paidOut: '12409.86', value: '0', return: '0.034155' });

      // Every line of the order's own accounts nets to zero; fees got exactly the fills' costs.
      const rows = await world.db
        .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.bucket, `ai:${orderId}`));
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const r of rows) expect(new Decimal(r.balance).isZero()).toBe(true);
      const fees = await world.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(and(eq(ledgerTransactions.referenceId, orderId), eq(ledgerAccounts.code, 'system:fees:TRY')));
      expect(fees.reduce((s, r) => s.plus(r.amount), new Decimal(0)).toFixed()).toBe('55.14');
      await expectCleanLedger(world.db);

      const mine = await call.post<Page<AiOrderDetails>>('/stock/ai/order/list', u.token, {
        status: 'redeemed',
      });
      expect(mine.data.list.map((o) => o.id)).toEqual([orderId]);
    });

    it('lists the orders to staff through the operator CLI, audited', async () => {
      const parsed = parseCommand(['ai', 'orders', '--status', 'redeemed']);
      if ('error' in parsed) throw new Error(parsed.error);
      const answer = await postForm(`${world.server.url}/operator/${parsed.path}`, parsed.fields, {
        'x-operator-key': AI_OPERATOR_KEY,
      });
      const body = (await answer.json()) as { code: number; data: unknown };
      expect(body).toMatchObject({
        code: 0,
        data: [
          {
            id: orderId,
            userId: String(u.userId),
            productId: 'mom-2',
            status: 'redeemed',
            paidIn: '12000',
            paidOut: '12409.86',
            cash: '0',
            shares: {},
            rebalances: 1,
          },
        ],
      });
      const audit = await world.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'ai.orders'));
      expect(audit.map((a) => a.result)).toEqual(['ok']);
    });
  },
);
