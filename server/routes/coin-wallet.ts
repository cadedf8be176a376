import { coinWalletEndpoints } from '../../domain/protocol/endpoints/coin-wallet';
import { implement, type RouteDef } from '../http/route';

export const coinWalletRoutes: RouteDef[] = [
  implement(coinWalletEndpoints.transfer, {
    summary:
      'Moves USDT between the currency (coin) and contract accounts; confirmed with the trade password',
    tag: 'contracts',
    handler: ({ trading, session, input }) => trading.contracts.transfer(session, input),
  }),
  implement(coinWalletEndpoints.assets, {
    summary: 'The coin wallet per currency valued in USDT, and the contract wallet with unrealised PnL',
    tag: 'contracts',
    handler: ({ trading, session }) => trading.contracts.assets(session),
  }),
];
