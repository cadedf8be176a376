import type { OperatorRoute } from './define';
import { operatorReadRoutes } from './read-routes';

/** Every operator command the CLI can send. */
export const OPERATOR_ROUTES: readonly OperatorRoute[] = [...operatorReadRoutes];
