import type { RouteDef } from '../http/route';
import { coinOrderRoutes } from './coin-orders';
import { fundsRecordRoutes } from './funds-record';
import { orderPreviewRoutes } from './order-preview';
import { stockOrderRoutes } from './stock-orders';

/** Stock orders, holdings and funds detail; coin spot orders; what an order would cost, contracts' too. */
export const spotRoutes: RouteDef[] = [
  ...stockOrderRoutes,
  ...coinOrderRoutes,
  ...fundsRecordRoutes,
  ...orderPreviewRoutes,
];
