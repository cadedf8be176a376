import { fromSteps } from '../../domain/market/ticks';
import type { Trade } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import { B64_DIGITS } from './record-bytes';
import { assertRecord, chainOf, next, readId, type IdChain, type Recorded } from './record-text';

/** A section's state as its lines are read (record-steps.ts RECORD_DELTAS): scales and runs. */
type Runs = {
  price: number | null;
  qty: number | null;
  tick: number;
  t: number;
  seq: number;
  bid: number;
  ask: number;
  trade: number;
  mark: number;
  funding: string | null;
  nextFunding: number | null;
  chain: IdChain;
};

/** A base-64 digit's value by its character code (-1: not a digit). */
const DIGIT = new Int8Array(128).fill(-1);
for (let d = 0; d < 64; d++) DIGIT[B64_DIGITS.charCodeAt(d)] = d;

/** A number of a line: base 64 (B64_DIGITS), a minus before a negative one. */
function int(text: string | undefined, line: string): number {
  assertRecord(text !== undefined, line);
  const negative = text.charCodeAt(0) === 45; /* - */
  let n = 0;
  for (let i = negative ? 1 : 0; i < text.length; i++) {
    const d = DIGIT[text.charCodeAt(i)] ?? -1;
    assertRecord(d >= 0, line);
    n = n * 64 + d;
  }
  assertRecord(text.length > (negative ? 1 : 0) && Number.isSafeInteger(n), line);
  return negative ? -n : n;
}

/** A price of a run (ticks as the difference from the run's last), or `=` and a decimal; the run after it. */
function priceOf(token: string | undefined, run: number, r: Runs, ticks: number, line: string) {
  assertRecord(token !== undefined && token !== '', line);
  if (token.charCodeAt(0) === 61 /* = */) return { value: token.slice(1), run: 0 };
  const at = run + int(token, line);
  const steps = at * ticks;
  assertRecord(r.price !== null && Number.isSafeInteger(steps) && steps >= 0, line);
  return { value: fromSteps(steps, r.price), run: at };
}

function qtyOf(token: string | undefined, r: Runs, line: string): string {
  assertRecord(token !== undefined && token !== '', line);
  if (token.charCodeAt(0) === 61 /* = */) return token.slice(1);
  const steps = int(token, line);
  assertRecord(r.qty !== null && steps >= 0, line);
  return fromSteps(steps, r.qty);
}

function sideOf(text: string, r: Runs, side: 'bid' | 'ask', line: string): WireLevel[] {
  if (text === '') return [];
  return text.split(';').map((level): WireLevel => {
    const [price, qty] = level.split(':');
    const read = priceOf(price, r[side], r, r.tick, line);
    r[side] = read.run;
    return [read.value, qtyOf(qty, r, line)];
  });
}

function tradesOf(line: string, t: number, r: Runs): Recorded {
  const trades = line
    .split('|')
    .slice(1)
    .map((part): Trade => {
      const [id, price, signed, own] = part.split(',');
      let full: string;
      if (id === '') {
        const expected = next(r.chain);
        assertRecord(expected !== null, line);
        full = expected;
        r.chain = { prefix: r.chain!.prefix, n: r.chain!.n + 1 };
      } else {
        full = readId(id!);
        r.chain = chainOf(full);
      }
      const read = priceOf(price, r.trade, r, r.tick, line);
      r.trade = read.run;
      assertRecord(signed !== undefined, line);
      const sell = signed.charCodeAt(0) === 45; /* - */
      const qty = qtyOf(sell ? signed.slice(1) : signed, r, line);
      return {
        id: full,
        t: own === undefined ? t : t + int(own, line),
        price: read.value,
        qty,
        side: sell ? 'sell' : 'buy',
      };
    });
  return { kind: 'trades', t, trades };
}

function markOf(symbol: string, line: string, t: number, r: Runs): Recorded {
  const [, mark, funding, nextFunding] = line.split(',');
  const read = priceOf(mark, r.mark, r, 1, line);
  r.mark = read.run;
  if (funding !== undefined) {
    assertRecord(nextFunding !== undefined, line);
    r.funding = funding === '' ? null : funding;
    r.nextFunding = nextFunding === '' ? null : int(nextFunding, line);
  }
  return {
    kind: 'mark',
    t,
    mark: { symbol, t, mark: read.value, funding: r.funding, nextFunding: r.nextFunding },
  };
}

/** A symbol's lines of a row in the `~4` text (record-steps.ts), as events, oldest first. */
export function readDeltaLines(symbol: string, base: number, lines: readonly string[]): Recorded[] {
  const out: Recorded[] = [];
  const r: Runs = {
    ...{ price: null, qty: null, tick: 1, t: base, seq: 0, bid: 0, ask: 0, trade: 0, mark: 0 },
    ...{ funding: null, nextFunding: null, chain: null },
  };
  for (const line of lines) {
    const kind = line[0];
    if (kind === 's') {
      const [price, qty, tick] = line.slice(1).split(',');
      r.price = int(price, line);
      r.qty = int(qty, line);
      r.tick = tick === undefined ? 1 : int(tick, line);
      continue;
    }
    const head = line.slice(1, line.search(/[,|]|$/));
    r.t += int(head, line);
    if (kind === 't') out.push(tradesOf(line, r.t, r));
    else if (kind === 'b') {
      const [top, bids, asks] = line.split('|');
      r.seq += int(top!.split(',')[1], line);
      assertRecord(bids !== undefined && asks !== undefined, line);
      out.push({
        kind: 'book',
        t: r.t,
        seq: r.seq,
        bids: sideOf(bids, r, 'bid', line),
        asks: sideOf(asks, r, 'ask', line),
      });
    } else {
      assertRecord(kind === 'm', line);
      out.push(markOf(symbol, line, r.t, r));
    }
  }
  return out;
}
