import type { SpotWallet } from '../../domain/protocol/account';
import type { z } from 'zod';
import type { orderModifySchema } from '../../domain/protocol/order-modify';
import type { cancelRequestSchema } from '../../domain/protocol/trading';
import type { RouteContext } from '../http/route';
import { fillToWire, orderToWire } from '../trading/spot/rows';

/**
 * Cancels one live spot order (id), or all of them (all=1, optionally of one symbol): stock and
 * coin orders are one engine told the wallet, so their cancel routes are one handler.
 */
export const cancelSpotOrders =
  (wallet: SpotWallet) =>
  async ({ input, session, trading, market }: RouteContext<z.output<typeof cancelRequestSchema>, 'user'>) => {
    const rows = await trading.spot.cancel(session, {
      wallet,
      id: input.id,
      all: input.all === '1',
      symbol: input.symbol,
    });
    return { cancelled: rows.map((r) => orderToWire(r, market)) };
  };

/** Changes a resting limit order of the wallet in place (its price, its lots): one handler for both. */
export const modifySpotOrder =
  (wallet: SpotWallet) =>
  async ({ input, session, trading, market }: RouteContext<z.output<typeof orderModifySchema>, 'user'>) => {
    const { order, fills } = await trading.spot.modify(session, { wallet, ...input });
    return { order: orderToWire(order, market), fills: fills.map(fillToWire) };
  };
