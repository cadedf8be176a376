import { describe, expect, it } from 'vitest';
import { toSteps } from '../../domain/market/ticks';
import type { Trade } from '../../domain/protocol/market';
import type { WireLevel } from '../../domain/protocol/ws';
import { pick, rng, seedFromEnv } from '../../tests/support/random';
import { RecordBytes } from './record-bytes';
import { decodeEvents, type Recorded } from './record-codec';
import { RECORD_DAYS_MS, RecordDays } from './record-days';
import { StepsWriter } from './record-steps';
import { RECORD_BOOK_MS, RecordWindow, type Heard } from './record-window';

const T = 1_764_000_000_000;
const SYMBOLS = ['THYAO', 'BTCUSDT', 'GARAN'];
const PRICES = ['99.90', '99.95', '100.00', '100.05', '100.10'];
const IDS = [
  'a,b|c',
  'şirket-7',
  '%x',
  '007',
  '',
  'X1234567890123456',
  'A-1999999999999999',
  'A-2000000000000000',
  'A-12',
];
/** The symbols whose events carry integer steps (as the simulator's do); the others only strings. */
const SCALES = new Map([
  ['THYAO', { price: 2, qty: 0 }],
  ['GARAN', { price: 2, qty: 0 }],
]);

/** `event` with the steps a source that works in steps hands over, for the symbols in SCALES. */
function withSteps(event: Heard): Heard {
  const scales = SCALES.get(event.symbol);
  if (!scales || event.type === 'mark') return event;
  const steps = ([p, q]: readonly [string, string]) =>
    [toSteps(p, scales.price), toSteps(q, scales.qty)] as const;
  if (event.type === 'book')
    return { ...event, scales, steps: { bids: event.bids.map(steps), asks: event.asks.map(steps) } };
  return { ...event, scales, steps: event.trades.flatMap((x) => steps([x.price, x.qty])) };
}

/** What a window that heard `events` writes. */
function written(events: readonly Heard[]) {
  const window = new RecordWindow();
  for (const event of events) window.add(event);
  return new StepsWriter().write(window);
}

/**
 * What a window must read back, by the plain rule: a symbol's events in the order heard, its book
 * diffs within one RECORD_BOOK_MS window merged at the first one's place (each price at its last
 * quantity, the last diff's time and seq).
 */
function expected(events: readonly Heard[], symbol: string): Recorded[] {
  const out: (
    | Recorded
    | { bids: Map<string, string>; asks: Map<string, string>; window: number; t: number; seq: number }
  )[] = [];
  let open: {
    bids: Map<string, string>;
    asks: Map<string, string>;
    window: number;
    t: number;
    seq: number;
  } | null = null;
  for (const e of events) {
    if (e.symbol !== symbol) continue;
    if (e.type === 'book') {
      const window = Math.floor(e.t / RECORD_BOOK_MS);
      if (!open || open.window !== window) {
        open = { bids: new Map(), asks: new Map(), window, t: e.t, seq: e.seq };
        out.push(open);
      }
      for (const [p, q] of e.bids) open.bids.set(p, q);
      for (const [p, q] of e.asks) open.asks.set(p, q);
      open.t = e.t;
      open.seq = e.seq;
    } else if (e.type === 'trades') {
      if (open && open.window !== Math.floor(e.trades.at(-1)!.t / RECORD_BOOK_MS)) open = null;
      out.push({ kind: 'trades', t: e.trades.at(-1)!.t, trades: e.trades });
    } else {
      if (open && open.window !== Math.floor(e.mark.t / RECORD_BOOK_MS)) open = null;
      out.push({ kind: 'mark', t: e.mark.t, mark: e.mark });
    }
  }
  return out.map((line) =>
    'kind' in line
      ? line
      : { kind: 'book', t: line.t, seq: line.seq, bids: [...line.bids], asks: [...line.asks] },
  );
}

function randomEvents(random: () => number, n: number): Heard[] {
  const events: Heard[] = [];
  const seqs = new Map<string, number>();
  const ids = new Map<string, number>();
  let t = T;
  for (let i = 0; i < n; i++) {
    t += pick(random, [0, 0, 40, 120, 480]);
    const symbol = pick(random, SYMBOLS);
    const kind = random();
    if (kind < 0.55) {
      const side = (): WireLevel[] =>
        Array.from({ length: Math.floor(random() * 3) }, () => [
          pick(random, PRICES),
          String(Math.floor(random() * 50)),
        ]);
      const seq = (seqs.get(symbol) ?? 0) + 1;
      seqs.set(symbol, seq);
      events.push({ type: 'book', symbol, seq, t, bids: side(), asks: side() });
    } else if (kind < 0.9) {
      const trades: Trade[] = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => {
        const n = (ids.get(symbol) ?? 0) + 1 + (random() < 0.1 ? 5 : 0);
        ids.set(symbol, n);
        // GARAN numbers its prints as the simulator does, past 15 digits (the id rule splits off 15).
        const number = symbol === 'GARAN' ? 1_795_424_400_000_000 + n : n;
        const id = random() < 0.1 ? pick(random, IDS) : `${symbol}-${number}`;
        return {
          id,
          t: t - (k === 0 && random() < 0.2 ? 30 : 0),
          price: pick(random, PRICES),
          qty: '3',
          side: random() < 0.5 ? 'buy' : 'sell',
        };
      });
      trades.at(-1)!.t = t;
      events.push({ type: 'trades', symbol, trades });
    } else {
      const funded = random() < 0.5;
      events.push({
        type: 'mark',
        symbol,
        mark: {
          symbol,
          t,
          mark: pick(random, PRICES),
          funding: funded ? '0.0100' : null,
          nextFunding: funded ? t + 3_600_000 : null,
        },
      });
    }
  }
  return events;
}

describe('a flush window written as the market speaks', () => {
  it('reads back every event in the order heard, book diffs merged per half second', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    for (let round = 0; round < 40; round++) {
      const events = randomEvents(random, 1 + Math.floor(random() * 120));
      const row = written(events.map(withSteps))!;
      const times = events.map((e) =>
        e.type === 'book' ? e.t : e.type === 'mark' ? e.mark.t : e.trades.at(-1)!.t,
      );
      expect([row.t0, row.t1], `SEED=${seed}`).toEqual([Math.min(...times), Math.max(...times)]);
      expect(new Set(row.symbols), `SEED=${seed}`).toEqual(new Set(events.map((e) => e.symbol)));
      for (const symbol of SYMBOLS)
        expect(decodeEvents(symbol, row.bytes.toString()), `SEED=${seed} ${symbol}`).toEqual(
          expected(events, symbol),
        );
    }
  });

  it('holds nothing before the first event, and a later event of an earlier time gets a negative offset', () => {
    expect(written([])).toBeNull();
    const row = written([
      { type: 'book', symbol: 'THYAO', seq: 3, t: T + 900, bids: [['99.90', '1']], asks: [] },
      {
        type: 'trades',
        symbol: 'THYAO',
        trades: [{ id: 'x', t: T, price: '99.90', qty: '1', side: 'sell' }],
      },
    ])!;
    expect(row).toMatchObject({ t0: T, t1: T + 900 });
    // No steps from the source: its decimals as they came.
    expect(row.bytes.toString()).toBe(`~4,${T + 900}\n@THYAO\nb0,3|=99.90:=1|\nt-E4|x,=99.90,-=1`);
  });

  it("writes steps in the section's ticks, each price as the difference from its run's before, ids on from the one before", () => {
    const trade = (id: string, price: string): Trade => ({ id, t: T, price, qty: '5', side: 'buy' });
    const row = written(
      [
        {
          type: 'book',
          symbol: 'THYAO',
          seq: 8,
          t: T,
          bids: [
            ['99.90', '1'],
            ['99.80', '0'],
          ],
          asks: [['100.10', '4']],
        },
        {
          type: 'trades',
          symbol: 'THYAO',
          trades: [trade('THYAO-9', '100.10'), trade('THYAO-10', '100.10')],
        },
        { type: 'trades', symbol: 'THYAO', trades: [trade('THYAO-11', '100.20')] },
      ].map((e) => withSteps(e as Heard)),
    )!;
    expect(row.bytes.toString()).toBe(
      `~4,${T}\n@THYAO\ns2,0,A\nb0,8|Fd:1;-1:0|Ff:4\nt0|THYAO-9,Ff,5|,0,5\nt0|,1,5`,
    );
  });

  it('merges a burst of more levels than it scans into one diff, each price at its last quantity', () => {
    const events: Heard[] = Array.from({ length: 80 }, (_, i) => ({
      type: 'book',
      symbol: i % 3 === 0 ? 'BTCUSDT' : 'THYAO',
      seq: i + 1,
      t: T + i,
      bids: [
        [PRICES[i % PRICES.length]!, String(i)],
        [`${90 + (i % 40)}.00`, String(i + 1)],
      ],
      asks: [],
    }));
    const row = written(events.map(withSteps))!;
    for (const symbol of ['THYAO', 'BTCUSDT'])
      expect(decodeEvents(symbol, row.bytes.toString())).toEqual(expected(events, symbol));
  });
});

describe('the bytes a record is written into', () => {
  it('writes integers of any sign and size, and text beyond ASCII as UTF-8', () => {
    const out = new RecordBytes();
    for (const n of [0, 7, -7, 10, 1_795_424_400_000, -Number.MAX_SAFE_INTEGER]) {
      out.int(n);
      out.char(44);
    }
    out.text('çığ€');
    out.text('ok');
    expect(out.toString()).toBe(`0,7,-7,10,1795424400000,-${Number.MAX_SAFE_INTEGER},çığ€ok`);
    expect(() => out.int(1.5)).toThrow(/not an integer/);
    // Base 64: 0-9 A-Z a-z . _, most significant first; 2^31 and 2^53 - 1 past the shifts' range.
    out.length = 0;
    for (const n of [0, 9, 10, 63, 64, -65, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      out.b64(n);
      out.char(44);
    }
    expect(out.toString()).toBe('0,9,A,_,10,-11,200000,V________,');
    expect(() => out.b64(2 ** 53)).toThrow(/not an integer/);
  });
});

describe("the days a recorder's rows fall on", () => {
  it('writes a new day or symbol with its row, the rest once a minute, every one when told', () => {
    const days = new RecordDays();
    days.note('2026-11-23', ['THYAO', 'BTCUSDT'], T);
    expect(days.take(T, false)).toEqual([
      { day: '2026-11-23', symbol: 'THYAO', from: T, to: T },
      { day: '2026-11-23', symbol: 'BTCUSDT', from: T, to: T },
    ]);
    days.note('2026-11-23', ['THYAO'], T + 30_000);
    expect(days.take(T + 30_000, false)).toBeNull();
    days.note('2026-11-23', ['BTCUSDT'], T + 45_000);
    expect(days.take(T + 45_000, true)).toEqual([
      { day: '2026-11-23', symbol: 'THYAO', from: T + 30_000, to: T + 30_000 },
      { day: '2026-11-23', symbol: 'BTCUSDT', from: T + 45_000, to: T + 45_000 },
    ]);
    days.note('2026-11-23', ['THYAO'], T + 60_000);
    expect(days.take(T + 60_000, false)).toBeNull();
    days.note('2026-11-23', ['THYAO'], T + 45_000 + RECORD_DAYS_MS);
    expect(days.take(T + 45_000 + RECORD_DAYS_MS, false)).toEqual([
      { day: '2026-11-23', symbol: 'THYAO', from: T + 60_000, to: T + 45_000 + RECORD_DAYS_MS },
    ]);
    // A new symbol goes at once; a failed write's spans go with the next row.
    days.note('2026-11-23', ['GARAN'], T + 200_000);
    const failed = days.take(T + 200_000, false)!;
    expect(failed.map((d) => d.symbol)).toEqual(['GARAN']);
    days.restore(failed);
    days.note('2026-11-23', ['THYAO'], T + 210_000);
    expect(days.take(T + 210_000, false)!.map((d) => [d.symbol, d.from, d.to])).toEqual([
      ['GARAN', T + 200_000, T + 200_000],
      ['THYAO', T + 210_000, T + 210_000],
    ]);
    // The next day's pairs are new.
    days.note('2026-11-24', ['THYAO'], T + 220_000);
    expect(days.take(T + 220_000, false)!.map((d) => d.day)).toEqual(['2026-11-24']);
    expect(days.take(T + 500_000, true)).toBeNull();
  });
});
