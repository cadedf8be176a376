import type { SpotWallet } from '../../domain/protocol/account';
import type { z } from 'zod';
import type { orderModifySchema } from '../../domain/protocol/order-modify';
import type { cancelRequestSchema } from '../../domain/protocol/trading';
import type { RouteContext } from '../http/route';
import { fillToWire, orderToWire } from '../trading/spot/rows';

/**
 * Cancels one live spot order (id), or all of them (all=1, optionally of one symbol, or only the
 * named ids): stock and coin orders are one engine told the wallet, so their cancel routes are one
 * handler. A named id not cancelled was no longer live (or never the caller's): it is `gone`.
 */
export const cancelSpotOrders =
  (wallet: SpotWallet) =>
  async ({ input, session, trading, market }: RouteContext<z.output<typeof cancelRequestSchema>, 'user'>) => {
    // One order by its id, or the named ones: a list alone means "all of these".
    const ids = input.id === undefined ? input.ids : undefined;
    const rows = await trading.spot.cancel(session, {
      wallet,
      id: input.id,
      all: input.all === '1' || ids !== undefined,
      symbol: input.symbol,
      ids,
    });
    return { cancelled: rows.map((r) => orderToWire(r, market)), gone: goneOf(ids, rows) };
  };

/** The named ids that are not among `done`, as the wire writes ids. */
export function goneOf(
  named: readonly bigint[] | undefined,
  done: readonly { id: bigint | string }[],
): string[] {
  if (named === undefined) return [];
  const touched = new Set(done.map((row) => String(row.id)));
  return named.map(String).filter((id) => !touched.has(id));
}

/** Changes a resting limit order of the wallet in place (its price, its lots): one handler for both. */
export const modifySpotOrder =
  (wallet: SpotWallet) =>
  async ({ input, session, trading, market }: RouteContext<z.output<typeof orderModifySchema>, 'user'>) => {
    const { order, fills } = await trading.spot.modify(session, { wallet, ...input });
    return { order: orderToWire(order, market), fills: fills.map(fillToWire) };
  };
