import { fromSteps } from '../../domain/market/ticks';
import type { WireLevel } from '../../domain/protocol/ws';
import { assertRecord, readTradeLine, type IdChain, type Recorded } from './record-text';

/**
 * The record's text from when prices and quantities were first kept as integer steps (rows written
 * then read as before; the recorder now writes record-steps.ts's `~4`). As `~2` (record-text.ts),
 * a first line `~3,<base>`, then a section a symbol, `@<symbol>` and its lines under it, where a
 * price or quantity is written as its integer steps at the symbol's scales, given by the
 * section's first line `s<price scale>,<qty scale>`, or as `=` and the source's own decimal. In a
 * book diff's side a price in steps after one in steps is the difference from it:
 *
 *   s<price scale>,<qty scale>
 *   t<off>|<id>,<price>,<qty>,<b|s>[,<off>]|…
 *   b<off>,<seq>|<price>:<qty>;<price less the one before>:<qty>;…|…
 *   m<off>,<mark>,<funding>,<next funding>
 *
 * Trade ids and offsets are `~2`'s.
 */
export const RECORD_STEPS = '~3';

/** A price or quantity of a `~3` line: `=` and the source's decimal, or integer steps at `scale`. */
function valueOf(token: string | undefined, scale: number | null, line: string): string {
  assertRecord(token !== undefined && token !== '', line);
  if (token.charCodeAt(0) === 61 /* = */) return token.slice(1);
  const steps = Number(token);
  assertRecord(scale !== null && Number.isSafeInteger(steps) && steps >= 0, line);
  return fromSteps(steps, scale);
}

/** A side of a book line: a price in steps after one in steps is the difference from it. */
function sideOf(text: string, scales: Scales, line: string): WireLevel[] {
  if (text === '') return [];
  let before: number | null = null;
  return text.split(';').map((level): WireLevel => {
    const [price, qty] = level.split(':');
    assertRecord(price !== undefined && qty !== undefined, line);
    let p: string;
    if (price.charCodeAt(0) === 61 /* = */) {
      p = price.slice(1);
      before = null;
    } else {
      const steps: number = before === null ? Number(price) : before + Number(price);
      assertRecord(scales.price !== null && Number.isSafeInteger(steps) && steps >= 0, line);
      p = fromSteps(steps, scales.price);
      before = steps;
    }
    return [p, valueOf(qty, scales.qty, line)];
  });
}

type Scales = { price: number | null; qty: number | null };

const tradesOf = (line: string, base: number, scales: Scales, chain: IdChain) =>
  readTradeLine(line, base, chain, (price, qty) => ({
    price: valueOf(price, scales.price, line),
    qty: valueOf(qty, scales.qty, line),
  }));

/** A symbol's lines of a row in the `~3` text (record-steps.ts), as events, oldest first. */
export function readStepLines(symbol: string, base: number, lines: readonly string[]): Recorded[] {
  const out: Recorded[] = [];
  const scales: Scales = { price: null, qty: null };
  let chain: IdChain = null;
  for (const line of lines) {
    const kind = line[0];
    if (kind === 's') {
      const [price, qty] = line.slice(1).split(',').map(Number);
      assertRecord(Number.isSafeInteger(price) && Number.isSafeInteger(qty), line);
      scales.price = price!;
      scales.qty = qty!;
    } else if (kind === 't') {
      const read = tradesOf(line, base, scales, chain);
      chain = read.chain;
      out.push(read.event);
    } else if (kind === 'b') {
      const [head, bids, asks] = line.split('|');
      const [off, seq] = head!.slice(1).split(',');
      assertRecord(bids !== undefined && asks !== undefined && seq !== undefined, line);
      out.push({
        kind: 'book',
        t: base + Number(off),
        seq: Number(seq),
        bids: sideOf(bids, scales, line),
        asks: sideOf(asks, scales, line),
      });
    } else {
      const [off, mark, funding, nextFunding] = line.slice(1).split(',');
      assertRecord(kind === 'm' && nextFunding !== undefined, line);
      const t = base + Number(off);
      out.push({
        kind: 'mark',
        t,
        mark: {
          symbol,
          t,
          mark: valueOf(mark, scales.price, line),
          funding: funding === '' ? null : funding!,
          nextFunding: nextFunding === '' ? null : Number(nextFunding),
        },
      });
    }
  }
  return out;
}
