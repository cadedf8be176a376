import { count } from 'drizzle-orm';
import { hashPassword } from '../../server/accounts/password';
import { setPinHash } from '../../server/accounts/pins';
import type { Db } from '../../server/db/client';
import { exchangeQuotes } from '../../server/db/schema/funding';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { openUserLedger } from '../../server/ledger/accounts';
import { userBalances } from '../../server/ledger/balances';
import { fundFromSandbox } from '../../server/ledger/moves';
import { instrument, scriptedSource, usdtTry, type ScriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import { userWithSession, demoSession } from '../support/session';
import { apiCaller, type ApiCall } from '../support/api-call';

export const PIN = '135790';

/**
 * The books the exchange prices on, fixed so every figure is worked by hand: USDTTRY 43.80 /
 * 43.90, BTCUSDT 50000 / 50010 (6 decimals), ETHUSDT 2999 / 3000 (4 decimals). SOLUSDT is listed
 * with an empty book (nobody on either side).
 */
export type ExchangeWorld = {
  server: TestServer;
  db: Db;
  source: ScriptedSource;
  clock: { t: number; now(): number };
  call: ApiCall;
  /** A user with the trade password set (unless `pin` is null), funded in its real wallets. */
  user(funds: { try?: string; usdt?: string; btc?: string }, pin?: string | null): Promise<ExchangeUser>;
  /** Every balance of an account type, as `wallet:currency` → available. */
  balances(user: ExchangeUser, accountType?: 'real' | 'demo'): Promise<Record<string, string>>;
  counts(): Promise<{ tx: number; quotes: number }>;
  close(): Promise<void>;
};
export type ExchangeUser = { id: bigint; real: string; demo: string };

export async function exchangeWorld(
  target: DbTarget,
  start = Date.UTC(2025, 0, 6, 12),
): Promise<ExchangeWorld> {
  const clock = { t: start, now: () => clock.t };
  const source = scriptedSource(
    [
      instrument('BTCUSDT'),
      instrument('ETHUSDT', { qtyScale: 4, minQty: '0.0001' }),
      instrument('SOLUSDT'),
      usdtTry({ minQty: '1' }),
    ],
    clock.now,
  );
  source.setBook('USDTTRY', 1, [['43.80', '100000']], [['43.90', '100000']]);
  source.setBook('BTCUSDT', 1, [['50000', '5']], [['50010', '5']]);
  source.setBook('ETHUSDT', 1, [['2999', '50']], [['3000', '50']]);
  const server = await startServer(target, { source, clock });
  const db = server.database.db;
  const call = apiCaller(server);
  return {
    server,
    db,
    source,
    clock,
    call,
    async user(funds, pin = PIN) {
      const user = await userWithSession(db);
      const id = BigInt(user.userId);
      await openUserLedger(db, id);
      const meta = { reason: 'test', referenceType: 'test', referenceId: 'exchange', userId: id } as const;
      const fund = (wallet: 'stock' | 'coin', currency: string, amount: string | undefined) =>
        amount === undefined
          ? Promise.resolve()
          : fundFromSandbox(db, { ...meta, accountType: 'real', wallet, currency, amount });
      await fund('stock', 'TRY', funds.try);
      await fund('coin', 'USDT', funds.usdt);
      await fund('coin', 'BTC', funds.btc);
      if (pin !== null) await setPinHash(db, id, 'trade', await hashPassword(pin, 2 ** 10));
      const demo = await demoSession(db, id);
      return { id, real: user.token, demo };
    },
    async balances(user, accountType = 'real') {
      const rows = await userBalances(db, user.id, accountType);
      return Object.fromEntries(rows.map((b) => [`${b.wallet}:${b.currency}`, b.available]));
    },
    async counts() {
      const [tx] = await db.select({ n: count() }).from(ledgerTransactions);
      const [quotes] = await db.select({ n: count() }).from(exchangeQuotes);
      return { tx: tx?.n ?? 0, quotes: quotes?.n ?? 0 };
    },
    close: () => server.close(),
  };
}

export type Quote = {
  quoteId: string;
  from: string;
  to: string;
  fromWallet: string;
  toWallet: string;
  amount: string;
  rate: string;
  midRate: string;
  spread: string;
  fee: string;
  feeRate: string;
  receive: string;
  expiresAt: number;
};
export type Answer = { executed: boolean; quote: Quote; transactionId?: string };
