import { positionFigures } from '../../domain/contracts';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import type { SpotOrder } from '../../domain/protocol/trading';

/** The broker's default contract rules (server/trading/contracts/rules.ts), as /coin/contract/order/multiple answers them. */
export const CONTRACT_RULES: ContractRules = {
  choices: [1, 2, 3, 5, 10, 20],
  feeRate: '0.0005',
  liquidationFeeRate: '0.005',
  tiers: [{ maxNotional: null, mmr: '0.005', deduction: '0' }],
  minNotional: '5',
  fundingIntervalMs: 28_800_000,
  riskAccepted: true,
  riskVersion: 1,
};

/** An open BTCUSDT position at 10×, its figures computed at `mark` as the broker would answer them. */
export function openPosition(
  id: string,
  core: { side: 'long' | 'short'; qty: string; entryPrice: string; margin: string },
  openFee: string,
  mark = core.entryPrice,
): ContractPosition {
  return {
    id,
    clientOrderId: null,
    symbol: 'BTCUSDT',
    leverage: 10,
    ...core,
    openFee,
    takeProfit: null,
    stopLoss: null,
    funding: '0',
    status: 'open',
    closeReason: null,
    closePrice: null,
    closeFee: null,
    realizedPnl: null,
    openedAt: 1_700_000_000_000,
    closedAt: null,
    ...positionFigures(core, mark, CONTRACT_RULES, 2),
  };
}

/** A filled BTCUSDT limit buy on the coin wallet, as /coin/order answers it; `over` changes fields. */
export function coinOrder(over: Partial<SpotOrder> = {}): SpotOrder {
  return {
    id: '1',
    clientOrderId: null,
    wallet: 'coin',
    symbol: 'BTCUSDT',
    name: 'Bitcoin',
    side: 'buy',
    type: 'limit',
    timeInForce: 'gtc',
    price: '60000',
    quantity: '0.01',
    filledQty: '0.01',
    avgPrice: '60000',
    filledAmount: '600',
    fees: '0.6',
    frozen: '0',
    realizedPnl: '0',
    status: 'closed',
    statusReason: null,
    createdAt: 1,
    updatedAt: 1,
    ...over,
  };
}
