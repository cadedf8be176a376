import type { SpotWallet } from '../../domain/protocol/account';
import type { RouteContext } from '../http/route';
import { listOrders, orderInfo } from '../trading/spot/reads';

/**
 * The order list and one order with its fills: stock and coin orders are one engine's rows told
 * apart by wallet, so each pair of routes is one handler given the wallet (like the cancel's).
 */
export const listSpotOrders =
  (wallet: SpotWallet) =>
  ({ db, market, session, input }: RouteContext<Parameters<typeof listOrders>[4], 'user'>) =>
    listOrders(db, market, session, wallet, input);

export const spotOrderInfo =
  (wallet: SpotWallet) =>
  ({ db, market, session, input }: RouteContext<{ id: bigint }, 'user'>) =>
    orderInfo(db, market, session, wallet, input.id);
