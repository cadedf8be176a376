import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { systemAccount, userAccount } from '../../server/ledger/account-ref';
import { openUserLedger } from '../../server/ledger/accounts';
import { freeze, fundFromSandbox, transfer } from '../../server/ledger/moves';
import { postTransaction } from '../../server/ledger/post';
import { verifyLedger } from '../../server/ledger/verify';
import { userWithSession, demoSession } from '../support/session';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';

const EN = { 'Accept-Language': 'en-US' };
const ref = { reason: 'test', referenceType: 'test', referenceId: 'assets' };
const START = [
  { wallet: 'stock', currency: 'TRY', available: '1000000', frozen: '0', locked: '0', total: '1000000' },
  { wallet: 'coin', currency: 'USDT', available: '10000', frozen: '0', locked: '0', total: '10000' },
  { wallet: 'contract', currency: 'USDT', available: '0', frozen: '0', locked: '0', total: '0' },
];
const ZERO = START.map((b) => ({ ...b, available: '0', total: '0' }));
/** Each cash balance's moves since the day reference (server/portfolio/day-cash), by wallet. */
const moved = (stock: string, coin: string, contract: string) => [
  { wallet: 'stock', currency: 'TRY', pnl: '0', flows: stock },
  { wallet: 'coin', currency: 'USDT', pnl: '0', flows: coin },
  { wallet: 'contract', currency: 'USDT', pnl: '0', flows: contract },
];

describe.each(dbTargets())('assets and demo reset on %s', (target) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await startServer(target);
    db = server.database.db;
  });
  afterAll(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await server?.close();
  });

  async function registered() {
    const user = await userWithSession(db);
    await openUserLedger(db, BigInt(user.userId));
    return { ...user, id: BigInt(user.userId), real: user.token, demo: await demoSession(db, user.userId) };
  }
  async function call(path: string, token?: string, headers: Record<string, string> = {}) {
    const res = await postForm(
      server.api(path),
      {},
      { ...(token ? { accesstoken: token } : {}), ...headers },
    );
    expect(res.status).toBe(200);
    return res.json();
  }
  async function transactionCount() {
    const [row] = await db.select({ n: count() }).from(ledgerTransactions);
    return row?.n;
  }

  it('asks for a session', async () => {
    expect(await call('/user/assets')).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
    expect(await call('/user/demo/reset')).toMatchObject({ code: -1000, key: 'SESSION_INVALID' });
  });

  it("shows the token's own account: demo balances to a demo token, real to a real one", async () => {
    const user = await registered();
    await fundFromSandbox(db, {
      userId: user.id,
      accountType: 'real',
      wallet: 'coin',
      currency: 'USDT',
      amount: '250.5',
      ...ref,
    });
    expect(await call('/user/assets', user.demo)).toEqual({
      code: 0,
      msg: 'ok',
      // Nothing held by products, nothing traded today: the lists are there, empty. The demo's
      // starting balance arrived today: a flow, no gain.
      data: {
        accountType: 'demo',
        balances: START,
        products: [],
        today: [],
        todayCash: moved('1000000', '10000', '0'),
        openPnlRef: '0',
      },
    });
    expect(await call('/user/assets', user.real)).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        accountType: 'real',
        balances: [ZERO[0], { ...ZERO[1], available: '250.5', total: '250.5' }, ZERO[2]],
        products: [],
        today: [],
        // The operator's funding, and not the demo account's.
        todayCash: moved('0', '250.5', '0'),
        openPnlRef: '0',
      },
    });
  });

  it("never shows one user another's money", async () => {
    const a = await registered();
    const b = await registered();
    await fundFromSandbox(db, {
      userId: b.id,
      accountType: 'real',
      wallet: 'stock',
      currency: 'TRY',
      amount: '777',
      ...ref,
    });
    await freeze(db, {
      userId: b.id,
      accountType: 'demo',
      wallet: 'stock',
      currency: 'TRY',
      amount: '1',
      ...ref,
    });
    expect((await call('/user/assets', a.real)).data.balances).toEqual(ZERO);
    expect((await call('/user/assets', a.demo)).data.balances).toEqual(START);
    expect((await call('/user/assets', b.real)).data.balances[0]).toMatchObject({
      available: '777',
      total: '777',
    });
    expect((await call('/user/assets', b.demo)).data.balances[0]).toEqual({
      wallet: 'stock',
      currency: 'TRY',
      available: '999999',
      frozen: '1',
      locked: '0',
      total: '1000000',
    });
  });

  it('refuses a demo reset with a real token, in both languages, changing nothing', async () => {
    const user = await registered();
    const before = await transactionCount();
    expect(await call('/user/demo/reset', user.real)).toEqual({
      code: -1001,
      msg: 'Bu işlem yalnızca demo hesapta yapılabilir.',
      key: 'DEMO_ONLY',
      data: {},
    });
    expect(await call('/user/demo/reset', user.real, EN)).toMatchObject({
      key: 'DEMO_ONLY',
      msg: 'This can only be done on the demo account.',
    });
    expect(await transactionCount()).toBe(before);
  });

  it('resets the demo account with a ledgered posting, frozen and other coins included', async () => {
    const user = await registered();
    const demo = (wallet: 'stock' | 'coin' | 'contract', currency: string) =>
      userAccount(user.id, 'demo', wallet, currency);
    await freeze(db, {
      userId: user.id,
      accountType: 'demo',
      wallet: 'stock',
      currency: 'TRY',
      amount: '1234.56',
      ...ref,
    });
    await transfer(db, {
      userId: user.id,
      accountType: 'demo',
      fromWallet: 'coin',
      toWallet: 'contract',
      currency: 'USDT',
      amount: '600',
      ...ref,
    });
    await postTransaction(db, {
      reason: 'fill',
      referenceType: 'order',
      referenceId: 'demo-1',
      lines: [
        { account: demo('coin', 'USDT'), amount: '-3000.123456789' },
        { account: systemAccount('market', 'USDT'), amount: '3000.123456789' },
        { account: demo('coin', 'BTC'), amount: '0.05' },
        { account: systemAccount('market', 'BTC'), amount: '-0.05' },
      ],
    });
    await fundFromSandbox(db, {
      userId: user.id,
      accountType: 'real',
      wallet: 'stock',
      currency: 'TRY',
      amount: '5',
      ...ref,
    });
    const moved = (await call('/user/assets', user.demo)).data.balances;
    expect(moved).toContainEqual({
      wallet: 'coin',
      currency: 'BTC',
      available: '0.05',
      frozen: '0',
      locked: '0',
      total: '0.05',
    });

    expect(await call('/user/demo/reset', user.demo)).toEqual({
      code: 0,
      msg: 'ok',
      data: { accountType: 'demo', balances: START },
    });
    expect((await call('/user/assets', user.demo)).data.balances).toEqual(START);
    // The real account is not the demo's business.
    expect((await call('/user/assets', user.real)).data.balances[0]).toMatchObject({ total: '5' });

    const resets = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reason, 'demo_reset'));
    expect(resets.filter((t) => t.referenceId === user.userId)).toHaveLength(1);
    expect(await verifyLedger(db)).toEqual([]);

    // Already at the start: nothing to post.
    const before = await transactionCount();
    expect((await call('/user/demo/reset', user.demo)).data.balances).toEqual(START);
    expect(await transactionCount()).toBe(before);
  });

  it('gives a user whose ledger was never opened zero balances, and a reset their starting balance', async () => {
    const user = await userWithSession(db);
    const demo = await demoSession(db, user.userId);
    expect((await call('/user/assets', demo)).data.balances).toEqual(ZERO);
    expect((await call('/user/assets', user.token)).data).toEqual({
      accountType: 'real',
      balances: ZERO,
      products: [],
      today: [],
      todayCash: moved('0', '0', '0'),
      openPnlRef: '0',
    });
    expect((await call('/user/demo/reset', demo)).data.balances).toEqual(START);
  });
});
