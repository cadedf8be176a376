import { INT_BYTES, putB64, type RecordBytes } from './record-bytes';

const COLON = 58;
const SEMI = 59;
const EQUALS = 61;
/** Levels merged by a scan: a window's parts hold a few levels, cheaper to compare than to hash. */
const SCAN_LEVELS = 32;

/** A merged diff's side as it grows: its parts' prices and quantities after one another. */
export class Levels {
  v = new Float64Array(64);
  n = 0;

  /** Appends `from` to `to` of the window's numbers. */
  add(w: Float64Array, from: number, to: number): void {
    const n = this.n + to - from;
    if (n > this.v.length) {
      const grown = new Float64Array(Math.max(n, this.v.length * 2));
      grown.set(this.v.subarray(0, this.n));
      this.v = grown;
    }
    const v = this.v;
    for (let i = from, at = this.n; i < to; i++) v[at++] = w[i]!;
    this.n = n;
  }
}

/** Whether two prices are one: the same steps, or strings (`-1 - i`) that read the same. */
const same = (a: number, b: number, strings: readonly string[]): boolean =>
  a === b || (a < 0 && b < 0 && strings[-1 - a] === strings[-1 - b]);

/**
 * Writes a merged side (record-steps.ts): each price once, where it first came, at the last
 * quantity it was given; a price in steps as ticks less `run` (the price before it on this side),
 * a string one (`-1 - i`: `strings[i]`) as `=` and the string. Answers the side's run after it.
 */
export function mergeSide(
  out: RecordBytes,
  levels: Levels,
  run: number,
  tick: number,
  strings: readonly string[],
): number {
  const flat = levels.v;
  const n = levels.n;
  let written = 0;
  if (n > 2 * SCAN_LEVELS) {
    const last = new Map<number | string, [number, number]>();
    for (let i = 0; i < n; i += 2) {
      const key = flat[i]! >= 0 ? flat[i]! : strings[-1 - flat[i]!]!;
      const held = last.get(key);
      if (held) held[1] = flat[i + 1]!;
      else last.set(key, [flat[i]!, flat[i + 1]!]);
    }
    for (const [price, qty] of last.values())
      run = writeLevel(out, price, qty, run, tick, strings, written++);
    return run;
  }
  outer: for (let i = 0; i < n; i += 2) {
    const price = flat[i]!;
    for (let j = i - 2; j >= 0; j -= 2) if (same(flat[j]!, price, strings)) continue outer;
    let qty = flat[i + 1]!;
    for (let j = i + 2; j < n; j += 2) if (same(flat[j]!, price, strings)) qty = flat[j + 1]!;
    run = writeLevel(out, price, qty, run, tick, strings, written++);
  }
  return run;
}

/** A level of a side, the `index`-th written (`;` before all but the first); answers the run after it. */
function writeLevel(
  out: RecordBytes,
  price: number,
  qty: number,
  run: number,
  tick: number,
  strings: readonly string[],
  index: number,
): number {
  if (price >= 0 && qty >= 0) {
    // Both in steps (a source that hands them over): the room asked once, the digits put straight in.
    const buf = out.reserve(2 + 2 * INT_BYTES);
    let at = out.length;
    if (index > 0) buf[at++] = SEMI;
    at = putB64(buf, at, price / tick - run);
    buf[at++] = COLON;
    out.length = putB64(buf, at, qty);
    return price / tick;
  }
  if (index > 0) out.char(SEMI);
  if (price >= 0) out.b64(price / tick - run);
  else {
    out.char(EQUALS);
    out.text(strings[-1 - price]!);
  }
  out.char(COLON);
  if (qty >= 0) out.b64(qty);
  else {
    out.char(EQUALS);
    out.text(strings[-1 - qty]!);
  }
  return price >= 0 ? price / tick : 0;
}
