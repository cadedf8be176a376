/**
 * An integer-keyed hash table on typed arrays (open addressing, linear probing), for the book's
 * leaf and summary words. A JS Map costs 20–40 ns a change and allocates as it grows and shrinks
 * under a stream of new and vanished levels; here a lookup is a multiply and a probe or two, and
 * nothing is allocated until the table doubles.
 *
 * Keys are integral numbers, any size a double holds exactly (prices in steps reach past 2^32).
 * Removal shifts the following entries back (no tombstones), so a long-lived book full of
 * deletions probes as short as a fresh one.
 */
const START_BITS = 6;
/** 2^-32, exact: the high half of a key without a division. */
const HIGH = 1 / 4294967296;

export class IntTable {
  /** NaN marks an empty slot (a key never is one). */
  private keys = new Float64Array(0);
  /** The value of the key in the same slot; callers read and write it through a slot index. */
  vals = new Int32Array(0);
  private shift = 0;
  private mask = 0;
  size = 0;
  /** Whether the last `add` added its key. */
  added = false;

  constructor() {
    this.clear();
  }

  clear(): void {
    this.allocate(START_BITS);
  }

  private allocate(bits: number): void {
    this.keys = new Float64Array(1 << bits).fill(NaN);
    this.vals = new Int32Array(1 << bits);
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    this.size = 0;
  }

  /** Fibonacci hashing of both 32-bit halves: keys a fixed stride apart spread evenly. */
  private home(key: number): number {
    const mixed = (key | 0) ^ Math.imul((key * HIGH) | 0, 0x85ebca6b);
    return Math.imul(mixed, 0x9e3779b1) >>> this.shift;
  }

  /** The slot holding `key`, or -1. */
  find(key: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(key); ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === key) return i;
      if (k !== k) return -1;
    }
  }

  /** The value of `key`, or `missing`. */
  get(key: number, missing: number): number {
    const at = this.find(key);
    return at < 0 ? missing : this.vals[at]!;
  }

  /**
   * The slot of `key`, adding it with value 0 when absent (then `added` is true): one probe run
   * where `find` then `insert` would take two.
   */
  add(key: number): number {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(key);
    for (; ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === key) {
        this.added = false;
        return i;
      }
      if (k !== k) break;
    }
    keys[i] = key;
    this.vals[i] = 0;
    this.size++;
    this.added = true;
    return i;
  }

  /** Adds a key that is not in the table (the caller just failed to `find` it). */
  insert(key: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(key);
    while (keys[i] === keys[i]) i = (i + 1) & mask;
    keys[i] = key;
    this.vals[i] = value;
    this.size++;
  }

  /** Empties slot `at`, moving back the entries of its probe run that would no longer be found. */
  removeAt(at: number): void {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let hole = at;
    for (let j = (hole + 1) & mask; ; j = (j + 1) & mask) {
      const k = keys[j]!;
      if (k !== k) break;
      const h = this.home(k);
      // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? hole < h && h <= j : hole < h || h <= j;
      if (stays) continue;
      keys[hole] = k;
      vals[hole] = vals[j]!;
      hole = j;
    }
    keys[hole] = NaN;
    this.size--;
  }

  private grow(): void {
    const keys = this.keys;
    const vals = this.vals;
    this.allocate(32 - this.shift + 1);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k === k) this.insert(k, vals[i]!);
    }
  }
}
