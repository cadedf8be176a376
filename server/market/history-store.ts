import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  barOffset,
  barOpenTime,
  INTERVAL_MS,
  INTERVALS,
  type Interval,
} from '../../domain/market/instrument';
import type { Candle } from '../../domain/protocol/market';
import type { Db } from '../db/client';
import { marketBars } from '../db/schema/market';
import { settings } from '../db/schema/system';
import { BARS_KEPT } from './simulator/bars';
import type { MarketSource, PrintedSince, TradedBars, TradedMarket } from './source';

/**
 * The simulated market's chart history, kept in the database so a restart (or a cold start of
 * the cluster) goes on from it: the simulator draws its past anew on every start, so every bar a
 * user saw before a restart had moved after it, and the day's candle no longer held the prices
 * the user was filled at (DECISIONS §2: prices come from the feed).
 *
 * What is kept: each symbol's `printedSince` (where the first market on this database started:
 * its generated past is drawn again from the same seed, time and price, server/market/simulator),
 * and every bar of every interval printed since (each interval is its own path), as many a series
 * as the simulator holds (BARS_KEPT), older rows pruned. The owner's clock job writes what changed
 * since its last pass (every MARKET_HISTORY_MS, 30 s by default), in one statement; the order
 * path never waits on it.
 */
const KEY = 'market.history';
/** A series' old rows are pruned each time its newest bar passes a multiple of this many bars. */
export const PRUNE_EVERY = 100;

const storedSince = z.object({
  since: z.record(
    z.string(),
    z.object({ since: z.number().int().nonnegative(), price: z.string().regex(/^\d+(\.\d+)?$/) }),
  ),
});

/**
 * The first bar a pass writes of a series: the bar `printedSince` falls in (before it, the bars
 * are drawn again at a restart), or the newest bar saved of it (it may have been live, and
 * changed since; the ones before it are saved) — the later of them. The newest saved is what the
 * database holds on a saver's first pass, not where this market started: bars printed between a
 * market's start and its saver's (a slow start across a minute) or by a killed owner whose market
 * a takeover goes on from are saved too.
 */
export function firstUnsaved(opts: {
  since: number;
  lastSaved: number | undefined;
  interval: Interval;
  offset: number;
}): number {
  const first = barOpenTime(opts.since, opts.interval, opts.offset);
  return opts.lastSaved === undefined ? first : Math.max(first, opts.lastSaved);
}

/** Whether a series whose newest saved bar moved from `before` to `after` is pruned now. */
export function pruneDue(before: number | undefined, after: number, interval: Interval): boolean {
  if (before === undefined) return true;
  const span = PRUNE_EVERY * INTERVAL_MS[interval];
  return Math.floor(after / span) > Math.floor(before / span);
}

type Row = { s: string; i: Interval; t: number; o: string; h: string; l: string; c: string; v: string };

/** The owner's writer: remembers, by series, the newest bar saved (read once, then its own). */
export class HistorySaver {
  private saved: Map<string, number> | null = null;
  /** The series this saver has written: each is pruned on its first write. */
  private readonly written = new Set<string>();

  /** Writes every bar printed since the last pass (one statement); resolves to the rows written. */
  async save(
    db: Db,
    market: Pick<MarketSource, 'instruments' | 'candles' | 'printedSince'>,
    now: number,
  ): Promise<number> {
    const saved = (this.saved ??= await newestSaved(db));
    const rows: Row[] = [];
    const prune: { s: string; i: Interval }[] = [];
    const since: Record<string, PrintedSince> = {};
    const next = new Map<string, number>();
    for (const instrument of market.instruments()) {
      const { symbol } = instrument;
      const printed = market.printedSince?.(symbol);
      // A source whose every bar is a print kept elsewhere (an exchange's feed) has nothing to keep.
      if (!printed) continue;
      since[symbol] = { since: printed.since, price: printed.price };
      const offset = barOffset(instrument.market);
      for (const interval of INTERVALS) {
        const key = `${symbol}|${interval}`;
        const lastSaved = saved.get(key);
        const from = firstUnsaved({ since: printed.since, lastSaved, interval, offset });
        if (from > now) continue;
        // Enough bars to reach back to `from` (fewer trade than the clock allows: sessions, gaps).
        const limit = Math.min(BARS_KEPT, Math.floor((now - from) / INTERVAL_MS[interval]) + 2);
        const bars = market.candles(symbol, interval, limit).filter((bar) => bar.t >= from);
        const last = bars.at(-1);
        if (!last) continue;
        for (const bar of bars) rows.push(row(symbol, interval, bar));
        // A saver's first write of a series prunes it (the rows kept may have grown while down).
        const before = this.written.has(key) ? lastSaved : undefined;
        if (pruneDue(before, last.t, interval)) prune.push({ s: symbol, i: interval });
        next.set(key, last.t);
      }
    }
    if (rows.length === 0) return 0;
    // One statement: the bars (the last one saved was live: it is written again), where the
    // market's record starts, and the old rows of the series that passed a pruning mark.
    await db.execute(sql`
      with input as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(s text, i text, t bigint, o numeric, h numeric, l numeric, c numeric, v numeric)
      ), written as (
        insert into ${marketBars} (symbol, interval, t, o, h, l, c, v)
        select s, i, t, o, h, l, c, v from input
        on conflict (symbol, interval, t) do update
          set o = excluded.o, h = excluded.h, l = excluded.l, c = excluded.c, v = excluded.v
      ), anchored as (
        insert into ${settings} (key, value) values (${KEY}, ${JSON.stringify({ since })}::jsonb)
        -- Merged by symbol: each trading partition of a cluster saves only the symbols it draws.
        on conflict (key) do update set value = jsonb_build_object('since',
          coalesce(${settings}.value -> 'since', '{}'::jsonb) || (excluded.value -> 'since')), updated_at = now()
      ), pruned as (
        delete from ${marketBars} m
        using json_to_recordset(${JSON.stringify(prune)}::json) as p(s text, i text)
        where m.symbol = p.s and m.interval = p.i and m.t < (
          select x.t from ${marketBars} x where x.symbol = p.s and x.interval = p.i
          order by x.t desc offset ${BARS_KEPT - 1} limit 1
        )
      )
      select 1`);
    for (const [key, t] of next) {
      saved.set(key, t);
      this.written.add(key);
    }
    return rows.length;
  }
}

/** The newest bar saved of each series, by `symbol|interval`. */
async function newestSaved(db: Db): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select symbol, interval, max(t)::text as t from ${marketBars} group by symbol, interval`);
  const rows = (result as unknown as { rows: { symbol: string; interval: string; t: string }[] }).rows;
  return new Map(rows.map((row) => [`${row.symbol}|${row.interval}`, Number(row.t)]));
}

function row(symbol: string, interval: Interval, bar: Candle): Row {
  return { s: symbol, i: interval, t: bar.t, o: bar.o, h: bar.h, l: bar.l, c: bar.c, v: bar.v };
}

/**
 * What a restart goes on from (the `traded` a takeover is handed, with `since`): null on a new
 * database, or when the row is unreadable (the market then starts as on a new database).
 */
export async function readMarketHistory(db: Db): Promise<TradedMarket | null> {
  const [anchor] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const parsed = storedSince.safeParse(anchor?.value);
  if (!parsed.success) return null;
  // One row a series, its bars joined in order: read as a row a bar, a month's bars (~600,000)
  // took 8 s on PGlite, joined ~0.5 s.
  const result = await db.execute(sql`
    select symbol, interval, string_agg(concat_ws(',', t, o, h, l, c, v), ';' order by t) as bars
    from ${marketBars} group by symbol, interval`);
  const rows = (result as unknown as { rows: { symbol: string; interval: string; bars: string }[] }).rows;
  const bars = new Map<string, TradedBars>();
  for (const row of rows) {
    if (!(INTERVALS as readonly string[]).includes(row.interval)) continue;
    let entry = bars.get(row.symbol);
    if (!entry) bars.set(row.symbol, (entry = {}));
    // Parsed when the market takes the series: all at once, a month of bars held ~170 MB of
    // candles at the start.
    const joined = row.bars;
    Object.defineProperty(entry, row.interval, { enumerable: true, get: () => parseBars(joined) });
  }
  return {
    bars,
    trades: new Map(),
    tickers: new Map(),
    since: new Map(Object.entries(parsed.data.since)),
  };
}

/** `t,o,h,l,c,v;…` (as readMarketHistory joins them) back into candles, oldest first. */
export function parseBars(joined: string): Candle[] {
  const list: Candle[] = [];
  for (const bar of joined.split(';')) {
    const [t, o, h, l, c, v] = bar.split(',');
    if (v === undefined) continue;
    list.push({ t: Number(t), o: o!, h: h!, l: l!, c: c!, v });
  }
  return list;
}

/**
 * Where a restart's market goes on from: each symbol's last saved minute bar's close, else its
 * saved last price. The two rows are written by separate jobs, up to a pass apart: after a kill -9
 * the book started at the last price row's while the chart (and the ticker read from it) ended at
 * the bars', and the first print jumped between them.
 */
export function resumePrices(
  prices: ReadonlyMap<string, string>,
  history: TradedMarket | null,
): Map<string, string> {
  const from = new Map(prices);
  for (const [symbol, bars] of history?.bars ?? []) {
    const close = bars['1m']?.at(-1)?.c;
    if (close !== undefined && Number(close) > 0) from.set(symbol, close);
  }
  return from;
}
