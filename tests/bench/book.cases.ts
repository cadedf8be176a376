// Order book at depth: a generated depth-diff stream (snapshot of N levels a side, then 20,000
// diffs of 1–3 levels: quantity changes, removals and new levels, weighted toward the touch as
// real books are) replayed into our price ladder (workers/book-side.ts) and into ccxt's order
// book (`new ccxt.pro.binance().orderBook()`, sorted arrays shifted on every insert/delete).
// Both get the stream pre-parsed in their own form: ours integer steps and decimal strings,
// ccxt floats. The check replays both and compares the top 20 of each side after every diff.
// The sparse cases (`book-sparse-<gap>`) space the levels `gap` ticks apart, as real books are away
// from the touch, and read the top 20 of both sides after every diff in the timed replay too:
// ccxt's rows copied out (its arrays say nothing of what changed), ours as the worker reads them,
// `view` only when the side's `version` says its top 20 changed. The check reads ours the same
// way, so a version that missed a change fails it.
import ccxt from 'ccxt';
import { BookSide, isZeroQty, type TopLevels } from '../../workers/book-side';
import { QtyTable } from '../../workers/book-table';
import { rng } from '../support/random';
import type { Case } from './harness';

const EVENTS = 20_000;
const TOP = 20;
const SCALE = 100; // prices in 0.01 steps

type Stream = {
  /** Snapshot, bids best first then asks best first. */
  snapBid: [number, string][];
  snapAsk: [number, string][];
  /** Event i covers levels [offsets[i], offsets[i + 1]). */
  offsets: Int32Array;
  bid: Uint8Array;
  steps: Float64Array;
  qty: string[];
  price: Float64Array;
  amount: Float64Array;
};

function generate(depth: number, seed: number, gap = 1): Stream {
  const random = rng(seed);
  const qty = () => `${1 + Math.floor(random() * 900)}.${Math.floor(random() * 100)}`;
  const mid = Math.max(1_000_000, depth * gap * 4);
  // Sorted best first; the generator's own bookkeeping (slow is fine, it runs once).
  const sides = { bid: [] as number[], ask: [] as number[] };
  const quantities = new Map<number, string>();
  for (let p = mid - 1; sides.bid.length < depth; p -= gap) if (random() < 0.8) sides.bid.push(p);
  for (let p = mid + 1; sides.ask.length < depth; p += gap) if (random() < 0.8) sides.ask.push(p);
  for (const p of [...sides.bid, ...sides.ask]) quantities.set(p, qty());
  const snap = (list: number[]) => list.map((p): [number, string] => [p, quantities.get(p)!]);
  const snapBid = snap(sides.bid);
  const snapAsk = snap(sides.ask);
  const offsets = new Int32Array(EVENTS + 1);
  const out = { bid: [] as number[], steps: [] as number[], qty: [] as string[] };
  const near = (n: number) => Math.min(n - 1, Math.floor(n * random() ** 3));
  for (let e = 0; e < EVENTS; e++) {
    offsets[e] = out.steps.length;
    const changes = 1 + Math.floor(random() * 3);
    for (let c = 0; c < changes; c++) {
      const isBid = random() < 0.5;
      const list = isBid ? sides.bid : sides.ask;
      const roll = random();
      const grow = list.length < depth * 0.95 || (list.length < depth * 1.05 && roll < 0.3);
      let price: number;
      let q: string;
      if (grow) {
        // A new level between two held ones (or just past the touch, never crossing).
        const at = near(list.length);
        const best = isBid ? sides.ask[0]! - 1 : sides.bid[0]! + 1;
        const from = at === 0 ? best : list[at - 1]!;
        const to = list[at]!;
        price = Math.round(from + (to - from) * random());
        if (price === to || quantities.has(price)) continue;
        q = qty();
        list.splice(at, 0, price);
        list.sort(isBid ? (a, b) => b - a : (a, b) => a - b);
        quantities.set(price, q);
      } else if (roll < 0.6) {
        const at = near(list.length);
        price = list[at]!;
        q = '0';
        list.splice(at, 1);
        quantities.delete(price);
      } else {
        price = list[near(list.length)]!;
        q = qty();
        quantities.set(price, q);
      }
      out.bid.push(isBid ? 1 : 0);
      out.steps.push(price);
      out.qty.push(q);
    }
  }
  offsets[EVENTS] = out.steps.length;
  return {
    snapBid,
    snapAsk,
    offsets,
    bid: Uint8Array.from(out.bid),
    steps: Float64Array.from(out.steps),
    qty: out.qty,
    price: Float64Array.from(out.steps, (s) => s / SCALE),
    amount: Float64Array.from(out.qty, Number),
  };
}

const exchange = new ccxt.pro.binance();

type Ours = { bids: BookSide; asks: BookSide };
type Theirs = ReturnType<typeof exchange.orderBook>;

// Where the timed ccxt replay copies its top rows.
const topPrices: number[] = [];
const topAmounts: number[] = [];

function ccxtTop(rows: Theirs['bids']): number {
  const n = Math.min(TOP, rows.length);
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    topPrices[i] = row[0]!;
    topAmounts[i] = row[1]!;
  }
  return n;
}

/** What a reader of one side holds: the top levels as of `version`. */
type Reader = { version: number; top: TopLevels | null };

/** Reads the side's top again only when its version moved; what the worker does each frame. */
function read(side: BookSide, reader: Reader): TopLevels {
  if (reader.top === null || side.version !== reader.version) {
    reader.top = side.view(TOP);
    reader.version = side.version;
  }
  return reader.top;
}

function oursReplay(s: Stream, after?: (e: number, book: Ours) => void, readTop = false): Ours {
  const book = { bids: new BookSide(true), asks: new BookSide(false) };
  for (const [p, q] of s.snapBid) book.bids.set(p, q);
  for (const [p, q] of s.snapAsk) book.asks.set(p, q);
  const bidReader: Reader = { version: -1, top: null };
  const askReader: Reader = { version: -1, top: null };
  const { offsets, bid, steps, qty } = s;
  for (let e = 0; e < EVENTS; e++) {
    for (let i = offsets[e]!; i < offsets[e + 1]!; i++)
      (bid[i] ? book.bids : book.asks).set(steps[i]!, qty[i]!);
    if (readTop) {
      read(book.bids, bidReader);
      read(book.asks, askReader);
    }
    after?.(e, book);
  }
  return book;
}

function ccxtReplay(s: Stream, after?: (e: number, book: Theirs) => void, readTop = false): Theirs {
  const book = exchange.orderBook();
  for (const [p, q] of s.snapBid) book.bids.store(p / SCALE, Number(q));
  for (const [p, q] of s.snapAsk) book.asks.store(p / SCALE, Number(q));
  const { offsets, bid, price, amount } = s;
  for (let e = 0; e < EVENTS; e++) {
    for (let i = offsets[e]!; i < offsets[e + 1]!; i++)
      (bid[i] ? book.bids : book.asks).store(price[i]!, amount[i]!);
    if (readTop) {
      ccxtTop(book.bids);
      ccxtTop(book.asks);
    }
    after?.(e, book);
  }
  return book;
}

function check(s: Stream): void {
  const tops: string[] = [];
  // Each side's line is rebuilt only when its version moved: a stale one shows up as a mismatch.
  const readers = { bids: { version: -1, top: null } as Reader, asks: { version: -1, top: null } as Reader };
  const lines = { bids: '', asks: '' };
  const ours = (side: BookSide, which: 'bids' | 'asks') => {
    const reader = readers[which];
    if (reader.top !== null && side.version === reader.version) return lines[which];
    const top = read(side, reader);
    const rows: string[] = [];
    for (let i = top.start; i < top.start + top.count; i++)
      rows.push(`${top.prices[i]}:${Number(top.qtys[i])}`);
    return (lines[which] = rows.join(' '));
  };
  oursReplay(s, (_, book) => tops.push(`${ours(book.bids, 'bids')} | ${ours(book.asks, 'asks')}`));
  const theirs = (rows: number[][]) =>
    rows
      .slice(0, TOP)
      .map(([p, q]) => `${Math.round(p! * SCALE)}:${q}`)
      .join(' ');
  ccxtReplay(s, (e, book) => {
    const line = `${theirs(book.bids as unknown as number[][])} | ${theirs(book.asks as unknown as number[][])}`;
    if (line !== tops[e])
      throw new Error(`top ${TOP} differs after diff ${e}:\n ours ${tops[e]}\n ccxt ${line}`);
  });
}

function bookCase(depth: number): Case {
  const stream = generate(depth, 20_261_122 + depth);
  return {
    name: `book-${depth}`,
    unit: 'diffs/s',
    peerName: 'ccxt orderBook',
    opsPerCall: EVENTS,
    goal: 10,
    note: `${depth} levels a side, ${EVENTS.toLocaleString('en-US')} diffs of 1–3 levels from the snapshot each call; top ${TOP} compared after every diff`,
    check: () => check(stream),
    ours: () => oursReplay(stream),
    peer: () => ccxtReplay(stream),
  };
}

function sparseCase(gap: number): Case {
  const depth = 1_000;
  const stream = generate(depth, 20_261_123 + gap, gap);
  return {
    name: `book-sparse-${gap}`,
    unit: 'diffs/s',
    peerName: 'ccxt orderBook',
    opsPerCall: EVENTS,
    goal: 10,
    note: `${depth} levels a side ${gap} ticks apart, ${EVENTS.toLocaleString('en-US')} diffs of 1–3 levels each call, the top ${TOP} of both sides read after every diff (and compared with ccxt's in the check)`,
    check: () => check(stream),
    ours: () => oursReplay(stream, undefined, true),
    peer: () => ccxtReplay(stream, undefined, true),
  };
}

/**
 * The same stream recorded into a bare hash table (book-table.ts) a side: every change kept, no
 * order, no best level, no reads. No book built on such a table can beat this row's ratio, so it
 * shows how much of the sparse goal that design family leaves.
 */
function tableReplay(s: Stream): QtyTable[] {
  const bids = new QtyTable();
  const asks = new QtyTable();
  const set = (table: QtyTable, steps: number, qty: string) => {
    if (!isZeroQty(qty)) table.put(steps, qty);
    else {
      const at = table.find(steps);
      if (at >= 0) table.removeAt(at);
    }
  };
  for (const [p, q] of s.snapBid) set(bids, p, q);
  for (const [p, q] of s.snapAsk) set(asks, p, q);
  const { offsets, bid, steps, qty } = s;
  for (let e = 0; e < EVENTS; e++)
    for (let i = offsets[e]!; i < offsets[e + 1]!; i++) set(bid[i] ? bids : asks, steps[i]!, qty[i]!);
  return [bids, asks];
}

/**
 * book-sparse-<gap> against its floor: our book with its reads beside the bare tables of the same
 * stream. ratio = the table's time ÷ ours; the goal is at least 0.75 of what the floor allows.
 */
function floorCase(gap: number): Case {
  const depth = 1_000;
  const stream = generate(depth, 20_261_123 + gap, gap);
  return {
    name: `book-sparse-floor-${gap}`,
    unit: 'diffs/s',
    peerName: 'floor: bare hash tables',
    opsPerCall: EVENTS,
    goal: 0.75,
    note: `book-sparse-${gap} (ordered, its top ${TOP} read after every diff) beside the same stream kept in a bare unordered hash table a side (no order, no reads): the most a book kept in such a table can reach`,
    check: () => {
      const [bids, asks] = tableReplay(stream);
      const book = oursReplay(stream);
      if (bids!.size !== book.bids.size || asks!.size !== book.asks.size)
        throw new Error(
          `the table holds ${bids!.size}/${asks!.size} levels, the book ${book.bids.size}/${book.asks.size}`,
        );
    },
    ours: () => oursReplay(stream, undefined, true),
    peer: () => tableReplay(stream),
  };
}

export const cases: Case[] = [
  bookCase(1_000),
  bookCase(5_000),
  sparseCase(100),
  sparseCase(1_000),
  floorCase(1_000),
];
