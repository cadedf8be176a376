import type { coinWalletEndpoints } from './endpoints/coin-wallet';
import { coinAssetsRoute } from './endpoints/first-load';
import type { CoinAssets } from './coin-wallet';
import { parseCoinAssets } from './coin-wallet-parse';
import { byHand } from './first-load-endpoints';

/**
 * The spot ticket's first calls in their first-load forms (first-load-endpoints.ts), apart from
 * the home screen's so its first load does not carry them: the coin wallet checked by hand, as
 * its balances are the Trade tab's largest paint and the ticket paints before zod has loaded.
 */
export const spotFirstCalls = {
  coinAssets: byHand<(typeof coinWalletEndpoints)['assets'], CoinAssets>(coinAssetsRoute, parseCoinAssets),
};
