import Decimal from 'decimal.js';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { spotOrders } from '../../server/db/schema/trading';
import { accountCode, userAccount } from '../../server/ledger/account-ref';
import { verifyLedger } from '../../server/ledger/verify';
import type { SpotEngine } from '../../server/trading/spot/engine';
import type { Writer } from '../../server/trading/writer';
import { rng, seedFromEnv, shuffled } from '../support/random';
import { instrument, scriptedSource } from '../support/scripted-source';
import { describePartitions } from './partition-world';
import { MONDAY_NOON } from './spot-support';

const SEED = seedFromEnv();
const USERS = 5;
const ROUNDS = 80;
const START = '1000000';
const SYMBOLS = ['THYAO', 'ASELS'] as const;
/** Not crossed by the resting buys (100.00 … 100.40); the crossing ask is below them all. */
const QUIET_ASK: [string, string] = ['101.00', '1000000'];
const CROSSING_ASK: [string, string] = ['99.00', '1000000'];

/**
 * docs/partitions.md, "Lock order": two stock partitions' writers share users' TRY accounts. Each
 * round the same users rest a buy on a symbol of each partition; one partition's book then
 * crosses, and its matching job fills them best price first, while the users cancel their orders
 * in the other partition in another order, several cancels a batch. A matching job that locked
 * each fill's user in a round of its own, beside a batch of cancels doing the same, held one
 * user's cash while it waited for another's the other batch held: PostgreSQL failed one of them
 * (40P01, counted by the writer whether a caller heard it or not; without the first-round locks
 * this test fails so within a few rounds).
 */
describePartitions(`two stock partitions matching one set of users (SEED=${SEED})`, (world) => {
  it('never deadlocks, never overdraws, fills every order and leaves the ledger clean', async () => {
    const db = world.db;
    const random = rng(SEED);
    const clock = { now: () => MONDAY_NOON };
    const source = scriptedSource(
      SYMBOLS.map((s) => instrument(s)),
      clock.now,
    );
    for (const symbol of SYMBOLS) {
      source.setTicker(symbol, { last: '100.00', prev: '100.00' });
      source.setBook(symbol, 1, [], [QUIET_ASK]);
    }
    const failures: unknown[] = [];
    const log = { warn: () => undefined, error: (obj: object) => void failures.push(obj) };
    const writers: Writer[] = [];
    const engines: SpotEngine[] = [];
    for (const [i, symbol] of SYMBOLS.entries()) {
      const { deps, spot } = await world.spotEngine(source, clock, { partition: { p: i + 1, symbol }, log });
      writers.push(deps.writer);
      engines.push(spot);
    }
    const owners: { userId: bigint; accountType: 'real' }[] = [];
    for (let u = 0; u < USERS; u++) {
      const userId = await world.fundedUser('stock-partitions', [['stock', 'TRY', START]]);
      owners.push({ userId, accountType: 'real' });
    }

    const buy = (u: number, s: number, price: string) =>
      (engines[s] as SpotEngine).place(owners[u] as (typeof owners)[number], {
        wallet: 'stock',
        symbol: SYMBOLS[s] as string,
        side: 'buy',
        type: 'limit',
        quantity: '1',
        price,
        timeInForce: 'gtc',
      });
    const resting = () => engines.reduce((n, e) => n + e.restingCount(), 0);

    for (let round = 0; round < ROUNDS; round++) {
      // One partition matches and the other cancels, turn about: the same users on both sides.
      const [m, c] = round % 2 === 0 ? [0, 1] : [1, 0];
      const rank = shuffled(random, USERS);
      const placed = await Promise.all(
        SYMBOLS.flatMap((_, s) =>
          rank.map((r, u) => buy(u, s, new Decimal(100).plus(new Decimal(r).times('0.10')).toFixed(2))),
        ),
      );
      expect(resting(), `round ${round} SEED=${SEED}`).toBe(USERS * SYMBOLS.length);
      // The matching job fills the users best price first; in the same moment the users cancel
      // their other partition's orders in another order, several cancels a batch. Neither
      // batch's jobs post to a system account the other's holds first.
      source.emitBook(SYMBOLS[m] as string, [], [CROSSING_ASK]);
      const cancels = shuffled(random, USERS).map((u) => {
        const order = placed[c * USERS + u]!.order;
        return (engines[c] as SpotEngine).cancel(owners[u]!, { wallet: 'stock', id: order.id });
      });
      const cancelled = await Promise.allSettled(cancels);
      // Counted by the writers whether a caller heard it or the job ran again.
      expect(
        {
          deadlocks: writers.map((w) => w.stats().deadlocks),
          refused: cancelled.flatMap((r) =>
            r.status === 'rejected' ? [String(r.reason).slice(0, 200)] : [],
          ),
        },
        `round ${round} SEED=${SEED}`,
      ).toEqual({ deadlocks: [0, 0], refused: [] });
      for (const started = Date.now(); resting() > 0;) {
        if (Date.now() - started > 15_000)
          throw new Error(`round ${round}: orders left resting, SEED=${SEED}`);
        // A book event asks the engine to match again (a job that failed waits for one).
        source.emitTicker(SYMBOLS[m] as string, {});
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await Promise.all(writers.map((w) => w.drain()));
      source.setBook(SYMBOLS[m] as string, round + 2, [], [QUIET_ASK]);
    }

    const stats = writers.map((w) => w.stats());
    expect(
      stats.map((s) => s.deadlocks),
      `SEED=${SEED}`,
    ).toEqual([0, 0]);
    expect(failures, `SEED=${SEED}`).toEqual([]);
    expect(stats.reduce((n, s) => n + s.batches, 0)).toBeGreaterThanOrEqual(300);

    // Half filled whole, half cancelled; each user's TRY is what they started with less what they paid.
    const ids = owners.map((o) => o.userId);
    const orders = await db.select().from(spotOrders).where(inArray(spotOrders.userId, ids));
    expect(orders).toHaveLength(ROUNDS * USERS * SYMBOLS.length);
    const byStatus = (status: string) => orders.filter((o) => o.status === status).length;
    expect([byStatus('closed'), byStatus('cancelled')]).toEqual([ROUNDS * USERS, ROUNDS * USERS]);
    for (const { userId } of owners) {
      const paid = orders
        .filter((o) => o.userId === userId)
        .reduce((sum, o) => sum.plus(o.filledAmount).plus(o.fees), new Decimal(0));
      const codes = (['available', 'frozen'] as const).map((bucket) =>
        accountCode(userAccount(userId, 'real', 'stock', 'TRY', bucket)),
      );
      const rows = await db
        .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.code, codes));
      const balance = (code: string | undefined) =>
        new Decimal(rows.find((r) => r.code === code)?.balance ?? '0');
      expect(balance(codes[1]).toFixed(), `frozen SEED=${SEED}`).toBe('0');
      expect(balance(codes[0]).toFixed(), `available SEED=${SEED}`).toBe(
        new Decimal(START).minus(paid).toFixed(),
      );
      expect(balance(codes[0]).gte(0)).toBe(true);
    }
    expect(await verifyLedger(db), `SEED=${SEED}`).toEqual([]);
  }, 300_000);
});
