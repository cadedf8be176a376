import Decimal from 'decimal.js';

/**
 * How far from the last price a price alert's level may be: from a hundredth of it to a hundred
 * times it. No listed stock or coin moves that far while an alert waits, but a typo does (an
 * extra group of digits: 99,999,999 on a 300 TL stock), and an alert that can never fire is one
 * the user believes is watching. Wide enough for any real target, from a crash to a moonshot.
 */
export const LEVEL_BAND = { below: '0.01', above: '100' } as const;

export type AlertLevelProblem =
  | { key: 'ALERT_LEVEL_NOT_POSITIVE' }
  | { key: 'ALERT_LEVEL_FAR'; params: { threshold: string; last: string; min: string; max: string } };

/** The band's ends around a last price, canonical. */
export function levelBand(last: Decimal.Value): { min: string; max: string } {
  const price = new Decimal(last);
  return { min: price.times(LEVEL_BAND.below).toFixed(), max: price.times(LEVEL_BAND.above).toFixed() };
}

/**
 * What is wrong with a price alert's level (a canonical decimal) against the last price, for the
 * form and the broker alike; null when it is a level the price could reach. 0 or below first, as
 * its own "greater than 0", before the distance.
 */
export function alertLevelProblem(threshold: string, last: string | null): AlertLevelProblem | null {
  const level = new Decimal(threshold);
  if (level.lte(0)) return { key: 'ALERT_LEVEL_NOT_POSITIVE' };
  if (last === null || new Decimal(last).lte(0)) return null;
  const { min, max } = levelBand(last);
  if (level.lt(min) || level.gt(max))
    return { key: 'ALERT_LEVEL_FAR', params: { threshold: level.toFixed(), last, min, max } };
  return null;
}
