import { coinWalletEndpoints } from '../../domain/protocol/endpoints/coin-wallet';
import { implementAll } from '../http/route';

export const coinWalletRoutes = implementAll(coinWalletEndpoints, 'contracts', {
  transfer: {
    summary:
      'Moves USDT between the currency (coin) and contract accounts; confirmed with the trade password',
    handler: ({ trading, session, input }) => trading.contracts.transfer(session, input),
  },
  assets: {
    summary: 'The coin wallet per currency valued in USDT, and the contract wallet with unrealised PnL',
    handler: ({ trading, session }) => trading.contracts.assets(session),
  },
});
