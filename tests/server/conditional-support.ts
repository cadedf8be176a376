import { count, eq } from 'drizzle-orm';
import type { ConditionalOrder } from '../../domain/protocol/conditional';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { userBalances } from '../../server/ledger/balances';
import type { Db } from '../../server/db/client';
import { api, type Envelope, type Lang, type SpotWorld, type Trader } from './spot-support';

export type Wallet = 'stock' | 'coin';

/** The conditional-order calls of one wallet, as a client makes them. */
export function conditionalApi(world: SpotWorld, wallet: Wallet = 'stock') {
  const call = api(world);
  const path = (what: string) => `/${wallet}/order/conditional/${what}`;
  return {
    add: (me: Trader, fields: Record<string, string>, lang: Lang = 'en-US') =>
      call.post<{ list: ConditionalOrder[] }>(path('add'), me.token, fields, lang),
    list: async (me: Trader, state: 'pending' | 'all' = 'all') =>
      (await call.post<{ list: ConditionalOrder[]; total: number }>(path('list'), me.token, { state })).data,
    cancel: (me: Trader, id: string) =>
      call.post<{ cancelled: ConditionalOrder[] }>(path('cancel'), me.token, { id }),
  };
}

let tradeNo = 0;
/** One trade of the feed at `price` (what fires triggers), with the ticker's last price following it. */
export function trade(world: SpotWorld, symbol: string, price: string): void {
  world.source.setTicker(symbol, { last: price });
  world.source.emitTrades(symbol, [
    { id: `T${++tradeNo}`, t: world.clock.now(), price, qty: '1', side: 'sell' },
  ]);
}

/** Waits until `read` answers something `done` accepts (the writer commits a moment later). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What a refused request must leave alone: balances and conditional orders. */
export async function conditionalStateOf(db: Db, userId: bigint) {
  const [rows] = await db
    .select({ n: count() })
    .from(conditionalOrders)
    .where(eq(conditionalOrders.userId, userId));
  return { balances: await userBalances(db, userId, 'real'), conditional: rows?.n ?? 0 };
}

export type { Envelope };
