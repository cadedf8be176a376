import type { OperatorRoute } from './define';
import { operatorAccountRoutes } from './account-routes';
import { operatorContentRoutes } from './content-routes';
import { operatorFundRoutes } from './fund-routes';
import { operatorFundingRoutes } from './funding-routes';
import { operatorIcoRoutes } from './ico-routes';
import { operatorIpoRoutes } from './ipo-routes';
import { operatorBlockRoutes } from './bulk-routes';
import { operatorKycRoutes } from './kyc-routes';
import { operatorReadRoutes } from './read-routes';
// robots
import { operatorRobotRoutes } from './robot-routes';
import { operatorAiRoutes } from './ai-routes';
// Loans and support chat.
import { operatorLoanRoutes } from './loan-routes';
import { operatorChatRoutes } from './chat-routes';
// — membership —
import { operatorVoteRoutes } from './vote-routes';

/** Every operator command the CLI can send. */
export const OPERATOR_ROUTES: readonly OperatorRoute[] = [
  ...operatorReadRoutes,
  ...operatorAccountRoutes,
  ...operatorContentRoutes,
  ...operatorFundRoutes,
  ...operatorFundingRoutes,
  ...operatorIpoRoutes,
  ...operatorKycRoutes,
  ...operatorIcoRoutes,
  ...operatorBlockRoutes,
  // robots
  ...operatorRobotRoutes,
  ...operatorAiRoutes,
  // Loans and support chat.
  ...operatorLoanRoutes,
  ...operatorChatRoutes,
  // — membership —
  ...operatorVoteRoutes,
];
