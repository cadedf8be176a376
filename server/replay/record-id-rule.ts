import type { StepScales } from '../market/source';

/**
 * The record's rule for a trade id's number (record-text.ts `chainOf`): its last digits, at most
 * 15, when they do not start with a zero; the rest of the id is its prefix. The window
 * (record-window.ts) splits ids by it as it hears them, into two numbers: a string's index
 * (the prefix) and the number.
 */

/** 10^15: an id's number is at most its last 15 digits. */
const RULE_DIGITS = 1e15;

export const isDigit = (code: number) => code >= 48 && code <= 57;

/** `id`'s digits from `from` on as a number, when they are 1 to 15 digits without a leading zero; else -1. */
export function numberAfter(id: string, from: number): number {
  const n = id.length - from;
  if (n < 1 || n > 15 || (n > 1 && id.charCodeAt(from) === 48)) return -1;
  let value = 0;
  for (let i = from; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

/**
 * A numbered id (`prefix` and `n`'s digits, NumberedIds) split by the rule without its string:
 * `lead` the digits the prefix takes over (-1: none), `tail` the number. Null when the split needs
 * the string: a prefix ending in a digit the rule would take, or 15 digits starting with a zero.
 */
export function splitNumbered(prefix: string, n: number): { lead: number; tail: number } | null {
  if (!Number.isSafeInteger(n) || n < 0) return null;
  if (n < RULE_DIGITS) return isDigit(prefix.charCodeAt(prefix.length - 1)) ? null : { lead: -1, tail: n };
  const lead = Math.floor(n / RULE_DIGITS);
  const tail = n - lead * RULE_DIGITS;
  return tail < RULE_DIGITS / 10 ? null : { lead, tail };
}

export type NumberedHead = { prefix: string | null; lead: number; at: number };

/**
 * A symbol's state: its index in this window's numbers (for the window `epoch`), its scales, its
 * trade id prefix this window and its string's index, the same for numbered ids (numberedWords).
 */
export type Slot = {
  epoch: number;
  at: number;
  scales: StepScales | null;
  prefix: string | null;
  prefixAt: number;
  numbered: NumberedHead;
  /** The greatest common divisor of its book and trade prices in steps this window (0: none yet). */
  tick: number;
};

export function gcd(a: number, b: number): number {
  while (b !== 0) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

export const newSlot = (): Slot => ({
  epoch: -1,
  at: -1,
  scales: null,
  prefix: null,
  prefixAt: -1,
  numbered: { prefix: null, lead: -1, at: -1 },
  tick: 0,
});

/**
 * A numbered id (NumberedIds: `prefix` and `n`'s digits) written as `idWords` writes its string,
 * without reading the string: the rule's last 15 digits as the number, the rest of the id as the
 * prefix. False when that needs the string (a prefix ending in a digit the rule would take, or
 * 15 digits starting with a zero, which `idWords` keeps as a string of its own).
 */
export function numberedWords(
  slot: Slot,
  prefix: string,
  n: number,
  strings: string[],
  w: Float64Array,
  at: number,
): boolean {
  const split = splitNumbered(prefix, n);
  if (split === null) return false;
  const { lead, tail } = split;
  const head = slot.numbered;
  if (head.prefix !== prefix || head.lead !== lead) {
    head.prefix = prefix;
    head.lead = lead;
    head.at = strings.push(lead < 0 ? prefix : `${prefix}${lead}`) - 1;
  }
  w[at] = head.at;
  w[at + 1] = tail;
  return true;
}

/**
 * A trade id as its prefix's string and its number (`THYAO-41`: `THYAO-` once a window, 41),
 * split as the record's id rule splits it (record-text.ts `chainOf`: the last digits, at most
 * 15), or as a string of its own when its number does not give its digits back (a leading zero).
 */
export function idWords(slot: Slot, id: string, strings: string[], w: Float64Array, at: number): void {
  const prefix = slot.prefix;
  if (prefix !== null && id.startsWith(prefix)) {
    const digits = id.length - prefix.length;
    const n = numberAfter(id, prefix.length);
    // The rule takes every digit at the end up to 15: a prefix ending in one holds only with 15.
    if (n >= 0 && (digits === 15 || !isDigit(prefix.charCodeAt(prefix.length - 1)))) {
      w[at] = slot.prefixAt;
      w[at + 1] = n;
      return;
    }
  }
  let from = id.length;
  while (from > 0 && id.length - from < 15 && isDigit(id.charCodeAt(from - 1))) from--;
  const n = from < id.length ? numberAfter(id, from) : -1;
  if (n >= 0) {
    const head = id.slice(0, from);
    slot.prefix = head;
    slot.prefixAt = strings.push(head) - 1;
    w[at] = slot.prefixAt;
    w[at + 1] = n;
    return;
  }
  w[at] = strings.push(id) - 1;
  w[at + 1] = -1;
}
