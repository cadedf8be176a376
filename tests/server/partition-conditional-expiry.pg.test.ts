import { expect, it } from 'vitest';
import { verifyLedger } from '../../server/ledger/verify';
import { rng, seedFromEnv, shuffled } from '../support/random';
import { twoConditionalPartitions, START } from './partition-conditional';
import { describePartitions } from './partition-world';

const SEED = seedFromEnv();
const USERS = 4;
const ROUNDS = 30;

/**
 * docs/partitions.md, "Lock order": the conditional expiry ends many users' groups in one job,
 * each giving its hold back to its user's TRY. Locked one group at a time, in later rounds, one
 * stock partition's expiry held user X's cash while it waited for Y's, and the other
 * partition's, ending its own groups of the same users in another order, held Y's while it
 * waited for X's: PostgreSQL failed one (40P01). The expiry now names every owner's accounts in
 * its batch's first round.
 */
describePartitions(`two stock partitions expiring one set of users' stops (SEED=${SEED})`, (world) => {
  it('never deadlocks: every stop expires, every hold comes back, the ledger verifies', async () => {
    const random = rng(SEED);
    const t = await twoConditionalPartitions(world, USERS);

    // What the expiries' callers heard; a deadlock's victim ends its groups on a later call.
    const errors: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const expiresAt = t.now() + 1_000;
      // Each partition's users in an order of its own, so their groups (and their ends) differ.
      for (const p of [0, 1])
        for (const u of shuffled(random, USERS)) await t.addStop(u, p, '105.00', expiresAt);
      t.advance(2_000);
      for (let tries = 0; (await t.pending()) > 0; tries++) {
        if (tries > 20) throw new Error(`round ${round}: stops left waiting, SEED=${SEED}`);
        const ended = await Promise.allSettled([t.engine(0).expireDue(), t.engine(1).expireDue()]);
        for (const r of ended) if (r.status === 'rejected') errors.push(String(r.reason).slice(0, 120));
      }
    }

    expect(
      { deadlocks: t.writers.map((w) => w.stats().deadlocks), errors: errors.length },
      `${errors[0] ?? ''} SEED=${SEED}`,
    ).toEqual({ deadlocks: [0, 0], errors: 0 });
    expect(t.failures, `SEED=${SEED}`).toEqual([]);
    // Every hold back: each user's TRY all available again.
    expect(await t.cash()).toEqual(t.owners.flatMap(() => [START, '0']));
    expect(await verifyLedger(world.db)).toEqual([]);
  }, 180_000);
});
