import type { RouteDef } from '../http/route';

export const authRoutes: RouteDef[] = [];
