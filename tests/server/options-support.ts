import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { optionPositions } from '../../server/db/schema/options';
import type { MarketSource } from '../../server/market/source';
import type { MarketStatus } from '../../domain/protocol/market';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import { api, MONDAY_NOON, trader, type Lang } from './spot-support';
import { expect } from 'vitest';
import { stockProcess } from '../../server/market/simulator/fair-value';
import type { PriceProcess } from '../../domain/options/model';
import { balancesAndLedger, fundedDemoSession } from './untouched-support';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Monday 23 Nov 2026, 18:00 Istanbul: the day expiry offered at MONDAY_NOON. */
export const MONDAY_CLOSE = MONDAY_NOON + 6 * HOUR;
/** Friday 27 Nov 18:00 (the week's) and Monday 30 Nov 18:00 (November's last session). */
export const FRIDAY_CLOSE = MONDAY_CLOSE + 4 * DAY;
export const MONTH_CLOSE = MONDAY_CLOSE + 7 * DAY;

/**
 * The good order the quote and refusal tests bend: 1 call K 100 on THYAO at 100.00 expiring today
 * 18:00, whose premium is 0.3128 a share (options-flow.test.ts works it out).
 */
export const DAY_CALL = {
  symbol: 'THYAO',
  kind: 'call',
  strike: '100.00',
  expiresAt: String(MONDAY_CLOSE),
  contracts: '1',
};

export type OptionWorld = {
  server: TestServer;
  source: ScriptedSource;
  market: MarketSource;
  db: Db;
  clock: { now(): number; set(v: number): void };
  /** Closes (or reopens) BIST on the source. */
  setOpen(open: boolean): void;
  close(): Promise<void>;
};

/**
 * The simulator's jumps without its clustering (Merton's mixture): the process the figures of
 * the options tests are worked on by hand. A scripted price moves only when a test says so, so
 * no process is its own; this one keeps the hand-worked premiums short.
 */
export function mertonProcess(annualVolatility: number, alwaysOpen: boolean): PriceProcess {
  return { ...stockProcess(annualVolatility, alwaysOpen), afterglowShare: 0, clustering: 0 };
}

/**
 * A broker over a scripted source on a virtual clock: THYAO at 100.00 with an annualised
 * volatility of exactly 30% (the source's own figure), a coin the source has no volatility for.
 */
export async function optionWorld(target: DbTarget): Promise<OptionWorld> {
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v) };
  const source = scriptedSource(
    [
      instrument('THYAO', { name: 'Türk Hava Yolları' }),
      instrument('BTCUSDT', { name: 'Bitcoin', qtyScale: 5, minQty: '0.00001' }),
    ],
    clock.now,
  );
  source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
  let open = true;
  const market: MarketSource = {
    ...source,
    volatility: (symbol) => (symbol === 'THYAO' ? 0.3 : null),
    priceProcess: mertonProcess,
    status: (m): MarketStatus =>
      m === 'BIST' && !open ? { ...source.status(m), state: 'closed', open: false } : source.status(m),
  };
  const server = await startServer(target, { source: market, clock });
  return {
    server,
    source,
    market,
    db: server.database.db,
    clock,
    setOpen: (v) => void (open = v),
    close: () => server.close(),
  };
}

export type Holder = { userId: bigint; token: string; demo: string };

/** A real account with `tryAmount` TRY in the stock wallet, and a funded demo session. */
export async function holder(db: Db, tryAmount: string): Promise<Holder> {
  const { token, userId } = await trader(db, { TRY: tryAmount, USDT: '0' });
  const demo = await fundedDemoSession(db, userId);
  return { userId, token, demo };
}

/** What a refusal must leave alone: both accounts' balances, the positions, the ledger. */
export async function untouched(db: Db, userId: bigint) {
  const [positions] = await db
    .select({ n: count() })
    .from(optionPositions)
    .where(eq(optionPositions.userId, userId));
  return {
    ...(await balancesAndLedger(db, userId)),
    positions: positions?.n ?? 0,
  };
}

/**
 * Posts `fields` to the option order endpoint, expects -1001 with `key`, and that nothing changed
 * for `who`; answers the refusal's message.
 */
export async function refusedApply(
  world: OptionWorld,
  who: Holder,
  fields: Record<string, string>,
  key: string,
  token = who.token,
  lang: Lang = 'en-US',
): Promise<string> {
  const before = await untouched(world.db, who.userId);
  const res = await api(world as never).post('/stock/order/option/apply', token, fields, lang);
  expect([res.code, res.key]).toEqual([-1001, key]);
  expect(await untouched(world.db, who.userId)).toEqual(before);
  return res.msg;
}
