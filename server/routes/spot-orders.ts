import type { RouteDef } from '../http/route';
import { coinOrderRoutes } from './coin-orders';
import { fundsRecordRoutes } from './funds-record';
import { stockOrderRoutes } from './stock-orders';

/** Stock orders, holdings and funds detail; coin spot orders. */
export const spotRoutes: RouteDef[] = [...stockOrderRoutes, ...coinOrderRoutes, ...fundsRecordRoutes];
