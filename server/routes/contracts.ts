import type { RouteDef } from '../http/route';
import { coinWalletRoutes } from './coin-wallet';
import { contractOrderRoutes } from './contract-orders';

/** /coin/transfer, /coin/assets and /coin/contract/order/*. */
export const contractRoutes: RouteDef[] = [...coinWalletRoutes, ...contractOrderRoutes];
