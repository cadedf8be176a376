import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { REPLAY_SYMBOLS_MAX, type ReplayStartRequest } from '../../domain/protocol/replay';
import { appStateOf } from '../app-state';
import { replayRealisticRows } from '../costs/price';
import { saveRealistic } from '../costs/store';
import type { Db } from '../db/client';
import { replayFills, replayRuns } from '../db/schema/replay';
import { ApiError } from '../http/errors';
import type { Instrument, MarketSource } from '../market/source';
import { readSetting } from '../settings';
import { currenciesOf } from '../trading/spot/booking';
import { loadSpotSettings } from '../trading/spot/settings';
import { ReplayRun, type ReplaySpeed } from './run';
import { sessionOf } from './sessions';

/**
 * A replay nobody has asked about for this long is ended (its result kept, as /user/replay/end
 * keeps it): a closed tab must not hold a paper account and a recorded market in memory forever.
 */
export const REPLAY_IDLE_MS = 30 * 60_000;

type Entry = { run: ReplayRun | null; seenAt: number };

/** The replays running in this app, by user (app-state.ts keeps the map; only this module fills it). */
function running(db: Db): Map<bigint, Entry> {
  return appStateOf(db).replays as Map<bigint, Entry>;
}

/** The user's running replay's id, or null. */
export function runningId(db: Db, userId: bigint): string | null {
  const run = running(db).get(userId)?.run;
  return run ? String(run.info.id) : null;
}

/** Ends the replays left idle past REPLAY_IDLE_MS (looked for on every start). */
async function endIdle(db: Db, wallNow: number): Promise<void> {
  for (const entry of [...running(db).values()])
    if (entry.run && wallNow - entry.seenAt > REPLAY_IDLE_MS) await endReplay(db, entry.run, wallNow);
}

/**
 * Starts a replay of a recorded day for the user: one at a time, up to REPLAY_SYMBOLS_MAX
 * recorded instruments, from the session's start (or `from`, inside it), with a fresh paper
 * account at the `replay` setting's starting balances.
 */
export async function startReplay(
  db: Db,
  live: MarketSource,
  userId: bigint,
  input: {
    day: string;
    symbols: string[];
    speed: NonNullable<ReplayStartRequest['speed']>;
    from?: number | undefined;
  },
  wallNow: number,
): Promise<ReplayRun> {
  await endIdle(db, wallNow);
  const runs = running(db);
  if (runs.has(userId)) throw new ApiError('REPLAY_ALREADY_RUNNING');
  if (input.symbols.length > REPLAY_SYMBOLS_MAX)
    throw new ApiError('REPLAY_SYMBOLS_CAP', { max: REPLAY_SYMBOLS_MAX });
  // Held from here, before any await: a second start at the same moment is refused, not run twice.
  runs.set(userId, { run: null, seenAt: wallNow });
  try {
    const session = await sessionOf(db, input.day);
    if (!session) throw new ApiError('REPLAY_SESSION_NOT_FOUND');
    const instruments: Instrument[] = input.symbols.map((symbol) => {
      const instrument = live.instrument(symbol);
      if (!instrument || !session.symbols.includes(symbol))
        throw new ApiError('REPLAY_SYMBOL_NOT_RECORDED', { symbol });
      return instrument;
    });
    const from = input.from ?? session.from;
    if (from < session.from || from > session.to) throw new ApiError('REPLAY_JUMP_INVALID');
    const [settings, replay] = await Promise.all([loadSpotSettings(db), readSetting(db, 'replay')]);
    const [row] = await db
      .insert(replayRuns)
      .values({ userId, day: session.day, symbols: input.symbols, from, startedAt: wallNow })
      .returning({ id: replayRuns.id });
    const info = {
      id: row!.id,
      userId,
      day: session.day,
      from: session.from,
      to: session.to,
      instruments,
      settings,
      startBalances: replay.startingBalances,
    };
    const run = new ReplayRun(db, info, wallNow);
    run.speed = Number(input.speed) as ReplaySpeed;
    await run.seek(from);
    runs.set(userId, { run, seenAt: wallNow });
    return run;
  } catch (error) {
    runs.delete(userId);
    throw error;
  }
}

/** The user's running replay `id`, its clock brought to now; REPLAY_NOT_FOUND otherwise. */
export async function replayOf(db: Db, userId: bigint, id: bigint, wallNow: number): Promise<ReplayRun> {
  const entry = running(db).get(userId);
  if (!entry?.run || entry.run.info.id !== id) throw new ApiError('REPLAY_NOT_FOUND');
  entry.seenAt = wallNow;
  return entry.run;
}

/**
 * Ends a replay: its clock brought to now, its fills and final balances written (the journal's
 * replay source reads them, server/replay/journal-source.ts), and it leaves memory.
 */
export async function endReplay(db: Db, run: ReplayRun, wallNow: number) {
  await run.advance(wallNow);
  const { info, paper } = run;
  const balances = Object.entries(info.startBalances).map(([currency, start]) => {
    const b = paper.balances.get(currency);
    return { currency, start, end: (b ? b.available.plus(b.frozen) : new Decimal(0)).toFixed() };
  });
  const realized = new Map<string, Decimal>();
  for (const fill of paper.fills) {
    if (fill.realizedPnl === null) continue;
    const { cash } = currenciesOf(fill, run.market.instrument(fill.symbol));
    realized.set(cash, (realized.get(cash) ?? new Decimal(0)).plus(fill.realizedPnl));
  }
  const realizedPnl = [...realized].map(([currency, amount]) => ({ currency, amount: amount.toFixed() }));
  await db.transaction(async (tx) => {
    if (paper.fills.length > 0) {
      const stored = await tx
        .insert(replayFills)
        .values(
          paper.fills.map((f) => ({
            runId: info.id,
            userId: info.userId,
            orderId: String(f.orderId),
            symbol: f.symbol,
            market: f.wallet,
            side: f.side,
            price: f.price,
            qty: f.qty,
            amount: f.amount,
            commission: f.commission,
            bsmv: f.bsmv,
            exchangeFee: f.exchangeFee,
            realizedPnl: f.realizedPnl,
            t: f.t,
          })),
        )
        .returning({ id: replayFills.id });
      // Each fill's realistic counterpart, by its stored id (rows come back in the order given).
      const ids = new Map(paper.fills.map((f, i) => [f.id, stored[i]!.id]));
      await saveRealistic(tx, replayRealisticRows(run.executions, ids));
    }
    await tx
      .update(replayRuns)
      .set({ to: Math.floor(run.t), endedAt: wallNow, result: { balances, realizedPnl } })
      .where(eq(replayRuns.id, info.id));
  });
  running(db).delete(info.userId);
  return { id: String(info.id), fills: paper.fills.length, balances, realizedPnl };
}
