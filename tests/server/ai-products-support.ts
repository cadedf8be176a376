import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { aiFills, aiOrders } from '../../server/db/schema/ai-products';
import { settings } from '../../server/db/schema/system';
import { DEFAULT_SETTINGS } from '../../server/settings';
import type { Candle } from '../../domain/protocol/market';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import { MONDAY_NOON } from './spot-support';
import { balancesAndLedger } from './untouched-support';

/** The operator key of the AI world's broker (the `ai orders` command). */
export const AI_OPERATOR_KEY = 'a'.repeat(43);

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type AiWorld = {
  server: TestServer;
  source: ScriptedSource;
  db: Db;
  clock: { now(): number; set(v: number): void };
  /** Three closed daily bars per stock ending the day before `now` (plus a live bar that must not count). */
  setCloses(now: number, closes: Record<string, [string, string, string]>): void;
  /** Last price, and the whole book at it (bids and asks of 100 000 shares) so fills are at `last`. */
  setPrice(symbol: string, last: string): void;
  setOpen(open: boolean): void;
  close(): Promise<void>;
};

/**
 * A broker over a scripted source on a virtual clock (Monday 12:00 Istanbul): three stocks, the
 * index of them, and one product `mom-2`: momentum over 2 days, the top 2, equal weights,
 * rebalanced every 7 days, from 1000 TRY.
 */
export async function aiWorld(target: DbTarget): Promise<AiWorld> {
  let t = MONDAY_NOON;
  let open = true;
  const clock = { now: () => t, set: (v: number) => void (t = v) };
  const source = scriptedSource(
    [
      instrument('AAA', { name: 'Alfa' }),
      instrument('BBB', { name: 'Beta' }),
      instrument('CCC', { name: 'Gama' }),
      instrument('XU100', { market: 'index', group: null, members: ['AAA', 'BBB', 'CCC'] }),
    ],
    clock.now,
  );
  const status = source.status.bind(source);
  source.status = (m) => (m === 'BIST' && !open ? { ...status(m), state: 'closed', open: false } : status(m));
  const server = await startServer(target, { source, clock, operatorKey: AI_OPERATOR_KEY });
  const db = server.database.db;
  await db
    .update(settings)
    .set({
      value: {
        products: [
          {
            id: 'mom-2',
            kind: 'momentum',
            weighting: 'equal',
            lookbackDays: 2,
            count: 2,
            rebalanceDays: 7,
            universe: 'XU100',
            minAmount: '1000',
          },
        ],
        backtestDays: DEFAULT_SETTINGS.aiProducts.backtestDays,
      },
    })
    .where(eq(settings.key, 'aiProducts'));
  const candle = (time: number, c: string): Candle => ({ t: time, o: c, h: c, l: c, c, v: '1000' });
  return {
    server,
    source,
    db,
    clock,
    setCloses: (now, closes) => {
      for (const [symbol, [a, b, c]] of Object.entries(closes))
        source.setCandles(symbol, '1d', [
          candle(now - 4 * DAY, a),
          candle(now - 3 * DAY, b),
          candle(now - 2 * DAY, c),
          // Opened half a day ago: still live at `now`, so a rule must not see it (a rule that
          // did would read a 0 return over its last day). A pass a day later marks it closed.
          candle(now - DAY / 2, c),
        ]);
    },
    setPrice: (symbol, last) => {
      source.setTicker(symbol, { last, prev: last });
      source.setBook(symbol, 1, [[last, '100000']], [[last, '100000']]);
    },
    setOpen: (v) => void (open = v),
    close: () => server.close(),
  };
}

/**
 * An AI world with the market every AI test buys `mom-2` in, worked by hand in ai-products-flow:
 * three closed days AAA 10→11→12.1, BBB 20→20→21, CCC 50→49→49 before Monday noon (momentum picks
 * AAA and BBB), the index rising 100→101→102 unless `index` is false, and last prices AAA 12,
 * BBB 20, CCC 50 with a deep book at each.
 */
export async function mondayAiWorld(target: DbTarget, { index = true } = {}): Promise<AiWorld> {
  const world = await aiWorld(target);
  world.setCloses(MONDAY_NOON, {
    AAA: ['10', '11', '12.1'],
    BBB: ['20', '20', '21'],
    CCC: ['50', '49', '49'],
    ...(index ? { XU100: ['100', '101', '102'] as [string, string, string] } : {}),
  });
  world.setPrice('AAA', '12');
  world.setPrice('BBB', '20');
  world.setPrice('CCC', '50');
  return world;
}

/** What a refusal must leave alone: the user's balances, their AI orders and fills, the ledger. */
export async function untouched(db: Db, userId: bigint) {
  const [orders] = await db.select({ n: count() }).from(aiOrders).where(eq(aiOrders.userId, userId));
  const [fills] = await db.select({ n: count() }).from(aiFills);
  return {
    ...(await balancesAndLedger(db, userId)),
    orders: orders?.n ?? 0,
    fills: fills?.n ?? 0,
  };
}
