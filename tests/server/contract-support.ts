import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { hashPassword } from '../../server/accounts/password';
import { setPinHash } from '../../server/accounts/pins';
import type { Db } from '../../server/db/client';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { contractPositions, riskAcceptances } from '../../server/db/schema/trading';
import { openUserLedger } from '../../server/ledger/accounts';
import { fundFromSandbox, transfer } from '../../server/ledger/moves';
import type { WireLevel } from '../../domain/protocol/ws';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { userWithSession, demoSession } from '../support/session';
import { settledRoute } from '../support/settled-route';
import { sharedWorld } from '../support/shared-world';
import { expectCleanLedger } from './spot-support';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import { type Envelope, apiCaller, type ApiCall } from '../support/api-call';
export { EN, type Envelope } from '../support/api-call';

/** A test-only route: waits until every risk job the mark ticks so far started has committed. */
const settledProbe = settledRoute('/test/contracts/settled', ({ trading }) => trading.contracts.settled());

export const SYMBOL = 'BTCUSDT';
export const TR = { 'Accept-Language': 'tr-TR' };

/** Ten levels a side, 1 USDT apart, 5 BTC each, around `price` (whole USDT). */
export function bookAround(price: number): { bids: WireLevel[]; asks: WireLevel[] } {
  const bids: WireLevel[] = [];
  const asks: WireLevel[] = [];
  for (let i = 1; i <= 10; i++) {
    bids.push([`${price - i}.00`, '5']);
    asks.push([`${price + i}.00`, '5']);
  }
  return { bids, asks };
}

export type ContractWorld = {
  server: TestServer;
  db: Db;
  source: ScriptedSource;
  clock: { t: number; now(): number };
  /** Moves the book and the mark to `price` and lets the risk engine act on that tick. */
  tick(price: number, funding?: string | null): Promise<void>;
  call: ApiCall;
  /** A user with `contractUsdt` in the contract wallet (real account) and a demo token. */
  trader(contractUsdt?: string, coinUsdt?: string): Promise<Trader>;
  /** Moves `amount` of the demo account's starting USDT into its contract wallet (ledgered). */
  fundDemoContract(trader: Trader, amount: string): Promise<void>;
  counts(): Promise<{ tx: number; positions: number; acceptances: number }>;
  close(): Promise<void>;
};
export type Trader = { id: bigint; real: string; demo: string; account: string };

/** A server over a scripted BTCUSDT market and a virtual clock, for contract tests. */
export async function contractWorld(
  target: DbTarget,
  start = Date.UTC(2025, 0, 6, 12),
): Promise<ContractWorld> {
  const clock = { t: start, now: () => clock.t };
  // SOLUSDT has a book but never a mark: a feed that is not live for contracts.
  const source = scriptedSource(
    [instrument(SYMBOL), instrument('ETHUSDT'), instrument('SOLUSDT')],
    clock.now,
  );
  const seq = { n: 1 };
  const place = (symbol: string, price: number, funding: string | null = null) => {
    const { bids, asks } = bookAround(price);
    source.setBook(symbol, ++seq.n, bids, asks);
    source.setTicker(symbol, { last: `${price}.00` });
    source.setMark(symbol, { mark: `${price}.00`, funding });
  };
  place(SYMBOL, 50_000);
  place('ETHUSDT', 3_000);
  source.setBook('SOLUSDT', 1, bookAround(200).bids, bookAround(200).asks);
  const server = await startServer(target, { source, clock, extraRoutes: [settledProbe] });
  const db = server.database.db;
  const call = apiCaller(server);
  return {
    server,
    db,
    source,
    clock,
    call,
    async tick(price, funding = null) {
      const { bids, asks } = bookAround(price);
      source.setBook(SYMBOL, ++seq.n, bids, asks);
      source.emitMark(SYMBOL, { mark: `${price}.00`, funding });
      await call('/test/contracts/settled', undefined);
    },
    async trader(contractUsdt = '1000', coinUsdt = '0') {
      const user = await userWithSession(db);
      const id = BigInt(user.userId);
      await openUserLedger(db, id);
      const total = Number(contractUsdt) + Number(coinUsdt);
      const meta = { reason: 'test', referenceType: 'test', referenceId: 'contracts' };
      if (total > 0)
        await fundFromSandbox(db, {
          ...meta,
          userId: id,
          accountType: 'real',
          wallet: 'coin',
          currency: 'USDT',
          amount: String(total),
        });
      if (Number(contractUsdt) > 0)
        await transfer(db, {
          ...meta,
          userId: id,
          accountType: 'real',
          fromWallet: 'coin',
          toWallet: 'contract',
          currency: 'USDT',
          amount: contractUsdt,
        });
      const demo = await demoSession(db, id);
      return { id, real: user.token, demo, account: user.account };
    },
    async fundDemoContract(trader, amount) {
      await transfer(db, {
        reason: 'test',
        referenceType: 'test',
        referenceId: 'contracts',
        userId: trader.id,
        accountType: 'demo',
        fromWallet: 'coin',
        toWallet: 'contract',
        currency: 'USDT',
        amount,
      });
    },
    async counts() {
      const [tx] = await db.select({ n: count() }).from(ledgerTransactions);
      const [positions] = await db.select({ n: count() }).from(contractPositions);
      const [acceptances] = await db.select({ n: count() }).from(riskAcceptances);
      return { tx: tx?.n ?? 0, positions: positions?.n ?? 0, acceptances: acceptances?.n ?? 0 };
    },
    close: () => server.close(),
  };
}

/** A contract world a describe block's tests share, its ledger checked clean before it closes. */
export function sharedContractWorld(target: DbTarget) {
  return sharedWorld(
    () => contractWorld(target),
    undefined,
    (world) => expectCleanLedger(world.db),
  );
}

/** The data of a successful answer (fails the test with the envelope otherwise). */
export function ok<T>(envelope: Envelope): T {
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ code: 0 });
  return envelope.data as T;
}

export async function contractBalance(
  world: ContractWorld,
  token: string,
): Promise<{ available: string; frozen: string }> {
  const assets = ok<{ contract: { available: string; frozen: string } }>(
    await world.call('/coin/assets', token),
  );
  return assets.contract;
}

export async function openLong(
  world: ContractWorld,
  token: string,
  fields: Record<string, string> = {},
): Promise<ContractPosition> {
  return ok<ContractPosition>(
    await world.call('/coin/contract/order/add', token, {
      symbol: SYMBOL,
      side: 'long',
      leverage: '10',
      margin: '100',
      acceptRisk: '1',
      ...fields,
    }),
  );
}

/** The trade password the transfer tests confirm with. */
export const TRADE_PIN = '246810';

/** A trader with USDT in each wallet and a trade password set (transfers ask for it). */
export async function traderWithPin(world: ContractWorld, contract = '0', coin = '500'): Promise<Trader> {
  const user = await world.trader(contract, coin);
  await setPinHash(world.db, user.id, 'trade', await hashPassword(TRADE_PIN, 2 ** 10));
  return user;
}

/** The USDT available in the coin and contract wallets, as /coin/assets answers them. */
export async function walletsOf(world: ContractWorld, token: string) {
  const a = ok<{ coin: { currency: string; available: string }[]; contract: { available: string } }>(
    await world.call('/coin/assets', token),
  );
  return { coin: a.coin.find((c) => c.currency === 'USDT')?.available, contract: a.contract.available };
}
