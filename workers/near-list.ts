import { ensure } from '../domain/assert';
/** The size that makes a side's near list spill into its table. */
export const NEAR_MAX = 48;
/** The near list's arrays: room for NEAR_MAX levels either way from the middle. */
export const CAPACITY = 4 * NEAR_MAX;

/**
 * A book side's best levels in order (book-side.ts says why the list sits mid-array): the arrays
 * and the moves that keep them sorted. The side owns what lies behind it.
 */
export class NearList {
  /** Bids: higher is better; asks: lower is better. */
  readonly descending: boolean;
  /** The best `near` levels, best first. */
  protected prices: number[] = [];
  protected qtys: string[] = [];
  /** The best level's index: the near list is prices[head, head + near). */
  protected head = 0;
  protected near = 0;
  /** What a read hands out: the lists themselves, valid until the next change. */
  protected readonly shown: {
    count: number;
    start: number;
    prices: readonly number[];
    qtys: readonly string[];
  } = {
    count: 0,
    start: 0,
    prices: this.prices,
    qtys: this.qtys,
  };

  constructor(descending: boolean) {
    this.descending = descending;
  }

  /** Index of the first near level at or worse than `steps`. */
  protected nearIndex(steps: number): number {
    const prices = this.prices;
    const head = this.head;
    const end = head + this.near;
    let i = head;
    if (this.descending) while (i < end && ensure(prices[i], 'a near level inside the arrays') > steps) i++;
    else while (i < end && ensure(prices[i], 'a near level inside the arrays') < steps) i++;
    return i - head;
  }

  /**
   * Opens a slot at near index `i`, moving whichever part of the list is shorter: changes crowd
   * at the touch, so most inserts move the few levels before them, not the many behind.
   */
  protected open(i: number): number {
    const near = this.near;
    if (i < near - i) {
      if (this.head === 0) this.recentre(near + 1);
      const prices = this.prices;
      const qtys = this.qtys;
      const head = --this.head;
      for (let j = head; j < head + i; j++) {
        prices[j] = ensure(prices[j + 1], 'a near level inside the arrays');
        qtys[j] = ensure(qtys[j + 1], 'a near level inside the arrays');
      }
    } else {
      if (this.head + near >= this.prices.length) this.recentre(near + 1);
      const prices = this.prices;
      const qtys = this.qtys;
      const at = this.head + i;
      for (let j = this.head + near; j > at; j--) {
        prices[j] = ensure(prices[j - 1], 'a near level inside the arrays');
        qtys[j] = ensure(qtys[j - 1], 'a near level inside the arrays');
      }
    }
    this.near = near + 1;
    return this.head + i;
  }

  /** Closes the slot at near index `i`, moving the shorter part. */
  protected close(i: number): void {
    const near = this.near;
    const prices = this.prices;
    const qtys = this.qtys;
    const head = this.head;
    if (i < near - 1 - i) {
      for (let j = head + i; j > head; j--) {
        prices[j] = ensure(prices[j - 1], 'a near level inside the arrays');
        qtys[j] = ensure(qtys[j - 1], 'a near level inside the arrays');
      }
      qtys[head] = ''; // let the string go
      this.head = head + 1;
    } else {
      const end = head + near - 1;
      for (let j = head + i; j < end; j++) {
        prices[j] = ensure(prices[j + 1], 'a near level inside the arrays');
        qtys[j] = ensure(qtys[j + 1], 'a near level inside the arrays');
      }
      qtys[end] = '';
    }
    this.near = near - 1;
  }

  /** Puts the near list in the middle of arrays with room for `need` levels and as many again. */
  protected recentre(need: number): void {
    const size = Math.max(CAPACITY, need * 2);
    const prices = new Array<number>(size).fill(0);
    const qtys = new Array<string>(size).fill('');
    const head = (size - need) >> 1;
    for (let i = 0; i < this.near; i++) {
      prices[head + i] = ensure(this.prices[this.head + i], 'a near level inside the arrays');
      qtys[head + i] = ensure(this.qtys[this.head + i], 'a near level inside the arrays');
    }
    this.prices = prices;
    this.qtys = qtys;
    this.head = head;
    this.shown.prices = prices;
    this.shown.qtys = qtys;
  }
}
