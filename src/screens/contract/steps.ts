import Decimal from 'decimal.js';
import type { Locale } from '../../../domain/format/locale';
import { readTypedNumber } from '../../../domain/format/typed-number';
import { toInputText } from './input-text';

/**
 * What was typed moved by one step along the `step` grid (snapped first, so + from an off-grid
 * value lands on the next grid point), never below one step; '' when nothing usable was typed
 * and the start (e.g. the last price) is unknown.
 */
export function stepValue(
  text: string,
  step: string,
  scale: number,
  direction: 1 | -1,
  locale: Locale,
  start: string | null = null,
): string {
  // Any decimals: the step moves what was typed, and the field says what is wrong with it.
  const read = readTypedNumber(text, locale, { decimals: Number.MAX_SAFE_INTEGER });
  const from = (read.ok ? read.value : null) ?? start;
  if (from === null) return text;
  const size = new Decimal(step);
  const current = new Decimal(from);
  const onGrid = current.div(size);
  const snapped = onGrid.isInteger()
    ? onGrid.plus(direction)
    : onGrid.toDecimalPlaces(0, direction > 0 ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR);
  let next = snapped.times(size);
  if (next.lt(size)) next = size;
  return toInputText(next.toDecimalPlaces(scale, Decimal.ROUND_DOWN), scale, locale);
}

/** One step along the grid from an amount field's canonical value, canonical again ('' when none). */
export function stepCanonical(
  value: string,
  step: string,
  scale: number,
  direction: 1 | -1,
  start: string | null = null,
): string {
  // Ungrouped en-US text is the canonical form, both read and written.
  return stepValue(value, step, scale, direction, 'en-US', start);
}
