import Decimal from 'decimal.js';
import { decodeFrame } from '../../../domain/protocol/stream-codec';
import type { WireLevel, WireTrade } from '../../../domain/protocol/ws';

/** Levels a side and trades the replay screen shows. */
export const VIEW_LEVELS = 8;
export const VIEW_TRADES = 12;

/** One replayed symbol as its frames left it: the book, the latest trades, the last price and the day's previous close. */
export type SymbolView = {
  bids: ReadonlyMap<string, string>;
  asks: ReadonlyMap<string, string>;
  trades: readonly WireTrade[];
  last: string | null;
  prev: string | null;
};

export type FrameView = Readonly<Record<string, SymbolView>>;

const empty: SymbolView = { bids: new Map(), asks: new Map(), trades: [], last: null, prev: null };

function levels(side: ReadonlyMap<string, string>, changes: readonly WireLevel[], snap: boolean) {
  const next = new Map(snap ? [] : side);
  for (const [price, qty] of changes) {
    if (new Decimal(qty).isZero()) next.delete(price);
    else next.set(price, qty);
  }
  return next;
}

/**
 * The replay's frames (the live socket's codec: a snapshot, then updates) applied to what the
 * screen shows. A frame that does not decode is left out: the next snapshot (a jump, a start)
 * brings the view back whole.
 */
export function applyFrames(view: FrameView, frames: readonly string[]): FrameView {
  if (frames.length === 0) return view;
  const next: Record<string, SymbolView> = { ...view };
  for (const text of frames) {
    const m = decodeFrame(text);
    if (!m || m.op !== 'data') continue;
    const s = next[m.s] ?? empty;
    if (m.ch === 'book')
      next[m.s] = { ...s, bids: levels(s.bids, m.bids, m.snap), asks: levels(s.asks, m.asks, m.snap) };
    else if (m.ch === 'trades')
      next[m.s] = { ...s, trades: [...(m.snap ? [] : s.trades), ...m.trades].slice(-VIEW_TRADES) };
    else if (m.ch === 'ticker') next[m.s] = { ...s, last: m.last, prev: m.prev };
  }
  return next;
}

/** A side's best levels, best first. */
export function bestLevels(side: ReadonlyMap<string, string>, bids: boolean): WireLevel[] {
  const list = [...side].sort((a, b) => new Decimal(a[0]).comparedTo(b[0]));
  if (bids) list.reverse();
  return list.slice(0, VIEW_LEVELS);
}
