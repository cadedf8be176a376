import type { RouteDef } from '../http/route';

/** Stock orders, holdings and funds detail; coin spot orders and assets (filled in by the spot work). */
export const spotRoutes: RouteDef[] = [];
