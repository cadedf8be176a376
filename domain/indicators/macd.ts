import { Ema, type EmaSeed } from './moving-average';

/**
 * MACD: DIF = EMA(fast) − EMA(slow), DEA = EMA(DIF, signal). Two histograms: `histogram` =
 * DIF − DEA (trading-signals, TradingView) and `bar` = 2 × (DIF − DEA), the one Chinese and
 * Turkish broker apps draw and the series shows as the `MACD` line. NaN while warming up.
 */
export class Macd {
  dif = NaN;
  dea = NaN;
  histogram = NaN;
  bar = NaN;
  private readonly fast: Ema;
  private readonly slow: Ema;
  private readonly signal: Ema;

  constructor(fast: number, slow: number, signal: number, seed: EmaSeed = 'sma') {
    this.fast = new Ema(fast, seed);
    this.slow = new Ema(slow, seed);
    this.signal = new Ema(signal, seed);
  }

  add(x: number): void {
    const dif = this.fast.add(x) - this.slow.add(x);
    this.dif = dif;
    // NaN means warming up; readiness depends only on the bar count, so add and replace agree.
    if (dif === dif) this.settle(this.signal.add(dif));
    else this.settle(NaN);
  }

  replace(x: number): void {
    const dif = this.fast.replace(x) - this.slow.replace(x);
    this.dif = dif;
    if (dif === dif) this.settle(this.signal.replace(dif));
    else this.settle(NaN);
  }

  /** `add` or `replace` by a flag, through the EMAs' branch-free `update`. */
  update(x: number, replace: boolean): void {
    const dif = this.fast.update(x, replace) - this.slow.update(x, replace);
    this.dif = dif;
    if (dif === dif) this.settle(this.signal.update(dif, replace));
    else this.settle(NaN);
  }

  private settle(dea: number): void {
    this.dea = dea;
    const histogram = this.dif - dea;
    this.histogram = histogram;
    this.bar = 2 * histogram;
  }
}
