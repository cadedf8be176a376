import type { RouteDef } from '../http/route';
import { assetRoutes } from './assets';
import { authRoutes } from './auth';
import { passkeyRoutes } from './passkeys';
import { commonRoutes } from './common';
import { contentRoutes } from './content';
import { kycRoutes } from './kyc';
import { marketCoinRoutes } from './market-coin';
import { marketStockRoutes } from './market-stock';
import { watchlistRouteList } from './watchlist';
import { userRoutes } from './user';
import { spotRoutes } from './spot-orders';
import { contractRoutes } from './contracts';
import { exchangeRoutes } from './exchange';
import { conditionalRoutes } from './conditional';
import { fundingBankRoutes } from './funding-bank';
import { fundingCoinRoutes } from './funding-coin';
import { ipoRoutes } from './ipo';
import { optionRoutes } from './options';
import { aiProductRoutes } from './ai-products';
import { robotRoutes } from './robots';
import { icoRoutes } from './ico';
import { bulkRoutes } from './bulk';
import { offlineRoutes } from './offline';
import { loanRoutes } from './loans';
import { serviceChatRoutes } from './service-chat';
import { membershipRoutes } from './membership';
import { alertRoutes } from './alerts';
import { pushRoutes } from './push';
import { drawingRoutes } from './drawings';
import { replayRoutes } from './replay';
import { learnRoutes } from './learn';

/** Every API route, in one list: the server, the OpenAPI document and the tests read it. */
export const ROUTES: readonly RouteDef[] = [
  ...commonRoutes,
  ...authRoutes,
  ...passkeyRoutes,
  ...userRoutes,
  ...assetRoutes,
  ...kycRoutes,
  ...contentRoutes,
  ...marketStockRoutes,
  ...marketCoinRoutes,
  ...watchlistRouteList,
  ...spotRoutes,
  ...conditionalRoutes,
  ...contractRoutes,
  ...exchangeRoutes,
  ...fundingBankRoutes,
  ...fundingCoinRoutes,
  ...ipoRoutes,
  ...optionRoutes,
  ...aiProductRoutes,
  ...robotRoutes,
  ...icoRoutes,
  ...bulkRoutes,
  ...offlineRoutes,
  ...loanRoutes,
  ...serviceChatRoutes,
  ...membershipRoutes,
  ...alertRoutes,
  ...pushRoutes,
  ...drawingRoutes,
  ...learnRoutes,
  ...replayRoutes,
];
