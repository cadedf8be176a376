import type { RouteDef } from '../http/route';
import { journalRoutes } from './learn-journal';
import { riskCheckRoutes } from './learn-risk-check';

/** The learner's area: the risk check before leverage and options, the journal and its reports. */
export const learnRoutes: RouteDef[] = [...riskCheckRoutes, ...journalRoutes];
