import type { RouteDef } from '../http/route';

/** /coin/transfer and /coin/contract/order/* (filled in by the contracts work). */
export const contractRoutes: RouteDef[] = [];
