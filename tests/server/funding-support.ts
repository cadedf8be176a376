import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { hashPin } from '../../server/accounts/pin-hash';
import { pinKeyOf } from '../../server/app-state';
import { setPinHash } from '../../server/accounts/pins';
import type { Db } from '../../server/db/client';
import { bankCards, coinAddresses, deposits, withdrawals } from '../../server/db/schema/funding';
import { kycSubmissions } from '../../server/db/schema/kyc';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { userBalances } from '../../server/ledger/balances';
import { fundFromSandbox } from '../../server/ledger/moves';
import { verifyLedger } from '../../server/ledger/verify';
import type { FundingConfig } from '../../server/config';
import { postForm, startServer, type DbTarget, type TestServer } from '../support/server';
import { userWithSession, demoSession } from '../support/session';
import { EN, envelopeOf, type Envelope, apiCaller, type ApiCall } from '../support/api-call';
export { EN, type Envelope } from '../support/api-call';

export const KEY = 'f'.repeat(43);
export const PIN = '135790';
export const NAME = 'Ayşe Yılmaz';
/** Valid Turkish IBANs (check digits computed by hand, see domain/funding/iban.test.ts). */
export const IBAN = 'TR330006100519786457841326';
export const IBAN2 = 'TR100006200000006297629123';
export const TR = { 'Accept-Language': 'tr-TR' };

export type Funded = { id: bigint; real: string; demo: string };

export function ok<T>(env: Envelope): T {
  expect(env, JSON.stringify(env)).toMatchObject({ code: 0 });
  return env.data as T;
}

export function refused(env: Envelope, key: string): void {
  expect(env.code, JSON.stringify(env)).not.toBe(0);
  expect(env.key).toBe(key);
  expect(env.msg.length).toBeGreaterThan(0);
}

export type FundingWorld = {
  server: TestServer;
  db: Db;
  clock: { t: number; now(): number };
  post: ApiCall;
  get(
    path: string,
    token: string,
    query?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<Envelope>;
  op(path: string, fields?: Record<string, string>): Promise<Envelope>;
  /** A real user: verified KYC as NAME (unless `kyc: false`), a withdrawal PIN unless `pin: false`. */
  user(opts?: { kyc?: boolean; pin?: boolean }): Promise<Funded>;
  fund(user: Funded, wallet: 'stock' | 'coin', currency: string, amount: string): Promise<void>;
  /** What a refused request must leave alone: balances, funding rows, ledger transactions. */
  snapshot(user: Funded): Promise<unknown>;
  /** The books are clean: verifyLedger finds nothing (balances equal their entries' sums). */
  clean(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A suite's funding world: made before its tests (handed to `use`), its users cleaned and its
 * server closed after them.
 */
export function withFundingWorld(target: DbTarget, use: (world: FundingWorld) => void): void {
  let made: FundingWorld | undefined;
  beforeAll(async () => {
    made = await fundingWorld(target);
    use(made);
  });
  afterAll(async () => {
    if (made) await made.clean();
    await made?.close();
  });
}

export async function fundingWorld(
  target: DbTarget,
  opts: { funding?: Partial<FundingConfig>; start?: number; dataDir?: string } = {},
): Promise<FundingWorld> {
  const clock = { t: opts.start ?? Date.now(), now: () => clock.t };
  const server = await startServer(target, {
    operatorKey: KEY,
    clock,
    ...(opts.funding ? { funding: opts.funding } : {}),
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
  });
  const db = server.database.db;
  return {
    server,
    db,
    clock,
    post: apiCaller(server),
    get: async (path, token, query = {}, headers = EN) =>
      envelopeOf(
        await fetch(`${server.api(path)}?${new URLSearchParams(query)}`, {
          headers: { accesstoken: token, ...headers },
        }),
      ),
    op: async (path, fields = {}) =>
      envelopeOf(await postForm(`${server.url}/operator/${path}`, fields, { 'x-operator-key': KEY, ...EN })),
    async user({ kyc = true, pin = true } = {}) {
      const u = await userWithSession(db, { idStatus: kyc ? 'succ' : 'none' });
      const id = BigInt(u.userId);
      if (kyc)
        await db.insert(kycSubmissions).values({
          userId: id,
          certType: 'id_card',
          fullName: NAME,
          certNumber: '12345678901',
          taxId: '1234567890',
          frontImageId: randomBytes(16).toString('hex'),
          backImageId: randomBytes(16).toString('hex'),
          status: 'succ',
        });
      if (pin) await setPinHash(db, id, 'withdraw', hashPin(pinKeyOf(db), PIN));
      const demo = await demoSession(db, id);
      return { id, real: u.token, demo };
    },
    async fund(user, wallet, currency, amount) {
      await fundFromSandbox(db, {
        userId: user.id,
        accountType: 'real',
        wallet,
        currency,
        amount,
        reason: 'sandbox_funding',
        referenceType: 'test',
        referenceId: 'funding',
      });
    },
    async snapshot(user) {
      const rows = async (
        table: typeof deposits | typeof withdrawals | typeof bankCards | typeof coinAddresses,
      ) => (await db.select({ n: count() }).from(table).where(eq(table.userId, user.id)))[0]?.n;
      return {
        balances: await userBalances(db, user.id, 'real'),
        deposits: await rows(deposits),
        withdrawals: await rows(withdrawals),
        cards: await rows(bankCards),
        addresses: await rows(coinAddresses),
        ledger: (await db.select({ n: count() }).from(ledgerTransactions))[0]?.n,
        statuses: await db
          .select({ s: withdrawals.status })
          .from(withdrawals)
          .where(eq(withdrawals.userId, user.id)),
      };
    },
    async clean() {
      expect(await verifyLedger(db)).toEqual([]);
    },
    close: () => server.close(),
  };
}
