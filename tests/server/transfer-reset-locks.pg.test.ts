import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { hashPassword } from '../../server/accounts/password';
import { setPinHash } from '../../server/accounts/pins';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { accountCode, userAccount } from '../../server/ledger/account-ref';
import { resetDemo } from '../../server/ledger/demo';
import { transfer } from '../../server/ledger/moves';
import { verifyLedger } from '../../server/ledger/verify';
import { demoHoldsOutstanding } from '../../server/primary/demo-reset';
import { createContractTrading } from '../../server/trading/contracts/engine';
import { addHolds, demoTradingHolds } from '../../server/trading/demo-holds';
import type { Writer } from '../../server/trading/writer';
import { bareUser } from '../support/accounts';
import { instrument, scriptedSource } from '../support/scripted-source';
import { bookAround } from './contract-support';
import { lockWaiter } from './lock-waiter';
import { describePartitions } from './partition-world';

const SYMBOL = 'BTCUSDT';
const PIN = '246810';

/** A writer that counts the jobs handed to it, so a test knows when a call has reached its queue. */
function counted(writer: Writer): { writer: Writer; runs: () => number } {
  let n = 0;
  return {
    writer: { ...writer, run: (job, options) => (n++, writer.run(job, options)) },
    runs: () => n,
  };
}

async function until(done: () => boolean): Promise<void> {
  for (const started = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 5)))
    if (Date.now() - started > 10_000) throw new Error('the calls never reached the writer');
}

/**
 * docs/partitions.md, "Lock order": a demo reset posts outside the writer, locking every demo
 * account of the user in one statement, in code order (coin before contract). A USDT transfer
 * batched behind a contract close of the same user locked the contract account (the close's
 * round) and then the coin one (its own): with the reset holding the coin account and waiting for
 * the contract one, each waited for the other and PostgreSQL failed one (40P01: the reset or the
 * transfer a 500). The transfer now names both accounts in its batch's first round.
 */
describePartitions('a USDT transfer batched behind a contract close while a demo reset posts', (world) => {
  it('never deadlocks: the reset, the close and the transfer all go through', async () => {
    const db = world.db;
    const clock = { now: () => Date.UTC(2025, 0, 6, 12) };
    const source = scriptedSource([instrument(SYMBOL)], clock.now);
    const { bids, asks } = bookAround(50_000);
    source.setBook(SYMBOL, 1, bids, asks);
    source.setTicker(SYMBOL, { last: '50000.00' });
    source.setMark(SYMBOL, { mark: '50000.00', funding: null });
    const { deps } = await world.spotEngine(source, clock, {});
    const { writer, runs } = counted(deps.writer);
    const contracts = await world.start(createContractTrading({ ...deps, writer }));

    const userId = await bareUser(db, 'transfer-locks');
    const demo = { userId, accountType: 'demo' as const };
    await setPinHash(db, userId, 'trade', await hashPassword(PIN, 2 ** 10));
    await resetDemo(db, userId);
    await transfer(db, {
      ...{ reason: 'test', referenceType: 'test', referenceId: 'transfer-locks' },
      ...demo,
      fromWallet: 'coin',
      toWallet: 'contract',
      currency: 'USDT',
      amount: '1000',
    });
    const position = await contracts.open(demo, {
      symbol: SYMBOL,
      side: 'long',
      leverage: 2,
      margin: '100',
      acceptRisk: '1',
    });

    // 1. The demo's coin USDT held here: the reset, as the route posts it, comes to wait for it.
    let releaseCoin!: () => void;
    const coinHeld = new Promise<void>((resolve) => (releaseCoin = resolve));
    const holdingCoin = db.transaction(async (tx) => {
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, accountCode(userAccount(userId, 'demo', 'coin', 'USDT'))))
        .for('update');
      await coinHeld;
    });
    const resetting = resetDemo(db, userId, async (tx) =>
      addHolds(await demoHoldsOutstanding(tx, userId), await demoTradingHolds(tx, source, userId)),
    );
    await lockWaiter(db);
    // 2. The writer kept busy while the close and the transfer arrive: they share its next batch.
    let releaseWriter!: () => void;
    const writerHeld = new Promise<void>((resolve) => (releaseWriter = resolve));
    let busy!: () => void;
    const started = new Promise<void>((resolve) => (busy = resolve));
    const blocking = deps.writer.run(async () => {
      busy();
      await writerHeld;
    });
    await started;
    const before = runs();
    const calls = Promise.allSettled([
      contracts.close(demo, BigInt(position.id)),
      contracts.transfer(demo, { from: 'contract', to: 'coin', amount: '10', tradePassword: PIN }),
    ]);
    await until(() => runs() === before + 2);
    releaseWriter();
    await blocking;
    // 3. That batch comes to wait for the coin account too, behind the reset; then it is let go.
    await lockWaiter(db, 2);
    releaseCoin();
    await holdingCoin;

    const outcomes = [
      await resetting.then(
        () => 'posted',
        (e: unknown) => String(e).slice(0, 160),
      ),
    ];
    for (const r of await calls)
      outcomes.push(r.status === 'fulfilled' ? 'done' : String(r.reason).slice(0, 160));
    expect({
      outcomes,
      deadlocks: deps.writer.stats().deadlocks,
      largestBatch: deps.writer.stats().largestBatch,
    }).toEqual({
      outcomes: ['posted', 'done', 'done'],
      deadlocks: 0,
      largestBatch: 2,
    });
    expect(await contracts.active(demo)).toEqual([]);
    expect(await verifyLedger(db)).toEqual([]);
  }, 60_000);
});
