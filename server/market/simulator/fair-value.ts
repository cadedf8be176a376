import type { Random } from './prng';

/** About one jump every two trading days, of some 60% of a day's typical move. */
const JUMPS_PER_DAY = 0.5;
const JUMP_SHARE = 0.6;

/**
 * The variance of a trading day's log return for a per-day `volatility`: the diffusion's σ²
 * (GARCH's long-run variance multiplier is 1: 0.04 / (1 − 0.1 − 0.86)) plus the jumps' ½ × (0.6σ)².
 */
export function dailyVariance(volatility: number): number {
  return volatility * volatility * (1 + JUMPS_PER_DAY * JUMP_SHARE * JUMP_SHARE);
}

/**
 * The latent price makers quote around and takers chase: a log random walk whose variance
 * follows GARCH(1,1) on one-minute returns (a violent minute makes the next ones violent too:
 * volatility clusters), with rare jumps, held inside the day's band when there is one.
 */
export class FairValue {
  private x: number;
  private variance = 1;
  private minuteX: number;
  private ticks = 0;
  private readonly sigmaTick: number;
  private readonly minuteTicks: number;
  private readonly jumpChance: number;
  private readonly jumpSize: number;

  constructor(
    start: number,
    volatility: number,
    tickMs: number,
    tradingDayMs: number,
    private readonly random: Random,
  ) {
    this.x = Math.log(start);
    this.minuteX = this.x;
    this.sigmaTick = volatility * Math.sqrt(tickMs / tradingDayMs);
    this.minuteTicks = Math.max(1, Math.round(60_000 / tickMs));
    this.jumpChance = (JUMPS_PER_DAY * tickMs) / tradingDayMs;
    this.jumpSize = volatility * JUMP_SHARE;
  }

  /** In price steps (not on any grid). */
  price(): number {
    return Math.exp(this.x);
  }

  step(band: { lower: number; upper: number } | null): void {
    let move = this.sigmaTick * Math.sqrt(this.variance) * this.random.normal();
    if (this.random.next() < this.jumpChance) move += this.jumpSize * this.random.normal();
    this.x += move;
    // At a limit the price stops there (DECISIONS §5).
    if (band) this.x = Math.min(Math.log(band.upper), Math.max(Math.log(band.lower), this.x));
    if (++this.ticks % this.minuteTicks === 0) {
      const r = this.x - this.minuteX;
      const shock = (r * r) / (this.sigmaTick * this.sigmaTick * this.minuteTicks);
      this.variance = Math.min(8, Math.max(0.25, 0.04 + 0.1 * shock + 0.86 * this.variance));
      this.minuteX = this.x;
    }
  }
}
