import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { aiFills, aiOrders } from '../../server/db/schema/ai-products';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { settings } from '../../server/db/schema/system';
import { userBalances } from '../../server/ledger/balances';
import { DEFAULT_SETTINGS } from '../../server/settings';
import type { Candle } from '../../domain/protocol/market';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget, type TestServer } from '../support/server';

/** The operator key of the AI world's broker (the `ai orders` command). */
export const AI_OPERATOR_KEY = 'a'.repeat(43);
import { MONDAY_NOON } from './spot-support';

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

/** What a refusal must leave alone: the user's balances, their AI orders and fills, the ledger. */
export async function untouched(db: Db, userId: bigint) {
  const [orders] = await db.select({ n: count() }).from(aiOrders).where(eq(aiOrders.userId, userId));
  const [fills] = await db.select({ n: count() }).from(aiFills);
  const [txs] = await db.select({ n: count() }).from(ledgerTransactions);
  return {
    real: await userBalances(db, userId, 'real'),
    demo: await userBalances(db, userId, 'demo'),
    orders: orders?.n ?? 0,
    fills: fills?.n ?? 0,
    ledger: txs?.n ?? 0,
  };
}
