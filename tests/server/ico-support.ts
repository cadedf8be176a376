import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { icoCommitments } from '../../server/db/schema/ico';
import { createIco, type IcoDraft } from '../../server/primary/ico/create';
import { instrument, scriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget } from '../support/server';
import { HAND_RUN_PASSES, HOUR, OPERATOR_KEY, type IpoWorld } from './ipo-support';
import { api, MONDAY_NOON } from './spot-support';
import { sharedWorld } from '../support/shared-world';
import { balancesAndLedger } from './untouched-support';

/** The test sale's token and its pair: a coin of the scripted source, tradable after listing. */
export const TOKEN = 'TOKN';
export const PAIR = 'TOKNUSDT';

export async function icoWorld(target: DbTarget): Promise<IpoWorld> {
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v) };
  const source = scriptedSource(
    [instrument(PAIR, { name: 'Token', priceScale: 4, qtyScale: 2, minQty: '0.01' })],
    clock.now,
  );
  source.setTicker(PAIR, { last: '0.1000', prev: '0.1000' });
  source.setBook(PAIR, 1, [['0.0990', '100000']], [['0.1010', '100000']]);
  const server = await startServer(target, {
    source,
    clock,
    operatorKey: OPERATOR_KEY,
    withoutJobs: HAND_RUN_PASSES,
  });
  return { server, source, db: server.database.db, clock, close: () => server.close() };
}

/**
 * 1000 TOKN at 0.1 USDT, 2 decimals (domain/ipo/ico's vectors: the offer is worth 100 USDT),
 * commitments 0.5–500 USDT; window [start, start+2h), allocation +3h, refund +4h, listing +5h.
 */
export function icoDraft(start: number, extra: Partial<IcoDraft> = {}): IcoDraft {
  return {
    token: TOKEN,
    name: 'Token Network',
    summary: { 'tr-TR': 'Deneme tokeni.', 'en-US': 'A test token.' },
    tokenPrice: '0.1',
    tokensOffered: '1000',
    tokenScale: 2,
    minCommit: '0.5',
    maxCommit: '500',
    subscribeStart: start,
    subscribeEnd: start + 2 * HOUR,
    allocationAt: start + 3 * HOUR,
    refundAt: start + 4 * HOUR,
    listingAt: start + 5 * HOUR,
    ...extra,
  };
}

export async function newIco(world: IpoWorld, d: IcoDraft): Promise<string> {
  return String(await createIco(world.db, d, world.clock.now()));
}

/** What a refused commitment must leave alone. */
export async function unchanged(db: Db, userId: bigint) {
  const [rows] = await db
    .select({ n: count() })
    .from(icoCommitments)
    .where(eq(icoCommitments.userId, userId));
  return {
    ...(await balancesAndLedger(db, userId)),
    commitments: rows?.n ?? 0,
  };
}

/** A describe block's ICO world and its API client, built before its first test and closed after its last. */
export function sharedIcoWorld(target: DbTarget) {
  return sharedWorld(
    () => icoWorld(target),
    (world) => ({ call: api(world as never) }),
  );
}
