import type { MarginRules } from '../../domain/contracts/margin';

// The default contract settings (server/settings.ts), written out so a settings change cannot
// silently move the hand-computed answers and measured figures that use them.
export const CONTRACT_RULES: MarginRules = {
  feeRate: '0.0005',
  liquidationFeeRate: '0.005',
  tiers: [
    { maxNotional: '50000', mmr: '0.005', deduction: '0' },
    { maxNotional: '250000', mmr: '0.01', deduction: '250' },
    { maxNotional: '1000000', mmr: '0.025', deduction: '4000' },
    { maxNotional: null, mmr: '0.05', deduction: '29000' },
  ],
};
