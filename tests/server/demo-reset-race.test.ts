import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { userBalances } from '../../server/ledger/balances';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { contractWorld, ok, SYMBOL, type ContractWorld, type Trader } from './contract-support';
import { lockWaiter } from './lock-waiter';

type Order = { order: { id: string; status: string; frozen: string } };
type Position = { id: string };

/**
 * Demo orders and positions opened while a demo reset runs (the money attack). The reset cancels
 * the demo's orders and closes its positions first, then posts the account back to its start; an
 * order or a position that came in between kept its row but lost its hold to that posting. It
 * could then never be cancelled or closed (INSUFFICIENT_BALANCE: the release had nothing to take
 * back), the risk engine failed on it every tick, and every later reset was refused, since a reset
 * begins by cancelling and closing. The reset now keeps what live orders and open positions hold.
 */
function demoTrading(target: 'pglite' | 'postgres') {
  const state = { world: undefined as unknown as ContractWorld };
  beforeAll(async () => {
    state.world = await contractWorld(target);
  });
  afterAll(async () => {
    if (state.world) expect(await verifyLedger(state.world.db)).toEqual([]);
    await state.world?.close();
  });

  const reset = (u: Trader) => state.world.call('/user/demo/reset', u.demo);
  const buy = (u: Trader) =>
    state.world.call('/coin/order/add', u.demo, {
      symbol: SYMBOL,
      side: 'buy',
      type: 'limit',
      price: '40000.00',
      quantity: '0.01',
    });
  const open = (u: Trader) =>
    state.world.call('/coin/contract/order/add', u.demo, {
      symbol: SYMBOL,
      side: 'long',
      leverage: '10',
      margin: '100',
      acceptRisk: '1',
    });

  /** Whatever is live is cancelled or closed, and the demo resets to its start again. */
  async function everythingEnds(u: Trader) {
    const orders = ok<{ list: { id: string }[] }>(
      await state.world.call('/coin/order/list', u.demo, { status: 'open' }),
    ).list;
    for (const o of orders) ok(await state.world.call('/coin/order/close', u.demo, { id: o.id }));
    const positions = ok<{ list: Position[] }>(
      await state.world.call('/coin/contract/order/list/active', u.demo),
    ).list;
    for (const p of positions) ok(await state.world.call('/coin/contract/order/close', u.demo, { id: p.id }));
    ok(await reset(u));
    const balances = await userBalances(state.world.db, u.id, 'demo');
    for (const b of balances) expect(b.frozen, `${b.wallet} ${b.currency}`).toBe('0');
    expect(await verifyLedger(state.world.db)).toEqual([]);
  }

  return {
    get world() {
      return state.world;
    },
    reset,
    buy,
    open,
    everythingEnds,
  };
}

describe.each(dbTargets().filter((t) => t === 'postgres'))(
  'a demo reset waiting while demo trading goes on, on %s',
  (target) => {
    const t = demoTrading(target);
    // PostgreSQL only: PGlite runs one transaction at a time, so nothing comes in between.
    it('keeps the hold of an order and a position that came in while the reset waited', async () => {
      const { world, reset, buy, open, everythingEnds } = t;
      const u = await world.trader('0');
      ok(await reset(u));
      await world.fundDemoContract(u, '1000');
      // The reset posts against the demo funding accounts, locked first: held here, it waits there
      // after cancelling and closing, while the order and the position go through.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const holding = world.db.transaction(async (tx) => {
        await tx
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.code, 'system:demo_funding:TRY'))
          .for('update');
        await gate;
      });
      const resetting = reset(u);
      let answers: Awaited<ReturnType<typeof buy>>[] = [];
      try {
        await lockWaiter(world.db);
        answers = [await buy(u), await open(u)];
      } finally {
        release();
        await holding;
      }
      ok(await resetting);
      const order = ok<Order>(answers[0]!);
      const position = ok<Position>(answers[1]!);
      expect(order.order.status).toBe('open');
      // The order still holds its 400.4 USDT (0.01 × 40,000 and the fee), the position its margin.
      const coin = (await userBalances(world.db, u.id, 'demo')).find(
        (b) => b.wallet === 'coin' && b.currency === 'USDT',
      );
      expect(coin?.frozen).toBe(order.order.frozen);
      ok(await world.call('/coin/order/close', u.demo, { id: order.order.id }));
      ok(await world.call('/coin/contract/order/close', u.demo, { id: position.id }));
      await everythingEnds(u);
    });
  },
);

describe.each(dbTargets())('demo resets and demo trading arriving together on %s', (target) => {
  const t = demoTrading(target);
  it('leaves nothing stuck', async () => {
    const { world, reset, buy, open, everythingEnds } = t;
    const u = await world.trader('0');
    ok(await reset(u));
    for (let round = 0; round < 4; round++) {
      await world.fundDemoContract(u, '1000');
      const answers = await Promise.all([
        reset(u),
        ...Array.from({ length: 3 }, () => buy(u)),
        ...Array.from({ length: 2 }, () => open(u)),
        reset(u),
      ]);
      for (const a of answers)
        expect(a.code === 0 || a.key === 'INSUFFICIENT_BALANCE', JSON.stringify(a)).toBe(true);
      await everythingEnds(u);
    }
  });
});
