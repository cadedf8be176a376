import type { PriceProcess } from '../../../domain/options/model';
import type { Random } from './prng';

/** About one jump every two trading days, of some 60% of a day's typical move. */
const JUMPS_PER_DAY = 0.5;
const JUMP_SHARE = 0.6;
/** A stock's trading day: an 8-hour session (around the clock, three of them a calendar day). */
export const STOCK_SESSION_MS = 8 * 3_600_000;

/**
 * The long-run mean of the GARCH variance multiplier, by the length of a trading day. Without
 * jumps it would be OMEGA / (1 − ALPHA − BETA) = 1; a minute with a jump feeds its square into the
 * next minute's variance (capped at 8), which lifts the mean, the more so the larger a jump is
 * beside a minute's move. Measured on this class: for a stock's 8-hour day 1.094 over 3·10⁵
 * minutes of 100 ms ticks and 1.096 over 10⁷ minutes of one-minute ticks; for a coin's 24-hour
 * day 1.034 over 6·10⁶ minutes (options-monte-carlo.test.ts checks the premiums priced on the
 * stocks' figure against paths of this process).
 */
function garchMean(tradingDayMs: number): number {
  return tradingDayMs === STOCK_SESSION_MS ? 1.095 : 1.034;
}
const JUMP_VARIANCE = JUMPS_PER_DAY * JUMP_SHARE * JUMP_SHARE;
/** GARCH(1,1) on one-minute returns: v' = OMEGA + ALPHA·shock + BETA·v, kept in [FLOOR, CAP]. */
const OMEGA = 0.04;
const ALPHA = 0.1;
const BETA = 0.86;
const FLOOR = 0.25;
const CAP = 8;
const VARIANCE_STEP_MS = 60_000;
/**
 * How far a window's diffusion variance scatters, for domain/options/clustering: its squared
 * coefficient of variation is this × clusterScatter(minutes). Not GARCH's own Var(v) = 0.34 (a
 * window's returns also feed its variance, and a jump before the window leaves it hot): fitted
 * to this class's paths, where one session's premiums then match their mean payoff within 0.4%
 * out to 5% out of the money, and 2- and 4-hour windows' within 3.5% (options-monte-carlo.test.ts).
 */
const CLUSTERING = 0.93;

/** Trading days a year: BIST's calendar has some 250 sessions; around the clock, three a day. */
export function stockSessionsPerYear(alwaysOpen: boolean): number {
  return alwaysOpen ? 365 * 3 : 250;
}

/**
 * The variance of a trading day's log return for a per-day `volatility`: the diffusion's
 * garchMean × σ² plus the jumps' ½ × (0.6σ)².
 */
export function dailyVariance(volatility: number, tradingDayMs: number): number {
  return volatility * volatility * (garchMean(tradingDayMs) + JUMP_VARIANCE);
}

/**
 * A stock's process as options price it (domain/options/model), from its annualised volatility:
 * per session of trading a driftless log walk whose variance is garchMean parts diffusion and
 * JUMP_VARIANCE parts Poisson jumps of normal size.
 */
export function stockProcess(annualVolatility: number, alwaysOpen: boolean): PriceProcess {
  return {
    volatility: annualVolatility,
    sessionsPerYear: stockSessionsPerYear(alwaysOpen),
    sessionMs: STOCK_SESSION_MS,
    jumpsPerSession: JUMPS_PER_DAY,
    jumpShare: JUMP_VARIANCE / (garchMean(STOCK_SESSION_MS) + JUMP_VARIANCE),
    clusterStepMs: VARIANCE_STEP_MS,
    persistence: ALPHA + BETA,
    // Without jumps the variance's mean would be OMEGA / (1 − ALPHA − BETA) = 1: what garchMean
    // has above that is the jumps' afterglow.
    afterglowShare: (garchMean(STOCK_SESSION_MS) - 1) / (garchMean(STOCK_SESSION_MS) + JUMP_VARIANCE),
    clustering: CLUSTERING,
  };
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
    this.minuteTicks = Math.max(1, Math.round(VARIANCE_STEP_MS / tickMs));
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
      this.variance = Math.min(CAP, Math.max(FLOOR, OMEGA + ALPHA * shock + BETA * this.variance));
      this.minuteX = this.x;
    }
  }
}
