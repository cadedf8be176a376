import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { LIMITS } from '../../domain/limits';
import { conditionalAddSchema, type ConditionalAddRequest } from '../../domain/protocol/conditional';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { ApiError } from '../../server/http/errors';
import { verifyLedger } from '../../server/ledger/verify';
import { createConditionalTrading, type ConditionalEngine } from '../../server/trading/conditional/engine';
import { instrument, scriptedSource } from '../support/scripted-source';
import { describePartitions } from './partition-world';
import { MONDAY_NOON } from './spot-support';

const MAX = LIMITS.conditionalPending;
const ROUNDS = 25;

/**
 * The cap on an account's waiting conditional orders holds across partitions: a coin and a stock
 * add of one user, raced at the last slot through the coins' and a stock partition's writers,
 * store exactly one (each add's batch locks the user's row in its first round, so the second
 * counts the first's legs). Without it both counted the same free slot and both were stored.
 */
describePartitions('the conditional-order cap across two partitions', (world) => {
  it('a coin and a stock add racing at cap − 1 store exactly one, round after round', async () => {
    const db = world.db;
    const clock = { now: () => MONDAY_NOON };
    const source = scriptedSource([instrument('BTCUSDT'), instrument('THYAO')], clock.now);
    source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
    source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
    const wallets = [
      { p: 0, symbol: 'BTCUSDT', wallet: 'coin', quantity: '0.001', trigger: '50500.00' },
      { p: 1, symbol: 'THYAO', wallet: 'stock', quantity: '1', trigger: '105.00' },
    ] as const;
    const engines: ConditionalEngine[] = [];
    for (const { p, symbol } of wallets) {
      const { deps, spot } = await world.spotEngine(source, clock, { partition: { p, symbol } });
      engines.push(await world.start(createConditionalTrading(deps, spot)));
    }
    const userId = await world.fundedUser('cap-partitions', [
      ['stock', 'TRY', '100000'],
      ['coin', 'USDT', '100000'],
    ]);
    const session = { userId, accountType: 'real' as const };
    // MAX − 1 waiting, as the routes write them (far from any price: none fires).
    await db.insert(conditionalOrders).values(
      Array.from({ length: MAX - 1 }, () => ({
        ...session,
        wallet: 'stock' as const,
        symbol: 'THYAO',
        kind: 'stop' as const,
        side: 'buy' as const,
        quantity: '1',
        triggerPrice: '109.00',
        state: 'pending' as const,
        createdAt: MONDAY_NOON,
        updatedAt: MONDAY_NOON,
      })),
    );
    const pending = async () => {
      const [row] = await db
        .select({ n: count() })
        .from(conditionalOrders)
        .where(and(eq(conditionalOrders.userId, userId), eq(conditionalOrders.state, 'pending')));
      return row?.n ?? 0;
    };
    type Outcome = { i: number; id: bigint } | { i: number; refused: string };
    const add = async (i: number): Promise<Outcome> => {
      const { wallet, symbol, quantity, trigger } = wallets[i]!;
      const request: ConditionalAddRequest = { symbol, side: 'buy', kind: 'stop', quantity, trigger };
      try {
        const [leg] = await engines[i]!.add(session, wallet, conditionalAddSchema.parse(request));
        return { i, id: BigInt(leg!.id) };
      } catch (error) {
        if (error instanceof ApiError) return { i, refused: error.key };
        throw error;
      }
    };

    for (let round = 0; round < ROUNDS; round++) {
      const outcomes = await Promise.all([add(0), add(1)]);
      const stored = outcomes.flatMap((o) => ('id' in o ? [o] : []));
      const refused = outcomes.flatMap((o) => ('refused' in o ? [o.refused] : []));
      expect([stored.length, refused], `round ${round}`).toEqual([1, ['CONDITIONAL_LIMIT']]);
      expect(await pending(), `round ${round}`).toBe(MAX);
      // Its slot freed again for the next race (the hold comes back).
      const [won] = stored;
      await engines[won!.i]!.cancel(session, wallets[won!.i]!.wallet, won!.id);
      expect(await pending()).toBe(MAX - 1);
    }
    expect(await verifyLedger(db)).toEqual([]);
  }, 120_000);
});
