import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { conditionalAddSchema, type ConditionalAddRequest } from '../../domain/protocol/conditional';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { verifyLedger } from '../../server/ledger/verify';
import { createConditionalTrading, type ConditionalEngine } from '../../server/trading/conditional/engine';
import type { SpotEngine } from '../../server/trading/spot/engine';
import type { Writer } from '../../server/trading/writer';
import { instrument, scriptedSource } from '../support/scripted-source';
import { describePartitions } from './partition-world';
import { MONDAY_NOON } from './spot-support';

const ROUNDS = 30;
/** Buy stops armed on the first partition's symbol each round, and adds raced on the second's. */
const LEGS = 6;
const ADDS = 6;
const SYMBOLS = ['THYAO', 'ASELS'] as const;

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
    const clock = { now: () => MONDAY_NOON };
    const source = scriptedSource(
      SYMBOLS.map((s) => instrument(s)),
      clock.now,
    );
    for (const symbol of SYMBOLS) {
      source.setTicker(symbol, { last: '100.00', prev: '100.00' });
      source.setBook(symbol, 1, [['99.90', '1000000']], [['100.60', '1000000']]);
    }
    const failures: unknown[] = [];
    const log = { warn: () => undefined, error: (obj: object) => void failures.push(obj) };
    const writers: Writer[] = [];
    const spots: SpotEngine[] = [];
    const engines: ConditionalEngine[] = [];
    for (const [i, symbol] of SYMBOLS.entries()) {
      const { deps, spot } = await world.spotEngine(source, clock, { partition: { p: i + 1, symbol }, log });
      writers.push(deps.writer);
      spots.push(spot);
      engines.push(await world.start(createConditionalTrading(deps, spot)));
    }
    const userId = await world.fundedUser('firing-locks', [['stock', 'TRY', '10000000']]);
    const session = { userId, accountType: 'real' as const };
    // The user holds the first symbol, so the second partition's adds lock its accounts too.
    await spots[0]!.place(session, {
      wallet: 'stock',
      symbol: SYMBOLS[0],
      side: 'buy',
      type: 'market',
      quantity: '1',
    });

    const add = (p: number, trigger: string) => {
      const request: ConditionalAddRequest = {
        symbol: SYMBOLS[p]!,
        side: 'buy',
        kind: 'stop',
        quantity: '1',
        trigger,
      };
      return engines[p]!.add(session, 'stock', conditionalAddSchema.parse(request));
    };
    const waiting = async (symbol: string) => {
      const [row] = await db
        .select({ n: count() })
        .from(conditionalOrders)
        .where(
          and(
            eq(conditionalOrders.userId, userId),
            eq(conditionalOrders.symbol, symbol),
            eq(conditionalOrders.state, 'pending'),
          ),
        );
      return row?.n ?? 0;
    };

    for (let round = 0; round < ROUNDS; round++) {
      source.setTicker(SYMBOLS[0], { last: '100.00' });
      for (let k = 0; k < LEGS; k++) await add(0, '100.50');
      // The print crosses every stop while the same user's adds run in the other partition.
      source.emitTrades(SYMBOLS[0], [
        { id: `R${round}`, t: MONDAY_NOON + round, price: '100.60', qty: '1', side: 'buy' },
      ]);
      const added = await Promise.allSettled(Array.from({ length: ADDS }, () => add(1, '120.00')));
      expect(
        added.flatMap((r) => (r.status === 'rejected' ? [String(r.reason).slice(0, 200)] : [])),
        `round ${round}`,
      ).toEqual([]);
      for (const started = Date.now(); (await waiting(SYMBOLS[0])) > 0;) {
        if (Date.now() - started > 15_000) throw new Error(`round ${round}: stops left waiting`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await Promise.all(writers.map((w) => w.drain()));
      // The other partition's legs out again, under the cap for the next round.
      for (const r of added)
        if (r.status === 'fulfilled') await engines[1]!.cancel(session, 'stock', BigInt(r.value[0]!.id));
    }

    expect(writers.map((w) => w.stats().deadlocks)).toEqual([0, 0]);
    expect(failures).toEqual([]);
    expect(await waiting(SYMBOLS[1])).toBe(0);
    expect(await verifyLedger(db)).toEqual([]);
  }, 180_000);
});
