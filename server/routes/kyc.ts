import type { RouteDef } from '../http/route';

export const kycRoutes: RouteDef[] = [];
