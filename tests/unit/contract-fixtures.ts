import { positionFigures } from '../../domain/contracts';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';

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
