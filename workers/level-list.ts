/**
 * A book frame's levels as the direct path reads them (direct-frame.ts): bids first, then asks,
 * prices in integer steps, quantities as the wire's strings. One list serves every frame: it
 * grows to the longest frame seen and is never shrunk, so a frame allocates no level objects.
 */
export class LevelList {
  prices = new Float64Array(64);
  qtys: string[] = [];
  /** How many of the levels are bids (the rest, up to `count`, are asks). */
  bids = 0;
  count = 0;

  clear(): void {
    this.bids = 0;
    this.count = 0;
  }

  push(steps: number, qty: string): void {
    const at = this.count++;
    if (at === this.prices.length) {
      const grown = new Float64Array(at * 2);
      grown.set(this.prices);
      this.prices = grown;
    }
    this.prices[at] = steps;
    this.qtys[at] = qty;
  }
}
