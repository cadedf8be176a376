import { ensure } from '../domain/assert';
/**
 * Price → quantity, a hash table on a typed array (open addressing, linear probing), for the
 * levels of a book side away from the touch, held in no order. A JS Map costs 20–40 ns a change
 * and allocates as it grows and shrinks under a stream of new and vanished levels; here a lookup
 * is a multiply and a probe or two, and nothing is allocated until the table doubles.
 *
 * Keys are integral numbers, any size a double holds exactly (prices in steps reach past 2^32).
 * Removal shifts the following entries back (no tombstones), so a long-lived book full of
 * deletions probes as short as a fresh one.
 */
const START_BITS = 6;
/** 2^-32, exact: the high half of a key without a division. */
const HIGH = 1 / 4294967296;

export class QtyTable {
  /** NaN marks an empty slot (a key never is one). Read directly by scans of every key. */
  keys = new Float64Array(0);
  /** The quantity of the key in the same slot; callers read and write it through a slot index. */
  vals: string[] = [];
  private shift = 0;
  private mask = 0;
  size = 0;

  constructor() {
    this.clear();
  }

  clear(): void {
    this.allocate(START_BITS);
  }

  private allocate(bits: number): void {
    this.keys = new Float64Array(1 << bits).fill(NaN);
    this.vals = new Array<string>(1 << bits).fill('');
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    this.size = 0;
  }

  /** Fibonacci hashing of both 32-bit halves: keys a fixed stride apart spread evenly. */
  private home(key: number): number {
    const low = key | 0;
    const mixed = low === key ? low : low ^ Math.imul((key * HIGH) | 0, 0x85ebca6b);
    return Math.imul(mixed, 0x9e3779b1) >>> this.shift;
  }

  /** The slot holding `key`, or -1. */
  find(key: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(key); ; i = (i + 1) & mask) {
      const k = ensure(keys[i], 'a slot inside the table');
      if (k === key) return i;
      if (k !== k) return -1;
    }
  }

  /** Sets the value of `key`, adding it when absent; whether it was added. One probe run. */
  put(key: number, value: string): boolean {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(key);
    for (; ; i = (i + 1) & mask) {
      const k = ensure(keys[i], 'a slot inside the table');
      if (k === key) {
        this.vals[i] = value;
        return false;
      }
      if (k !== k) break;
    }
    keys[i] = key;
    this.vals[i] = value;
    this.size++;
    return true;
  }

  /** The keys held, ascending, in a new array. */
  sortedKeys(): Float64Array {
    const held = new Float64Array(this.size);
    let n = 0;
    for (const k of this.keys) if (k === k) held[n++] = k;
    return held.sort();
  }

  /** Empties slot `at`, moving back the entries of its probe run that would no longer be found. */
  removeAt(at: number): void {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let hole = at;
    for (let j = (hole + 1) & mask; ; j = (j + 1) & mask) {
      const k = ensure(keys[j], 'a slot inside the table');
      if (k !== k) break;
      const h = this.home(k);
      // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? hole < h && h <= j : hole < h || h <= j;
      if (stays) continue;
      keys[hole] = k;
      vals[hole] = ensure(vals[j], 'a value for each held slot');
      hole = j;
    }
    keys[hole] = NaN;
    vals[hole] = ''; // let the string go
    this.size--;
  }

  private grow(): void {
    const keys = this.keys;
    const vals = this.vals;
    this.allocate(32 - this.shift + 1);
    for (let i = 0; i < keys.length; i++) {
      const k = ensure(keys[i], 'a slot inside the table');
      if (k === k) this.put(k, ensure(vals[i], 'a value for each held slot'));
    }
  }
}
