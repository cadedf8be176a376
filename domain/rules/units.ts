/**
 * What a broken rule's figures are counted in, by param name, so that its message names the
 * unit ("at least 5 USDT", not "at least 5"): the ticket's message and the broker's answer alike.
 */
export type RuleUnits = Readonly<Record<string, string>>;

/** A stock order's minimum is an amount in lira. */
export const STOCK_RULE_UNITS: RuleUnits = { min: 'TRY' };

/** A coin pair's minimum and price tick are in its quote currency, its quantity step in the base coin. */
export function coinRuleUnits(base: string, quote: string): RuleUnits {
  return { min: quote, lot: base, tick: quote };
}
