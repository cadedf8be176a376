import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../domain/format/locale';
import type { OptionRule } from '../../../domain/protocol/options';
import { maxAffordable, type BuyFigures } from './figures';
import { count } from './format';
import { formatTry } from '../../../domain/format/number';

/**
 * What the contracts field says when the count cannot be bought: none typed, zero, more than the
 * rule's maximum, or a premium under its minimum. Null when the count may go to the confirmation.
 */
export function contractsRefusal(
  typed: bigint | null | 'empty',
  figures: Pick<BuyFigures, 'aboveMaximum' | 'belowMinimum'>,
  rule: Pick<OptionRule, 'maxContracts' | 'minPremium'>,
  t: TFunction<'options'>,
  locale: Locale,
): string | null {
  if (typed === 'empty') return t('ticket.contracts_required');
  if (typed === null) return t('ticket.contracts_invalid');
  if (figures.aboveMaximum) return t('ticket.above_maximum', { max: count(rule.maxContracts, locale) });
  if (figures.belowMinimum) return t('ticket.below_minimum', { amount: formatTry(rule.minPremium, locale) });
  return null;
}

/**
 * The most contracts the available money buys when the cost now is more than that (null when it
 * fits, or is not known yet). The cost at the price now must be there before the confirmation asks
 * for the broker's quote; a count the rule refuses anyway is said first, by contractsRefusal.
 */
export function shortfall(
  available: string | null,
  figures: BuyFigures | null,
  rule: OptionRule,
): bigint | null {
  if (available === null || figures === null || figures.cost == null) return null;
  if (figures.aboveMaximum || figures.belowMinimum) return null;
  if (!new Decimal(figures.cost).gt(available)) return null;
  return maxAffordable(rule, figures.premium, available);
}
