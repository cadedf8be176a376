import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { accountCode, userAccount } from '../../server/ledger/account-ref';
import { verifyLedger } from '../../server/ledger/verify';
import { instrument, scriptedSource } from '../support/scripted-source';
import { lockWaiter } from './lock-waiter';
import { describePartitions } from './partition-world';
import { MONDAY_NOON } from './spot-support';

const SYMBOL = 'BTCUSDT';

/**
 * docs/partitions.md, "Lock order": a cancel of all a wallet's orders reads which orders it ends
 * inside its job. Naming their accounts one order at a time, it locked the buy's USDT before the
 * sell's BTC, whose code sorts first; a posting outside the writer that takes the same accounts
 * in code order (a demo reset) held BTC and waited for USDT, and PostgreSQL failed one of the
 * two (40P01: a demo reset answered 500). The cancel now locks the wallet's accounts in its
 * batch's first statement, in code order, so it waits for the posting holding nothing.
 */
describePartitions("a cancel of a wallet's orders beside a posting in code order", (world) => {
  it('waits for the posting instead of deadlocking with it', async () => {
    const db = world.db;
    const clock = { now: () => MONDAY_NOON };
    const source = scriptedSource([instrument(SYMBOL)], clock.now);
    source.setTicker(SYMBOL, { last: '100.00', prev: '100.00' });
    source.setBook(SYMBOL, 1, [['90.00', '5']], [['110.00', '5']]);
    const log = { warn: () => undefined, error: () => undefined };
    const { deps, spot: engine } = await world.spotEngine(source, clock, { log });
    const writer = deps.writer;
    const userId = await world.fundedUser('wallet-lock-order', [
      ['coin', 'USDT', '1000'],
      ['coin', 'BTC', '1'],
    ]);
    const owner = { userId, accountType: 'real' as const };
    // Resting: the buy holds USDT, the sell holds BTC; the buy is the older, cancelled first.
    for (const [side, price] of [
      ['buy', '95.00'],
      ['sell', '105.00'],
    ] as const)
      await engine.place(owner, {
        wallet: 'coin',
        symbol: SYMBOL,
        side,
        type: 'limit',
        quantity: '1',
        price,
        timeInForce: 'gtc',
      });
    expect(engine.restingCount()).toBe(2);

    const codes = (currency: string) =>
      (['available', 'frozen'] as const).map((bucket) =>
        accountCode(userAccount(userId, 'real', 'coin', currency, bucket)),
      );
    const lock = (tx: Database['db'], currency: string) =>
      tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.code, codes(currency)))
        .orderBy(ledgerAccounts.code)
        .for('update');
    // The posting in code order: BTC, then (once the cancel waits) USDT.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const posting = db.transaction(async (tx) => {
      await lock(tx, 'BTC');
      held();
      await gate;
      await lock(tx, 'USDT');
    });
    // The cancel starts once the posting holds BTC: started before, on a loaded machine it could
    // run to its end before the posting's first lock, and nothing would wait for anything.
    await holding;
    const cancelling = engine.cancel(owner, { wallet: 'coin', all: true });
    try {
      await lockWaiter(db);
    } finally {
      release();
    }
    await expect(posting).resolves.toBeUndefined();
    const cancelled = await cancelling;
    expect(cancelled.map((o) => o.side).sort()).toEqual(['buy', 'sell']);
    expect(writer.stats().deadlocks).toBe(0);
    const frozen = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          inArray(ledgerAccounts.code, [...codes('BTC'), ...codes('USDT')]),
          eq(ledgerAccounts.bucket, 'frozen'),
        ),
      );
    expect(frozen.map((r) => Number(r.balance))).toEqual([0, 0]);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
