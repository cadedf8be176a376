/**
 * The maximum (or minimum) of a sliding window of committed values: a monotonic deque in two
 * typed-array rings, amortised O(1) per commit. The live bar stays outside (the caller combines
 * it), because a deque can't take back a value once a bigger newcomer has popped the others.
 */
export class WindowExtreme {
  private readonly at: Float64Array;
  private readonly values: Float64Array;
  private readonly capacity: number;
  private readonly max: boolean;
  private front = 0;
  private size = 0;

  constructor(capacity: number, max: boolean) {
    this.capacity = capacity + 1;
    this.at = new Float64Array(this.capacity);
    this.values = new Float64Array(this.capacity);
    this.max = max;
  }

  /** Commits `value` at position `index` and forgets positions below `oldest`. */
  push(index: number, value: number, oldest: number): void {
    const cap = this.capacity;
    while (this.size > 0 && (this.at[this.front] as number) < oldest) {
      this.front = this.front + 1 === cap ? 0 : this.front + 1;
      this.size -= 1;
    }
    while (this.size > 0) {
      const back = (this.front + this.size - 1) % cap;
      const top = this.values[back] as number;
      if (this.max ? top > value : top < value) break;
      this.size -= 1;
    }
    if (index < oldest) return;
    const slot = (this.front + this.size) % cap;
    this.at[slot] = index;
    this.values[slot] = value;
    this.size += 1;
  }

  /** The extreme of the window, or ∓Infinity when it holds nothing. */
  get extreme(): number {
    if (this.size === 0) return this.max ? -Infinity : Infinity;
    return this.values[this.front] as number;
  }
}
