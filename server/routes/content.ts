import type { RouteDef } from '../http/route';

export const contentRoutes: RouteDef[] = [];
