import Decimal from 'decimal.js';
import { liquidationCloseRate } from '../../../domain/contracts';
import type { Locale } from '../../../domain/format/locale';
import { formatMoney, formatPercent } from '../../../domain/format/number';
import type { ContractRules } from '../../../domain/protocol/contracts';

type FeeRules = Pick<ContractRules, 'feeRate' | 'liquidationFeeRate'>;

/** A rate of notional (0.005) as the locale writes a percent, with exactly its own decimals ("0.5%", "%0,5"). */
export function ratePercent(rate: Decimal.Value, locale: Locale): string {
  const percent = new Decimal(rate).times(100);
  const decimals = Math.min(Math.max(percent.decimalPlaces(), 1), 4);
  return formatPercent(percent, locale, { signed: false, decimals });
}

/** The rates a liquidation charges, as the ticket and the risk disclosure name them. */
export function liquidationFeeTexts(rules: FeeRules, locale: Locale) {
  return {
    takerFee: ratePercent(rules.feeRate, locale),
    liquidationFee: ratePercent(rules.liquidationFeeRate, locale),
    total: ratePercent(liquidationCloseRate(rules), locale),
    /** What a liquidation of a 1,000 USDT position costs, for the disclosure's example. */
    example: formatMoney(liquidationCloseRate(rules).times(1000).toFixed(), locale),
  };
}
