import type { AssetsAnswer } from './account';
import { parseAssetsAnswer } from './assets-parse';
import type { assetEndpoints } from './endpoints/assets';
import { userAssetsRoute } from './endpoints/assets-route';
import { byHand } from './first-load-endpoints';

/**
 * The account's balances in their first-load form (first-load-endpoints.ts), checked by hand: the
 * wallet screen paints them before zod has loaded (its largest paint is in the render that has
 * them), and every other reader of the balances (Home's and Mine's portfolio, the tickets' funds)
 * takes the same answer without waiting for zod either.
 */
export const assetsFirstCalls = {
  assets: byHand<(typeof assetEndpoints)['assets'], AssetsAnswer>(userAssetsRoute, parseAssetsAnswer),
};
