import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { SpotFill, SpotOrder } from '../../domain/protocol/trading';
import { realisticOf, type Realistic } from '../../server/costs/store';
import type { Db } from '../../server/db/client';
import { spotFills } from '../../server/db/schema/trading';
import { fillToWire } from '../../server/trading/spot/rows';
import type { api, SpotWorld } from './spot-support';

export type Placed = { order: SpotOrder; fills: SpotFill[] };

/** The `n` fills of an order, once its matching job has written them. */
export async function fillsOf(db: Db, orderId: string, n: number): Promise<SpotFill[]> {
  let fills: SpotFill[] = [];
  await vi.waitFor(async () => {
    const rows = await db
      .select()
      .from(spotFills)
      .where(eq(spotFills.orderId, BigInt(orderId)));
    fills = rows.map(fillToWire);
    expect(fills).toHaveLength(n);
  });
  return fills;
}

/** The realistic counterparts of `fills`, in their order, once the recorder has written them. */
export async function counterparts(db: Db, fills: readonly SpotFill[]): Promise<Realistic[]> {
  let found = new Map<string, Realistic>();
  await vi.waitFor(
    async () => {
      found = await realisticOf(
        db,
        fills.map((f) => f.id),
      );
      expect(found.size).toBe(fills.length);
    },
    { timeout: 5_000 },
  );
  return fills.map((f) => found.get(f.id)!);
}

/** A coin buy of 0.3 BTC resting at 49,990 behind the 0.5 the book shows there (asks at 50,010). */
export async function restingCoinBuy(
  world: SpotWorld,
  call: ReturnType<typeof api>,
  token: string,
  seq: number,
): Promise<SpotOrder> {
  world.source.setBook('BTCUSDT', seq, [['49990.00', '0.5']], [['50010.00', '0.5']]);
  const placed = await call.post<Placed>('/coin/order/add', token, {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    price: '49990',
    quantity: '0.3',
  });
  expect(placed.data.fills).toEqual([]);
  return placed.data.order;
}
