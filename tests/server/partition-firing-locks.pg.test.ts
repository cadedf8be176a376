import { expect, it } from 'vitest';
import { verifyLedger } from '../../server/ledger/verify';
import { SYMBOLS, twoConditionalPartitions } from './partition-conditional';
import { describePartitions } from './partition-world';
import { MONDAY_NOON } from './spot-support';

const ROUNDS = 30;
/** Buy stops armed on the first partition's symbol each round, and adds raced on the second's. */
const LEGS = 6;
const ADDS = 6;

/**
 * docs/partitions.md, "Lock order": a stop that fires releases its hold (the user's cash) and
 * places its order (the user's asset, the symbol's system accounts). Locked in those two rounds,
 * it met another stock partition's conditional add of the same user, which locks every account of
 * the wallet in code order, the asset before the cash: each waited for the other, and PostgreSQL
 * failed the add's batch with 40P01 (a 500 through a cluster node). The firing now names its
 * accounts in its batch's first round.
 */
describePartitions('stops firing in one stock partition while the same user adds in another', (world) => {
  it('never deadlocks: every stop fires once, every add is stored, the ledger verifies', async () => {
    const db = world.db;
    const { source, owners, writers, spots, engine, failures, addStop, pending } =
      await twoConditionalPartitions(world, 1);
    const session = owners[0]!;
    // The user holds the first symbol, so the second partition's adds lock its accounts too.
    await spots[0]!.place(session, {
      wallet: 'stock',
      symbol: SYMBOLS[0],
      side: 'buy',
      type: 'market',
      quantity: '1',
    });

    for (let round = 0; round < ROUNDS; round++) {
      source.setTicker(SYMBOLS[0], { last: '100.00' });
      for (let k = 0; k < LEGS; k++) await addStop(0, 0, '100.50');
      // The print crosses every stop while the same user's adds run in the other partition.
      source.emitTrades(SYMBOLS[0], [
        { id: `R${round}`, t: MONDAY_NOON + round, price: '100.60', qty: '1', side: 'buy' },
      ]);
      const added = await Promise.allSettled(Array.from({ length: ADDS }, () => addStop(0, 1, '120.00')));
      expect(
        added.flatMap((r) => (r.status === 'rejected' ? [String(r.reason).slice(0, 200)] : [])),
        `round ${round}`,
      ).toEqual([]);
      // The other partition's legs out again, under the cap for the next round; then every stop fired.
      for (const r of added) if (r.status === 'fulfilled') await engine(1).cancel(session, 'stock', r.value);
      for (const started = Date.now(); (await pending()) > 0;) {
        if (Date.now() - started > 15_000) throw new Error(`round ${round}: stops left waiting`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await Promise.all(writers.map((w) => w.drain()));
    }

    expect(writers.map((w) => w.stats().deadlocks)).toEqual([0, 0]);
    expect(failures).toEqual([]);
    expect(await verifyLedger(db)).toEqual([]);
  }, 180_000);
});
