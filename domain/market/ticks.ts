/**
 * Prices as integer steps. A book level, a tick check and a band are integer maths on
 * `price × 10^scale`; strings are parsed straight to steps with no float or Decimal on the
 * hot path (ARCHITECTURE rule 3: every frame's prices pass through here). BIST stocks have scale 2 (0.01).
 */

export const STOCK_PRICE_SCALE = 2;

/** BIST tick table (DECISIONS §5), in 0.01 steps: [lower bound in steps, tick in steps]. */
const BIST_TICKS: readonly (readonly [number, number])[] = [
  [100_000, 100], // ≥ 1,000.00 → 1.00
  [50_000, 50], // ≥ 500.00 → 0.50
  [25_000, 25], // ≥ 250.00 → 0.25
  [10_000, 10], // ≥ 100.00 → 0.10
  [5_000, 5], // ≥ 50.00 → 0.05
  [2_000, 2], // ≥ 20.00 → 0.02
  [0, 1], // below 20.00 → 0.01
];

/** Tick size in 0.01 steps for a BIST price given in 0.01 steps. */
export function bistTickSteps(priceSteps: number): number {
  for (const [from, tick] of BIST_TICKS) if (priceSteps >= from) return tick;
  return 1;
}

/** True when a BIST price (in steps) sits on its tick. */
export function onBistTick(priceSteps: number): boolean {
  return priceSteps > 0 && priceSteps % bistTickSteps(priceSteps) === 0;
}

/** Nearest valid BIST price at or below (`down`) or at or above (`up`) a price in steps. */
export function roundToBistTick(priceSteps: number, direction: 'down' | 'up'): number {
  const tick = bistTickSteps(priceSteps);
  const down = Math.floor(priceSteps / tick) * tick;
  if (direction === 'down' || down === priceSteps) return down;
  const up = down + tick;
  // Crossing a tier boundary upward lands on the boundary, which is on both tiers' grids.
  return up;
}

/** Daily price band by market group (DECISIONS §5), as a fraction in per-mille. */
const BAND_PERMILLE: Readonly<Record<1 | 2 | 3, number>> = { 1: 200, 2: 150, 3: 100 };

/**
 * The day's limits around the previous close, rounded inward to valid ticks so both limits
 * are themselves tradable prices.
 */
export function bistBand(prevCloseSteps: number, group: 1 | 2 | 3): { lower: number; upper: number } {
  const width = Math.floor((prevCloseSteps * BAND_PERMILLE[group]) / 1000);
  const upper = roundToBistTick(prevCloseSteps + width, 'down');
  const lower = roundToBistTick(Math.max(1, prevCloseSteps - width), 'up');
  return { lower, upper };
}

/** 10^n for the scales a price may have (steps of 10^-scale). */
export const POW10: readonly number[] = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
];

/**
 * Parses a canonical decimal string (`"12.34"`, `"0.5"`, `"7"`) into integer steps of 10^-scale,
 * by hand: no regex, no float, no Decimal. Returns NaN for anything else, or for a value with
 * more decimals than the scale (a price off the grid) or beyond safe integers.
 */
export function toSteps(value: string, scale: number): number {
  const length = value.length;
  if (length === 0 || length > 24) return NaN;
  let index = 0;
  let negative = false;
  if (value.charCodeAt(0) === 45 /* - */) {
    negative = true;
    index = 1;
    if (length === 1) return NaN;
  }
  let whole = 0;
  let digits = 0;
  for (; index < length; index++) {
    const code = value.charCodeAt(index);
    if (code === 46 /* . */) break;
    if (code < 48 || code > 57) return NaN;
    whole = whole * 10 + (code - 48);
    digits++;
  }
  if (digits === 0) return NaN;
  let fraction = 0;
  let places = 0;
  if (index < length) {
    index++; // the dot
    if (index === length) return NaN;
    for (; index < length; index++) {
      const code = value.charCodeAt(index);
      if (code < 48 || code > 57) return NaN;
      if (places === scale) {
        // Extra digits are allowed only when they are zeros ("1.500" at scale 2).
        if (code !== 48) return NaN;
        continue;
      }
      fraction = fraction * 10 + (code - 48);
      places++;
    }
  }
  const steps = whole * POW10[scale]! + fraction * POW10[scale - places]!;
  if (!Number.isSafeInteger(steps)) return NaN;
  return negative ? -steps : steps;
}

/** Integer steps back to a canonical decimal string with exactly `scale` decimals. */
export function fromSteps(steps: number, scale: number): string {
  const negative = steps < 0;
  const abs = negative ? -steps : steps;
  if (scale === 0) return negative ? `-${abs}` : String(abs);
  const unit = POW10[scale];
  let text: string;
  if (unit === undefined || !Number.isSafeInteger(abs)) {
    const padded = String(abs).padStart(scale + 1, '0');
    text = `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
  } else {
    // Whole and tail by integer arithmetic (% is exact on safe integers, and so is the division
    // of what is left): the worker prints prices every frame, and this allocates one string less
    // than padding and slicing the digits.
    const tail = abs % unit;
    const whole = (abs - tail) / unit;
    text = `${whole}.${scale === 2 ? TAILS_2[tail]! : String(tail).padStart(scale, '0')}`;
  }
  return negative ? `-${text}` : text;
}

/** "00" to "99": the tails of two-decimal prices, the scale of most instruments. */
const TAILS_2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
