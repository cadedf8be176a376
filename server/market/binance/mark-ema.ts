import Decimal from 'decimal.js';

/**
 * Spot has no mark price. Ours is an exponential moving average of the book's mid price, taken
 * on every published book change, so one thin-book flicker does not move liquidations or TP/SL
 * much. Decimal throughout (it is a money input); published at the instrument's price scale.
 */
const ALPHA = new Decimal('0.2');

export class MarkEma {
  private ema: Decimal | null = null;

  constructor(private readonly priceScale: number) {}

  /** Feed the best bid and ask (integer price steps); returns the published mark. */
  update(bidSteps: number, askSteps: number): string {
    const mid = new Decimal(bidSteps + askSteps).div(2).div(new Decimal(10).pow(this.priceScale));
    this.ema = this.ema === null ? mid : this.ema.plus(mid.minus(this.ema).times(ALPHA));
    return this.ema.toFixed(this.priceScale, Decimal.ROUND_HALF_EVEN);
  }
}
