import type { RouteDef } from '../http/route';

export const assetRoutes: RouteDef[] = [];
