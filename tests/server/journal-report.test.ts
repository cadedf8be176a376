import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvTime, readCsv } from '../../domain/journal/csv';
import type { JournalTrade, ReportSummary } from '../../domain/protocol/learn';
import type { TxRecord } from '../../domain/protocol/trading';
import { dbTargets } from '../support/server';
import { api, MONDAY_NOON, spotWorld, trader, type SpotWorld, type Trader } from './spot-support';

const M = 60_000;
type Page<T> = { list: T[]; total: number };

/**
 * A journey worked by hand (default costs: commission 0.15 %, BSMV 5 % of it, exchange fee
 * 0.003 %, each to the kuruş; coins 0.1 %), every order at market on a one-level book:
 *   Mon 12:00 buy 100 THYAO @ 100  (10000: 15.00 + 0.75 + 0.30 = 16.05)
 *   Mon 12:30 sell 100 @ 105       (10500: 15.75 + 0.79 + 0.32 = 16.86)  → +467.09, held 30 min
 *   Mon 12:40 buy 50 @ 104         (5200: 7.80 + 0.39 + 0.16 = 8.35)
 *   Mon 14:40 sell 50 @ 100        (5000: 7.50 + 0.38 + 0.15 = 8.03)     → −216.38, held 120 min
 *   Mon 14:50 buy 100 @ 100        (16.05)
 *   Tue 11:00 sell 100 @ 98        (9800: 14.70 + 0.74 + 0.29 = 15.73)   → −231.78, held 20 h 10 min
 *   Mon 13:00 / 13:30 buy and sell 0.1 BTC @ 50000 / 51000 (fees 5 and 5.1) → +89.9 USDT
 * TRY: 3 trades, 1 win; total 18.93; average win 467.09, loss −224.08; expectancy 6.31; the
 * equity 467.09, 250.71, 18.93 falls 448.16 from its peak; days +250.71 and −231.78: Sharpe
 * 9.465 ÷ 341.1720 × √365 = 0.53. Losers held 665 minutes on average against 30: flagged.
 */
describe.each(dbTargets())('the journal and its report on %s', (target) => {
  let world: SpotWorld;
  let call: ReturnType<typeof api>;
  let me: Trader;
  const wallStart = Date.now();

  const at = (day: number, hour: number, minute = 0) =>
    // MONDAY_NOON is Monday 12:00 Istanbul.
    MONDAY_NOON + day * 24 * 60 * M + (hour - 12) * 60 * M + minute * M;
  const book = (symbol: string, price: string, qty: string) =>
    world.source.setBook(symbol, 1, [[price, qty]], [[price, qty]]);
  async function order(when: number, symbol: string, side: 'buy' | 'sell', price: string, quantity: string) {
    world.clock.set(when);
    book(symbol, price, symbol === 'THYAO' ? '100000' : '100');
    const path = symbol === 'THYAO' ? `/stock/order/${side}` : '/coin/order/add';
    const res = await call.post(path, me.token, {
      symbol,
      type: 'market',
      quantity,
      ...(symbol === 'THYAO' ? {} : { side }),
    });
    expect(res, JSON.stringify(res)).toMatchObject({ code: 0 });
  }

  beforeAll(async () => {
    world = await spotWorld(target);
    call = api(world);
    me = await trader(world.db);
    await order(at(0, 12), 'THYAO', 'buy', '100.00', '100');
    await order(at(0, 12, 30), 'THYAO', 'sell', '105.00', '100');
    await order(at(0, 12, 40), 'THYAO', 'buy', '104.00', '50');
    await order(at(0, 13), 'BTCUSDT', 'buy', '50000.00', '0.1');
    await order(at(0, 13, 30), 'BTCUSDT', 'sell', '51000.00', '0.1');
    await order(at(0, 14, 40), 'THYAO', 'sell', '100.00', '50');
    await order(at(0, 14, 50), 'THYAO', 'buy', '100.00', '100');
    await order(at(1, 11), 'THYAO', 'sell', '98.00', '100');
  });
  afterAll(async () => world?.close());

  it('lists each closed trade: entry, exit, size, costs, P&L, holding time, newest first', async () => {
    const page = await call.post<Page<JournalTrade>>('/user/journal/list', me.token, {});
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(4);
    expect(
      page.data.list.map((t) => [t.symbol, t.entry, t.exit, t.qty, t.costs, t.pnl, t.holdingMs / M]),
    ).toEqual([
      ['THYAO', '100', '98', '100', '31.78', '-231.78', 20 * 60 + 10],
      ['THYAO', '104', '100', '50', '16.38', '-216.38', 120],
      ['BTCUSDT', '50000', '51000', '0.1', '10.1', '89.9', 30],
      ['THYAO', '100', '105', '100', '32.91', '467.09', 30],
    ]);
    expect(page.data.list[0]).toMatchObject({
      source: 'live',
      product: 'stock',
      currency: 'TRY',
    });
    const coins = await call.post<Page<JournalTrade>>('/user/journal/list', me.token, { product: 'coin' });
    expect(coins.data.list.map((t) => t.currency)).toEqual(['USDT']);
  });

  it("puts each trade's realistic P&L beside the paper one: paper less its fills' deltas", async () => {
    // server/costs works out each fill's counterpart after its batch commits: wait for all eight.
    const deltas = async () =>
      (await world.db.execute<{ order_id: string; delta: string }>(sql`
        select f.order_id::text, r.delta::text from spot_fills f
        join realistic_fills r on r.kind = 'spot' and r.fill_id = f.id
        where f.user_id = ${me.userId} order by f.id`)) as unknown as {
        rows: { order_id: string; delta: string }[];
      };
    let rows = (await deltas()).rows;
    for (let i = 0; i < 100 && rows.length < 8; i++) {
      await new Promise((r) => setTimeout(r, 50));
      rows = (await deltas()).rows;
    }
    expect(rows.length).toBe(8);
    // One fill an order, in the journey's order; each buy closed whole by the next sell of its symbol.
    const d = rows.map((r) => new Decimal(r.delta));
    const pairs = [
      [0, 1],
      [2, 5],
      [3, 4],
      [6, 7],
    ] as const;
    const paper = ['467.09', '-216.38', '89.9', '-231.78'];
    const want = pairs.map(([buy, sell], i) =>
      new Decimal(paper[i] ?? '0')
        .minus(d[buy] ?? 0)
        .minus(d[sell] ?? 0)
        .toFixed(),
    );
    const page = await call.post<Page<JournalTrade>>('/user/journal/list', me.token, {});
    const got = Object.fromEntries(page.data.list.map((t) => [t.pnl, t.realisticPnl]));
    expect(paper.map((p) => got[p])).toEqual(want);
    // A real venue is never kinder here: every trade made less.
    for (const [i, p] of paper.entries()) expect(new Decimal(want[i] ?? 0).lte(p)).toBe(true);
  });

  it('reports the figures worked by hand', async () => {
    const res = await call.post<ReportSummary>('/user/report/summary', me.token, { period: 'day' });
    expect(res.code).toBe(0);
    const tryStats = res.data.overall.find((o) => o.currency === 'TRY')?.stats;
    expect(tryStats).toEqual({
      trades: 3,
      wins: 1,
      losses: 2,
      winRate: '33.33333333',
      totalPnl: '18.93',
      avgWin: '467.09',
      avgLoss: '-224.08',
      expectancy: '6.31',
      maxDrawdown: '448.16',
      sharpe: '0.53',
    });
    expect(res.data.overall.find((o) => o.currency === 'USDT')?.stats).toMatchObject({
      trades: 1,
      totalPnl: '89.9',
      maxDrawdown: '0',
      sharpe: null,
    });
    expect(res.data.calendar).toEqual([
      { key: '2026-11-23', currency: 'TRY', pnl: '250.71', trades: 2, wins: 1 },
      { key: '2026-11-23', currency: 'USDT', pnl: '89.9', trades: 1, wins: 1 },
      { key: '2026-11-24', currency: 'TRY', pnl: '-231.78', trades: 1, wins: 0 },
    ]);
    expect(res.data.byProduct.map((p) => [p.product, p.stats.trades])).toEqual([
      ['coin', 1],
      ['stock', 3],
    ]);
    expect(res.data.bySymbol.map((s) => s.symbol)).toEqual(['BTCUSDT', 'THYAO']);
    const flags = Object.fromEntries(res.data.flags.map((f) => [f.kind, f]));
    expect(flags.holdLosers).toMatchObject({
      raised: true,
      figures: { winnerMinutes: '30', loserMinutes: '665' },
    });
    expect(flags.sizeAfterLoss).toMatchObject({ raised: false, figures: { grown: '1', afterLosses: '1' } });
    expect(flags.leverageCreep?.raised).toBe(false);
  });

  it('reports a week and a range', async () => {
    const week = await call.post<ReportSummary>('/user/report/summary', me.token, { period: 'week' });
    expect(week.data.calendar).toEqual([
      { key: '2026-11-23', currency: 'TRY', pnl: '18.93', trades: 3, wins: 1 },
      { key: '2026-11-23', currency: 'USDT', pnl: '89.9', trades: 1, wins: 1 },
    ]);
    const monday = await call.post<ReportSummary>('/user/report/summary', me.token, {
      from: String(at(0, 0)),
      to: String(at(0, 23, 59)),
    });
    expect(monday.data.overall.find((o) => o.currency === 'TRY')?.stats.totalPnl).toBe('250.71');
    const backwards = await call.post('/user/report/summary', me.token, {
      from: String(at(1, 0)),
      to: String(at(0, 0)),
    });
    expect(backwards.key).toBe('REPORT_RANGE_INVALID');
  });

  it('keeps tags and a note on a trade, within their caps', async () => {
    const [last] = (await call.post<Page<JournalTrade>>('/user/journal/list', me.token, {})).data.list;
    const id = last?.id ?? '';
    const saved = await call.post('/user/journal/note', me.token, {
      id,
      tags: ' revenge, late exit ,revenge,',
      note: 'Held it overnight, "hoping".',
    });
    expect(saved.data).toEqual({ id, tags: ['revenge', 'late exit'], note: 'Held it overnight, "hoping".' });
    const again = (await call.post<Page<JournalTrade>>('/user/journal/list', me.token, {})).data.list[0];
    expect(again).toMatchObject({ tags: ['revenge', 'late exit'], note: 'Held it overnight, "hoping".' });
    const many = await call.post('/user/journal/note', me.token, { id, tags: 'a,b,c,d,e,f,g,h,i' });
    expect(many.key).toBe('JOURNAL_TAGS_TOO_MANY');
    expect((await call.post('/user/journal/note', me.token, { id, tags: 'x'.repeat(25) })).key).toBe(
      'JOURNAL_TAG_INVALID',
    );
    expect((await call.post('/user/journal/note', me.token, { id, note: 'n'.repeat(1001) })).key).toBe(
      'FIELD_TOO_LONG',
    );
    expect((await call.post('/user/journal/note', me.token, { id: 'live:stock:999999' })).key).toBe(
      'JOURNAL_TRADE_NOT_FOUND',
    );
    const other = await trader(world.db);
    expect((await call.post('/user/journal/note', other.token, { id, note: 'mine' })).key).toBe(
      'JOURNAL_TRADE_NOT_FOUND',
    );
    // Nothing refused changed what was kept.
    expect(
      (await call.post<Page<JournalTrade>>('/user/journal/list', me.token, {})).data.list[0]?.tags,
    ).toEqual(['revenge', 'late exit']);
  });

  it('exports the statement as CSV that reads back equal to the statement endpoint', async () => {
    // The ledger stamps its rows with the database's clock, not the trading one.
    const from = wallStart - 60_000;
    const to = Date.now() + 60_000;
    const res = await fetch(
      `${world.server.api('/user/report/export')}?kind=statement&from=${from}&to=${to}`,
      {
        headers: { accesstoken: me.token },
      },
    );
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="statement_${csvTime(from).slice(0, 10)}_${csvTime(to).slice(0, 10)}.csv"`,
    );
    const [head, ...rows] = readCsv(await res.text());
    expect(head).toEqual([
      'date',
      'description',
      'debit',
      'credit',
      'balance',
      'currency',
      'account',
      'reference',
    ]);
    const statement = await call.get<Page<TxRecord>>('/user/tx/record', me.token, {
      from: String(from),
      to: String(to),
      size: '100',
    });
    const expected = [...statement.data.list].reverse().map((r) => {
      const amount = new Decimal(r.amount);
      return [
        csvTime(r.t),
        expect.stringContaining(r.reason),
        amount.lt(0) ? amount.neg().toFixed() : '',
        amount.gt(0) ? r.amount : '',
        r.balance.total,
        r.currency,
        r.wallet,
        r.transactionId,
      ];
    });
    expect(rows.length).toBe(statement.data.total);
    // Two fundings, and a hold, a fill and a release or two for each of the eight orders.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(expected);
    // The last TRY row's balance is what the stock wallet holds: 100000 + 18.93.
    expect(rows.filter((r) => r[5] === 'TRY').at(-1)?.[4]).toBe('100018.93');
  });

  it('exports the trades as CSV, notes quoted', async () => {
    const res = await fetch(
      `${world.server.api('/user/report/export')}?kind=trades&from=${at(0, 0)}&to=${at(2, 0)}`,
      {
        headers: { accesstoken: me.token },
      },
    );
    const [head, ...rows] = readCsv(await res.text());
    expect(head?.slice(0, 6)).toEqual(['closed', 'opened', 'product', 'source', 'symbol', 'side']);
    expect(rows.map((r) => [r[0], r[4], r[10], r[12]])).toEqual([
      ['2026-11-23 12:30:00 +03:00', 'THYAO', '467.09', 'TRY'],
      ['2026-11-23 13:30:00 +03:00', 'BTCUSDT', '89.9', 'USDT'],
      ['2026-11-23 14:40:00 +03:00', 'THYAO', '-216.38', 'TRY'],
      ['2026-11-24 11:00:00 +03:00', 'THYAO', '-231.78', 'TRY'],
    ]);
    expect(rows.at(-1)?.[15]).toBe('Held it overnight, "hoping".');
  });

  it('refuses an export range backwards or over a year', async () => {
    const get = async (q: string) =>
      (await (
        await fetch(`${world.server.api('/user/report/export')}?${q}`, { headers: { accesstoken: me.token } })
      ).json()) as {
        key?: string;
      };
    expect((await get(`kind=trades&from=${at(1, 0)}&to=${at(0, 0)}`)).key).toBe('REPORT_RANGE_INVALID');
    expect((await get(`kind=trades&from=0&to=${at(0, 0)}`)).key).toBe('REPORT_RANGE_TOO_LONG');
    expect((await get(`kind=everything&from=0&to=1`)).key).toBe('FIELD_INVALID');
  });
});
