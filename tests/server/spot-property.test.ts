import { eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import { stockCosts } from '../../domain/rules/costs';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { spotFills, spotOrders } from '../../server/db/schema/trading';
import { userBalances } from '../../server/ledger/balances';
import { pick, rng, seedFromEnv } from '../support/random';
import { dbTargets } from '../support/server';
import { api, balance, expectCleanLedger, spotWorld, stockBook, trader } from './spot-support';

const PRICES = ['99.50', '99.80', '99.90', '100.00', '100.10', '100.20', '100.50'];
const EXPECTED_KEYS = new Set([
  'INSUFFICIENT_BALANCE',
  'AVAILABLE_QUANTITY_ZERO',
  'INSUFFICIENT_QUANTITY',
  'NO_LIQUIDITY',
  'ORDER_NOT_CANCELLABLE',
]);

/**
 * Seeded random order sequences (market and limit, buys and sells, cancels, and the market
 * moving through resting orders): afterwards the shares held equal bought − sold fills, the
 * cash equals funding − buys − costs + sells − costs, each order's costs are exactly the cost
 * function of its filled amount, and the ledger balances. SEED=<n> replays a failure.
 */
describe.each(dbTargets())('random order sequences on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => ({ call: api(world) }),
  );

  it('positions and cash equal the sums of fills and costs', async () => {
    const seed = seedFromEnv();
    try {
      const random = rng(seed);
      stockBook(t.world.source);
      const me = await trader(t.world.db, { TRY: '20000' });
      const open: string[] = [];
      for (let step = 0; step < 60; step++) {
        // The first order is a market buy, so every seed fills at least once: it asks 1–30 lots,
        // the book's first ask holds 50 and 20,000 TRY pays for them. Drawn freely, a sequence
        // can go without a fill: 0.91^60 ≈ 0.4 % of seeds draw no market buy, and their limit
        // buys below the asks can freeze the cash before any buy crosses (rare: sequences fill
        // ~30 times, but among 2^31 seeds some do not).
        const action = step === 0 ? 'market' : pick(random, ['market', 'limit', 'limit', 'cancel', 'move']);
        if (action === 'move') {
          const price = pick(random, PRICES);
          const qty = String(1 + Math.floor(random() * 40));
          if (random() < 0.5) t.world.source.emitBook('THYAO', [], [[price, qty]]);
          else t.world.source.emitBook('THYAO', [[price, qty]], []);
          continue;
        }
        if (action === 'cancel') {
          const id = open.length > 0 ? pick(random, open) : null;
          if (!id) continue;
          const res = await t.call.get('/stock/order/cancel', me.token, { id });
          if (res.code !== 0) expect(EXPECTED_KEYS, `seed ${seed}`).toContain(res.key);
          continue;
        }
        const side = step === 0 || random() < 0.55 ? 'buy' : 'sell';
        const fields: Record<string, string> = {
          symbol: 'THYAO',
          type: action,
          quantity: String(1 + Math.floor(random() * 30)),
          timeInForce: 'gtc',
        };
        if (action === 'limit') fields.price = pick(random, PRICES);
        const res = await t.call.post<{ order: { id: string; status: string } }>(
          `/stock/order/${side}`,
          me.token,
          fields,
        );
        if (res.code !== 0) expect(EXPECTED_KEYS, `seed ${seed}: ${res.msg}`).toContain(res.key);
        else if (['open', 'partial'].includes(res.data.order.status)) open.push(res.data.order.id);
      }
      await t.call.get('/stock/order/cancel', me.token, { all: '1' });

      const fills = await t.world.db.select().from(spotFills).where(eq(spotFills.userId, me.userId));
      const orders = await t.world.db.select().from(spotOrders).where(eq(spotOrders.userId, me.userId));
      let shares = new Decimal(0);
      let cash = new Decimal(20000);
      for (const f of fills) {
        const costs = new Decimal(f.commission).plus(f.bsmv).plus(f.exchangeFee);
        if (f.side === 'buy') {
          shares = shares.plus(f.qty);
          cash = cash.minus(f.amount).minus(costs);
        } else {
          shares = shares.minus(f.qty);
          cash = cash.plus(f.amount).minus(costs);
        }
      }
      for (const order of orders) {
        const mine = fills.filter((f) => f.orderId === order.id);
        const charged = mine.reduce(
          (s, f) => s.plus(f.commission).plus(f.bsmv).plus(f.exchangeFee),
          new Decimal(0),
        );
        expect(charged.toFixed(), `seed ${seed} order ${order.id}`).toBe(
          stockCosts(order.filledAmount, DEFAULT_SETTINGS.stockCosts).total,
        );
        expect(new Decimal(order.frozen).isZero(), `seed ${seed} order ${order.id} frozen`).toBe(true);
      }
      const balances = await userBalances(t.world.db, me.userId, 'real');
      const held = balance(balances, 'stock', 'THYAO');
      const money = balance(balances, 'stock', 'TRY');
      expect(new Decimal(held.available).plus(held.frozen).toFixed(), `seed ${seed}`).toBe(shares.toFixed());
      expect(new Decimal(money.available).plus(money.frozen).toFixed(), `seed ${seed}`).toBe(cash.toFixed());
      expect(money.frozen, `seed ${seed}`).toBe('0');
      expect(fills.length, `seed ${seed}: a sequence with no fills proves little`).toBeGreaterThan(0);
      await expectCleanLedger(t.world.db);
    } catch (error) {
      console.error(`spot property test failed with SEED=${seed}`);
      throw error;
    }
  }, 120_000);
});
