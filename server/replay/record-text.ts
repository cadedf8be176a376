import type { Trade } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import type { SourceMark } from '../market/source';
import { RecordBytes } from './record-bytes';

/** A recorded event as a replay applies it: a market event of one symbol at its market time. */
export type Recorded =
  | { kind: 'mark'; t: number; mark: SourceMark }
  | { kind: 'trades'; t: number; trades: Trade[] }
  | { kind: 'book'; t: number; seq: number; bids: WireLevel[]; asks: WireLevel[] };

/**
 * The compact text a flush's events are kept in (market_records.events): one row a flush for
 * every symbol, written once as the flush takes what was heard and stored as it is. A first line
 * `~2,<base>`, then a section a symbol, `@<symbol>` on its own line and its events under it, a
 * line an event:
 *
 *   t<off>|<id>,<price>,<qty>,<b|s>[,<off>]|…   trades (a trade's own time only when not the event's)
 *   b<off>,<seq>|<price>:<qty>;…|<price>:<qty>;…  a book diff (bids, then asks)
 *   m<off>,<mark>,<funding>,<next funding>        a mark (an empty field: null)
 *
 * `off` is the event's time less `base`. A trade id is left empty when it is the one before it
 * plus one in the section (`SYM-41` after `SYM-40`, as sources number their prints); an id with a
 * separator in it is written `%` + its URI encoding, so no line starts with `@`. Prices and
 * quantities are the source's canonical decimals, kept as they came. A symbol's section is found
 * by its `\n@<symbol>\n` marker (the database cuts it out, server/replay/tape.ts).
 *
 * The recorder now writes `~3` (record-steps.ts: the same lines with prices and quantities as
 * integer steps); rows written before it are this text and are read here as they were. The
 * writers below are what wrote them (the tests write old rows with them).
 */
export const RECORD_TEXT = '~2';

/** What opens a symbol's section in a row (symbols are plain tickers: no newline, no `@`). */
export const sectionMark = (symbol: string): string => `\n@${symbol}\n`;

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;
const NUMBERED = /^(.*?)(\d{1,15})$/;

/** The last trade id written in a row, read as a prefix and a number when it ends in one. */
export type IdChain = { prefix: string; n: number } | null;

export function chainOf(id: string): IdChain {
  const m = NUMBERED.exec(id);
  return m ? { prefix: m[1]!, n: Number(m[2]) } : null;
}

export const next = (chain: IdChain): string | null =>
  chain === null ? null : `${chain.prefix}${chain.n + 1}`;

const B = 98; // b
const S = 115; // s
const COMMA = 44;
const BAR = 124;
const COLON = 58;
const SEMI = 59;

/** Writes a trade id in full: as it is, or `%` and its URI encoding when it has a separator in it. */
export function writeId(out: RecordBytes, id: string): void {
  out.text(PLAIN_ID.test(id) ? id : `%${encodeURIComponent(id)}`);
}

/** A trade id as written in full (writeId), read back. */
export const readId = (text: string): string =>
  text.startsWith('%') ? decodeURIComponent(text.slice(1)) : text;

/**
 * Writes a trades event's line; `chain` is the row's last id before it, the answer its last id
 * after. The recorder writes as it hears (record-window.ts); the strings below are the same bytes.
 */
export function writeTrades(
  out: RecordBytes,
  off: number,
  t: number,
  trades: readonly Trade[],
  chain: IdChain,
): IdChain {
  out.char(116); // t
  out.int(off);
  for (const x of trades) {
    out.char(BAR);
    if (x.id === next(chain)) chain = { prefix: chain!.prefix, n: chain!.n + 1 };
    else {
      writeId(out, x.id);
      chain = chainOf(x.id);
    }
    out.char(COMMA);
    out.text(x.price);
    out.char(COMMA);
    out.text(x.qty);
    out.char(COMMA);
    out.char(x.side === 'buy' ? B : S);
    if (x.t !== t) {
      out.char(COMMA);
      out.int(x.t - t + off);
    }
  }
  return chain;
}

/** Writes a book side's levels, `price:qty` each, `;` between. */
export function writeSide(out: RecordBytes, levels: Iterable<readonly [string, string]>): void {
  let first = true;
  for (const [price, qty] of levels) {
    if (!first) out.char(SEMI);
    first = false;
    out.text(price);
    out.char(COLON);
    out.text(qty);
  }
}

/** Writes a book diff's head, up to its sides: `b<off>,<seq>`. */
export function writeBookHead(out: RecordBytes, off: number, seq: number): void {
  out.char(B);
  out.int(off);
  out.char(COMMA);
  out.int(seq);
}

/** Writes a mark's line. */
export function writeMark(out: RecordBytes, off: number, m: SourceMark): void {
  out.char(109); // m
  out.int(off);
  out.char(COMMA);
  out.text(m.mark);
  out.char(COMMA);
  if (m.funding !== null) out.text(m.funding);
  out.char(COMMA);
  if (m.nextFunding !== null) out.int(m.nextFunding);
}

/** A trades event as its line (writeTrades, as a string). */
export function tradesLine(
  off: number,
  t: number,
  trades: readonly Trade[],
  chain: IdChain,
): { line: string; chain: IdChain } {
  const out = new RecordBytes();
  const after = writeTrades(out, off, t, trades, chain);
  return { line: out.toString(), chain: after };
}

/** A book diff as its line. */
export function bookLine(
  off: number,
  seq: number,
  bids: Iterable<readonly [string, string]>,
  asks: Iterable<readonly [string, string]>,
): string {
  const out = new RecordBytes();
  writeBookHead(out, off, seq);
  out.char(BAR);
  writeSide(out, bids);
  out.char(BAR);
  writeSide(out, asks);
  return out.toString();
}

/** A mark as its line. */
export function markLine(off: number, m: SourceMark): string {
  const out = new RecordBytes();
  writeMark(out, off, m);
  return out.toString();
}

export function assertRecord(ok: boolean, line: string): asserts ok {
  if (!ok) throw new Error(`record: a line this codec did not write: ${line.slice(0, 80)}`);
}

const levelsOf = (text: string): WireLevel[] =>
  text === '' ? [] : text.split(';').map((level) => level.split(':') as WireLevel);

/**
 * A trades line, its ids chained from the one before (the `~2` text and the `~3` steps text
 * alike); `amounts` reads a trade's price and quantity as its text writes them.
 */
export function readTradeLine(
  line: string,
  base: number,
  chain: IdChain,
  amounts: (price: string, qty: string) => Pick<Trade, 'price' | 'qty'>,
): { event: Recorded; chain: IdChain } {
  const [head, ...rest] = line.split('|');
  const t = base + Number(head!.slice(1));
  const trades = rest.map((part): Trade => {
    const [id, price, qty, s, own] = part.split(',');
    let full: string;
    if (id === '') {
      const expected = next(chain);
      assertRecord(expected !== null, line);
      full = expected;
      chain = { prefix: chain!.prefix, n: chain!.n + 1 };
    } else {
      full = readId(id!);
      chain = chainOf(full);
    }
    assertRecord(price !== undefined && qty !== undefined && (s === 'b' || s === 's'), line);
    return {
      id: full,
      t: own === undefined ? t : base + Number(own),
      ...amounts(price, qty),
      side: s === 'b' ? 'buy' : 'sell',
    };
  });
  return { event: { kind: 'trades', t, trades }, chain };
}

const readTrades = (line: string, base: number, chain: IdChain) =>
  readTradeLine(line, base, chain, (price, qty) => ({ price, qty }));

/** A row's text: its head's marker and base, and `symbol`'s lines (none: no section). */
export type Section = { marker: string; base: number; lines: string[] };

/** `symbol`'s section of a row's events text (this one or a later version's: the head says which). */
export function sectionIn(symbol: string, text: string): Section {
  const headEnd = text.indexOf('\n');
  const head = headEnd < 0 ? text : text.slice(0, headEnd);
  const [marker, baseText] = head.split(',');
  assertRecord(marker !== undefined && marker.startsWith('~') && baseText !== undefined, head);
  const mark = sectionMark(symbol);
  const at = headEnd < 0 ? -1 : text.indexOf(mark, headEnd);
  if (at < 0) return { marker, base: Number(baseText), lines: [] };
  const from = at + mark.length;
  const end = text.indexOf('\n@', from);
  const body = text.slice(from, end < 0 ? text.length : end);
  return { marker, base: Number(baseText), lines: body === '' ? [] : body.split('\n') };
}

/** A symbol's events in a row written in this text (its section; none: no events), oldest first. */
export function readRecordText(symbol: string, text: string): Recorded[] {
  const { marker, base, lines } = sectionIn(symbol, text);
  assertRecord(marker === RECORD_TEXT, marker);
  return readLines(symbol, base, lines);
}

function readLines(symbol: string, base: number, lines: string[]): Recorded[] {
  const out: Recorded[] = [];
  let chain: IdChain = null;
  for (const line of lines) {
    if (line[0] === 't') {
      const read = readTrades(line, base, chain);
      chain = read.chain;
      out.push(read.event);
    } else if (line[0] === 'b') {
      const [head, bids, asks] = line.split('|');
      const [off, seq] = head!.slice(1).split(',');
      assertRecord(bids !== undefined && asks !== undefined && seq !== undefined, line);
      out.push({
        kind: 'book',
        t: base + Number(off),
        seq: Number(seq),
        bids: levelsOf(bids),
        asks: levelsOf(asks),
      });
    } else {
      const [off, mark, funding, nextFunding] = line.slice(1).split(',');
      assertRecord(line[0] === 'm' && mark !== undefined && nextFunding !== undefined, line);
      const t = base + Number(off);
      out.push({
        kind: 'mark',
        t,
        mark: {
          symbol,
          t,
          mark,
          funding: funding === '' ? null : funding!,
          nextFunding: nextFunding === '' ? null : Number(nextFunding),
        },
      });
    }
  }
  return out;
}
