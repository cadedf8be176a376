import { count, eq } from 'drizzle-orm';
import { hashPin } from '../../server/accounts/pin-hash';
import { pinKeyOf } from '../../server/app-state';
import { setPinHash } from '../../server/accounts/pins';
import type { Db } from '../../server/db/client';
import { ipoApplications } from '../../server/db/schema/primary';
import { createIpo, type IpoDraft } from '../../server/primary/ipo/create';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { postForm, startServer, type DbTarget, type TestServer } from '../support/server';
import { api, MONDAY_NOON, trader } from './spot-support';
import { sharedWorld } from '../support/shared-world';
import { balancesAndLedger, fundedDemoSession } from './untouched-support';

export const PIN = '246810';
export const OPERATOR_KEY = 'i'.repeat(43);
export const HOUR = 3_600_000;
/** The test IPO's symbol: a T+1 catalogue instrument of the scripted source, unlike the seeded IPOs. */
export const SYMBOL = 'YENIA';
/** A second company going public, for a world that lists SYMBOL and then offers again (a listed symbol cannot be). */
export const OTHER_SYMBOL = 'YENIB';

export type IpoWorld = {
  server: TestServer;
  source: ScriptedSource;
  db: Db;
  clock: { now(): number; set(v: number): void };
  close(): Promise<void>;
};

/**
 * The primary-market passes a world's tests run by hand on its clock, asserting what each run
 * did: the broker's own timers for them would run the same pass every few seconds and, when
 * first, leave the hand-run one nothing to count.
 */
export const HAND_RUN_PASSES = ['ipo-pass', 'ico-pass', 'offline-pass'];

export async function ipoWorld(target: DbTarget): Promise<IpoWorld> {
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v) };
  const source = scriptedSource(
    [
      instrument('THYAO', { name: 'Türk Hava Yolları' }),
      instrument(SYMBOL, { name: 'Yeni Arz A.Ş.', t1: true }),
      instrument(OTHER_SYMBOL, { name: 'Yeni Arz B A.Ş.', t1: true }),
    ],
    clock.now,
  );
  source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  for (const symbol of [SYMBOL, OTHER_SYMBOL]) source.setTicker(symbol, { last: '20.00', prev: '20.00' });
  const server = await startServer(target, {
    source,
    clock,
    operatorKey: OPERATOR_KEY,
    withoutJobs: HAND_RUN_PASSES,
  });
  return { server, source, db: server.database.db, clock, close: () => server.close() };
}

/** An IPO world a describe block's tests share, with the API client they call it through. */
export function sharedIpoWorld(target: DbTarget) {
  return sharedWorld(
    () => ipoWorld(target),
    (world) => ({ call: api(world as never) }),
  );
}

/** An IPO of SYMBOL at 20.00 a lot, window [start, start+2h), allocation +3h, refunds +4h. */
export function draft(start: number, extra: Partial<IpoDraft> = {}): IpoDraft {
  return {
    symbol: SYMBOL,
    name: 'Yeni Arz A.Ş.',
    summary: { 'tr-TR': 'Deneme şirketi.', 'en-US': 'A test company.' },
    sector: { 'tr-TR': 'Sanayi', 'en-US': 'Industry' },
    issuePrice: '20.00',
    lotsRetail: '10',
    lotsInstitutional: '5',
    maxLots: '50',
    subscribeStart: start,
    subscribeEnd: start + 2 * HOUR,
    allocationAt: start + 3 * HOUR,
    refundAt: start + 4 * HOUR,
    listingAt: start + 5 * HOUR,
    costs: { commissionRate: '0.001', minCommission: '0', bsmvRate: '0.05', exchangeFeeRate: '0' },
    ...extra,
  };
}

/**
 * A command over the operator API (the CLI's transport) to a primary-market world's broker, in
 * `lang` when given (else the broker's default language).
 */
export async function operatorCall<T = unknown>(
  world: { server: TestServer },
  path: string,
  fields: Record<string, string> = {},
  lang?: string,
): Promise<{ code: number; key?: string; msg: string; data: T }> {
  const headers: Record<string, string> = { 'x-operator-key': OPERATOR_KEY };
  if (lang) headers['Accept-Language'] = lang;
  const res = await postForm(`${world.server.url}/operator/${path}`, fields, headers);
  return (await res.json()) as { code: number; key?: string; msg: string; data: T };
}

export async function newIpo(world: IpoWorld, d: IpoDraft): Promise<string> {
  return String(await createIpo(world.db, d, world.clock.now()));
}

export type Investor = { userId: bigint; token: string; demo: string };

/**
 * A real account with `tryAmount` TRY in the stock wallet (and `usdt` in the coin wallet, for coin
 * sales), a trade password and a funded demo.
 */
export async function investor(
  db: Db,
  tryAmount: string,
  pin: string | null = PIN,
  usdt = '0',
): Promise<Investor> {
  const { token, userId } = await trader(db, { TRY: tryAmount, USDT: usdt });
  if (pin) await setPinHash(db, userId, 'trade', hashPin(pinKeyOf(db), pin));
  const demo = await fundedDemoSession(db, userId);
  return { userId, token, demo };
}

/** What a refused application must leave alone. */
export async function untouched(db: Db, userId: bigint) {
  const [apps] = await db
    .select({ n: count() })
    .from(ipoApplications)
    .where(eq(ipoApplications.userId, userId));
  return {
    ...(await balancesAndLedger(db, userId)),
    applications: apps?.n ?? 0,
  };
}
