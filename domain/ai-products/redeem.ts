import Decimal from 'decimal.js';
import { stockCosts, type StockCostSettings } from '../rules/costs';

/**
 * What redeeming an AI order would pay now: every holding sold at `price` with the stock costs of
 * its sale (one sale per symbol, as the redemption books them), plus the order's cash. An
 * estimate: the sales fill at the bids the book shows then, not at the last price.
 */
export function redeemEstimate(
  cash: Decimal.Value,
  holdings: ReadonlyArray<{ qty: Decimal.Value; price: Decimal.Value | null }>,
  settings: StockCostSettings,
): { costs: string; net: string } {
  let costs = new Decimal(0);
  let net = new Decimal(cash);
  for (const h of holdings) {
    const amount = new Decimal(h.qty).times(h.price ?? 0);
    const cost = new Decimal(stockCosts(amount, settings).total);
    costs = costs.plus(cost);
    net = net.plus(amount).minus(cost);
  }
  return {
    costs: costs.toFixed(),
    net: Decimal.max(net, 0).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
  };
}
