import { bistTickSteps, roundToBistTick } from '../../../domain/market/ticks';

/** The prices an instrument may quote, in integer steps of its price scale. */
export type Grid = {
  /** Largest grid price ≤ p. */
  down(p: number): number;
  /** Smallest grid price ≥ p. */
  up(p: number): number;
  /** The grid price just above / below a grid price. */
  next(p: number): number;
  prev(p: number): number;
};

/** Borsa İstanbul's tick table (DECISIONS §5). */
export const bistGrid: Grid = {
  down: (p) => Math.max(1, roundToBistTick(Math.floor(p), 'down')),
  up: (p) => roundToBistTick(Math.max(1, Math.ceil(p)), 'up'),
  next: (p) => p + bistTickSteps(p),
  // A boundary price's lower neighbour sits on the finer grid below it.
  prev: (p) => p - bistTickSteps(p - 1),
};

/** Evenly spaced levels, every `step` price steps (coins quote on a multiple of their tick). */
export function uniformGrid(step: number): Grid {
  return {
    down: (p) => Math.max(step, Math.floor(p / step) * step),
    up: (p) => Math.max(step, Math.ceil(p / step) * step),
    next: (p) => p + step,
    prev: (p) => p - step,
  };
}

/** A 1-2-5 spacing close to `ideal` steps, at least one step. */
export function niceSpacing(ideal: number): number {
  if (ideal <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(ideal));
  const mantissa = ideal / power;
  return (mantissa < 1.5 ? 1 : mantissa < 3.5 ? 2 : mantissa < 7.5 ? 5 : 10) * power;
}
