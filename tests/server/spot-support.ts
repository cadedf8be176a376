import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../server/db/schema/users';
import { spotOrders } from '../../server/db/schema/trading';
import { hashPassword } from '../../server/accounts/password';
import { userBalances } from '../../server/ledger/balances';
import { fundFromSandbox } from '../../server/ledger/moves';
import { verifyLedger } from '../../server/ledger/verify';
import type { Db } from '../../server/db/client';
import { instrument, scriptedSource, usdtTry, type ScriptedSource } from '../support/scripted-source';
import { postForm, startServer, type DbTarget, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';

/** Monday 23 Nov 2026, 12:00 in Istanbul: a trading day, mid-session. */
export const MONDAY_NOON = Date.parse('2026-11-23T09:00:00Z');

export type Envelope<T = Record<string, unknown>> = { code: number; msg: string; key?: string; data: T };
export type Lang = 'en-US' | 'tr-TR';

export type SpotWorld = {
  server: TestServer;
  source: ScriptedSource;
  clock: { now(): number; set(t: number): void; advance(ms: number): void };
  db: Db;
  close(): Promise<void>;
};

/**
 * A broker over a scripted source in virtual time: THYAO (group 1), KONTR (T+1), a coin pair,
 * an index. Books are set by each test; tickers start at prev 100.00.
 */
export async function spotWorld(target: DbTarget): Promise<SpotWorld> {
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v), advance: (ms: number) => void (t += ms) };
  const source = scriptedSource(
    [
      instrument('THYAO', { name: 'Türk Hava Yolları' }),
      instrument('KONTR', { name: 'Kontrolmatik', t1: true }),
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2, qtyScale: 5, minQty: '0.00001' }),
      instrument('XU100', { market: 'index', group: null }),
      usdtTry(),
      instrument('PENNY', { name: 'Penny Hisse', group: 3 }),
    ],
    clock.now,
  );
  for (const s of ['THYAO', 'KONTR']) source.setTicker(s, { last: '100.00', prev: '100.00' });
  source.setTicker('PENNY', { last: '0.50', prev: '0.50' });
  source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
  source.setTicker('USDTTRY', { last: '43.85', prev: '43.80' });
  const server = await startServer(target, { source, clock });
  return { server, source, clock, db: server.database.db, close: () => server.close() };
}

/** The default stock book: asks 100.10 ×50, 100.20 ×100, 100.50 ×1000; bids mirror below 100. */
export function stockBook(source: ScriptedSource, symbol = 'THYAO'): void {
  source.setBook(
    symbol,
    1,
    [
      ['99.90', '50'],
      ['99.80', '100'],
      ['99.50', '1000'],
    ],
    [
      ['100.10', '50'],
      ['100.20', '100'],
      ['100.50', '1000'],
    ],
  );
}

export function coinBook(source: ScriptedSource): void {
  source.setBook(
    'BTCUSDT',
    1,
    [
      ['49990.00', '0.5'],
      ['49980.00', '2'],
    ],
    [
      ['50010.00', '0.5'],
      ['50020.00', '2'],
    ],
  );
}

export type Trader = { token: string; userId: bigint };

/** A signed-in real account funded by the operator's sandbox funding. */
export async function trader(db: Db, funds: { TRY?: string; USDT?: string } = {}): Promise<Trader> {
  const { token, userId } = await userWithSession(db);
  const id = BigInt(userId);
  const moves = [
    ['stock', 'TRY', funds.TRY ?? '100000'],
    ['coin', 'USDT', funds.USDT ?? '10000'],
  ] as const;
  for (const [wallet, currency, amount] of moves)
    if (amount !== '0')
      await fundFromSandbox(db, {
        reason: 'sandbox_funding',
        referenceType: 'operator',
        referenceId: 'test',
        userId: id,
        accountType: 'real',
        wallet,
        currency,
        amount,
      });
  return { token, userId: id };
}

export async function requireTradePassword(db: Db, userId: bigint, pin: string): Promise<void> {
  await db
    .update(users)
    .set({ tradePasswordHash: await hashPassword(pin, 2 ** 10), confirmOrdersWithTradePassword: true })
    .where(eq(users.id, userId));
}

export function api(world: SpotWorld) {
  const headers = (token: string, lang: Lang) => ({ accesstoken: token, 'Accept-Language': lang });
  return {
    post: async <T = Record<string, unknown>>(
      path: string,
      token: string,
      fields: Record<string, string> = {},
      lang: Lang = 'en-US',
    ) => (await (await postForm(world.server.api(path), fields, headers(token, lang))).json()) as Envelope<T>,
    get: async <T = Record<string, unknown>>(
      path: string,
      token: string,
      query: Record<string, string> = {},
      lang: Lang = 'en-US',
    ) =>
      (await (
        await fetch(`${world.server.api(path)}?${new URLSearchParams(query)}`, {
          headers: headers(token, lang),
        })
      ).json()) as Envelope<T>,
  };
}

/** Everything a rejected order must leave alone: the user's balances and order count. */
export async function stateOf(db: Db, userId: bigint) {
  const [orders] = await db.select({ n: count() }).from(spotOrders).where(eq(spotOrders.userId, userId));
  return { balances: await userBalances(db, userId, 'real'), orders: orders?.n ?? 0 };
}

export async function expectCleanLedger(db: Db): Promise<void> {
  expect(await verifyLedger(db)).toEqual([]);
}

export function balance(
  rows: Awaited<ReturnType<typeof userBalances>>,
  wallet: string,
  currency: string,
): { available: string; frozen: string } {
  const row = rows.find((r) => r.wallet === wallet && r.currency === currency);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}
