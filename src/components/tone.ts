import { readDecimal, signOf } from '../../domain/format/decimal-text';

/**
 * Which way a signed figure points: -1, 0 or 1, read from the figure itself (a wire decimal, a
 * number or a Decimal). 0 when it cannot be read ('--', '', null), so an unknown figure is never
 * coloured and never throws: colours mean direction only (DECISIONS §3), and a rendering screen
 * must not fall over on one odd value.
 */
export function direction(value: unknown): -1 | 0 | 1 {
  const d = readDecimal(value);
  return d ? signOf(d) : 0;
}

/** up / down for a figure row or a badge; none for zero or unknown. */
export function toneOf(value: unknown): 'up' | 'down' | undefined {
  const sign = direction(value);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : undefined;
}

/** The text colour class of a signed figure; '' for zero or unknown. */
export function toneClass(value: unknown): 'tone-up' | 'tone-down' | '' {
  const sign = direction(value);
  return sign > 0 ? 'tone-up' : sign < 0 ? 'tone-down' : '';
}
