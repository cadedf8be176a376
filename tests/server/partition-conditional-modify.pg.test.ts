import { expect, it } from 'vitest';
import { conditionalModifySchema } from '../../domain/protocol/order-modify';
import { verifyLedger } from '../../server/ledger/verify';
import { rng, seedFromEnv, shuffled } from '../support/random';
import { twoConditionalPartitions, START } from './partition-conditional';
import { describePartitions } from './partition-world';

const SEED = seedFromEnv();
const USERS = 4;
const ROUNDS = 30;

/**
 * docs/partitions.md, "Lock order": a conditional modify takes its group's hold again (the
 * user's TRY for a buy) after its batch's first round. Batched behind another user's add (which
 * locks that user's wallet first), it held the other user's cash while it waited for its own;
 * another stock partition doing the same with the users the other way about held its own and
 * waited for the other's: PostgreSQL failed one (40P01, a 500 through a node). A modify now names
 * its wallet in the batch's first round, as a cancel does.
 */
describePartitions(`two stock partitions modifying one set of users' stops (SEED=${SEED})`, (world) => {
  it('never deadlocks: every modify and add goes through, the holds add up, the ledger verifies', async () => {
    const random = rng(SEED);
    const t = await twoConditionalPartitions(world, USERS);
    // Every user's stop on each partition's symbol, moved every round.
    const stops: bigint[][] = [];
    for (let u = 0; u < USERS; u++)
      stops.push([await t.addStop(u, 0, '105.00'), await t.addStop(u, 1, '105.00')]);
    const triggers = stops.map(() => ['105.00', '105.00']);
    /** Moves user `u`'s stop on partition `p` to the other of two triggers (remembered once done). */
    const modify = async (u: number, p: number) => {
      const trigger = triggers[u]![p] === '105.00' ? '106.00' : '105.00';
      const request = conditionalModifySchema.parse({ id: String(stops[u]![p]), trigger });
      const legs = await t.engine(p).modify(t.owners[u]!, 'stock', request);
      triggers[u]![p] = trigger;
      return legs;
    };

    const refused: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Half the users add on one partition and are modified on the other, the rest the other way.
      const order = shuffled(random, USERS);
      const half = (u: number) => (order.indexOf(u) < USERS / 2 ? 0 : 1);
      const calls = [...Array(USERS).keys()].flatMap((u) => [
        t.addStop(u, half(u), '104.00'),
        modify(u, 1 - half(u)),
      ]);
      const done = await Promise.allSettled(calls);
      for (const r of done) if (r.status === 'rejected') refused.push(String(r.reason).slice(0, 120));
      // The adds out again, under the cap for the next round.
      for (const [i, r] of done.entries())
        if (i % 2 === 0 && r.status === 'fulfilled') {
          const u = Math.floor(i / 2);
          await t.engine(half(u)).cancel(t.owners[u]!, 'stock', r.value as bigint);
        }
    }

    expect(
      { deadlocks: t.writers.map((w) => w.stats().deadlocks), refused: refused.length },
      `${refused[0] ?? ''} SEED=${SEED}`,
    ).toEqual({ deadlocks: [0, 0], refused: 0 });
    expect(t.failures, `SEED=${SEED}`).toEqual([]);
    // The moved stops still hold what they need; cancelled, every user's TRY is all available.
    for (let u = 0; u < USERS; u++)
      for (const p of [0, 1]) await t.engine(p).cancel(t.owners[u]!, 'stock', stops[u]![p]!);
    expect(await t.pending()).toBe(0);
    expect(await t.cash()).toEqual(t.owners.flatMap(() => [START, '0']));
    expect(await verifyLedger(world.db)).toEqual([]);
  }, 180_000);
});
