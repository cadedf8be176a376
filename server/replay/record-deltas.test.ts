import { describe, expect, it } from 'vitest';
import { decodeEvents } from './record-codec';
import { StepsWriter } from './record-steps';
import { RecordWindow, type Heard } from './record-window';

const T = 1_764_000_000_000;
const NEXT = T + 3_600_000;
const STOCK = { price: 2, qty: 0 };
const COIN = { price: 2, qty: 5 };

const written = (events: readonly Heard[]) => {
  const window = new RecordWindow();
  for (const event of events) window.add(event);
  return new StepsWriter().write(window)!.bytes.toString();
};

const mark = (t: number, price: string, steps: number | null, funding: string | null): Heard => ({
  type: 'mark',
  symbol: 'BTCUSDT',
  mark: { symbol: 'BTCUSDT', t, mark: price, funding, nextFunding: funding === null ? null : NEXT },
  ...(steps === null ? {} : { steps, scales: COIN }),
});

describe('the record text written as differences (~4)', () => {
  it("writes a book side's prices in ticks, each the difference from the side's price before, across lines", () => {
    const events: Heard[] = [
      {
        type: 'book',
        symbol: 'THYAO',
        seq: 10,
        t: T,
        bids: [
          ['100.00', '5'],
          ['99.75', '3'],
        ],
        asks: [['100.25', '7']],
        steps: {
          bids: [
            [10000, 5],
            [9975, 3],
          ],
          asks: [[10025, 7]],
        },
        scales: STOCK,
      },
      {
        type: 'book',
        symbol: 'THYAO',
        seq: 12,
        t: T + 600,
        bids: [['100.00', '0']],
        asks: [
          ['100.50', '2'],
          ['100.25', '0'],
        ],
        steps: {
          bids: [[10000, 0]],
          asks: [
            [10050, 2],
            [10025, 0],
          ],
        },
        scales: STOCK,
      },
      {
        type: 'trades',
        symbol: 'THYAO',
        trades: [
          { id: 'THYAO-5', t: T + 550, price: '100.25', qty: '4', side: 'sell' },
          { id: 'THYAO-6', t: T + 600, price: '100.00', qty: '1', side: 'buy' },
        ],
        steps: [10025, 4, 10000, 1],
        scales: STOCK,
      },
    ];
    // Every price is a multiple of 25 steps (0.25 TL): 10000 is 400 ticks, 6G in base 64 (6 × 64
    // + 16), 10 is A, 600 ms 9O, -50 ms -o. The trades came while the second diff's half second was
    // open: written after it.
    const text = written(events);
    expect(text).toBe(
      [
        `~4,${T}`,
        '@THYAO',
        's2,0,P',
        'b0,A|6G:5;-1:3|6H:7',
        'b9O,2|1:0|1:2;-1:0',
        't0|THYAO-5,6H,-4,-o|,-1,1',
      ].join('\n'),
    );
    expect(decodeEvents('THYAO', text)).toEqual([
      {
        kind: 'book',
        t: T,
        seq: 10,
        bids: [
          ['100.00', '5'],
          ['99.75', '3'],
        ],
        asks: [['100.25', '7']],
      },
      {
        kind: 'book',
        t: T + 600,
        seq: 12,
        bids: [['100.00', '0']],
        asks: [
          ['100.50', '2'],
          ['100.25', '0'],
        ],
      },
      {
        kind: 'trades',
        t: T + 600,
        trades: [
          { id: 'THYAO-5', t: T + 550, price: '100.25', qty: '4', side: 'sell' },
          { id: 'THYAO-6', t: T + 600, price: '100.00', qty: '1', side: 'buy' },
        ],
      },
    ]);
  });

  it('writes a mark in steps from the mark before, its funding only when it changed, a decimal one as it came', () => {
    const text = written([
      mark(T, '96244.71', 9_624_471, '0.0100'),
      mark(T + 1_000, '96245.00', 9_624_500, '0.0100'),
      mark(T + 2_000, '96244.00', 9_624_400, '0.0200'),
      mark(T + 3_000, '96244.50', null, null),
      mark(T + 4_000, '96244.50', 9_624_450, null),
    ]);
    expect(text).toBe(
      [
        `~4,${T}`,
        '@BTCUSDT',
        's2,5',
        'm0,ajkN,0.0100,PgspjQ0',
        'mFe,T',
        'mFe,-1a,0.0200,PgspjQ0',
        'mFe,=96244.50,,',
        'mFe,ajk2',
      ].join('\n'),
    );
    const marks = decodeEvents('BTCUSDT', text).map((e) => (e.kind === 'mark' ? e.mark : null));
    expect(marks).toEqual([
      { symbol: 'BTCUSDT', t: T, mark: '96244.71', funding: '0.0100', nextFunding: NEXT },
      { symbol: 'BTCUSDT', t: T + 1_000, mark: '96245.00', funding: '0.0100', nextFunding: NEXT },
      { symbol: 'BTCUSDT', t: T + 2_000, mark: '96244.00', funding: '0.0200', nextFunding: NEXT },
      { symbol: 'BTCUSDT', t: T + 3_000, mark: '96244.50', funding: null, nextFunding: null },
      { symbol: 'BTCUSDT', t: T + 4_000, mark: '96244.50', funding: null, nextFunding: null },
    ]);
  });

  it('refuses a line it did not write', () => {
    expect(() => decodeEvents('X', `~4,${T}\n@X\ns2,0\nb0,1|5:1|`)).not.toThrow();
    expect(() => decodeEvents('X', `~4,${T}\n@X\nb0,1|5:1|`)).toThrow(/did not write/);
    expect(() => decodeEvents('X', `~4,${T}\n@X\ns2,0\nt0|,1,1`)).toThrow(/did not write/);
    expect(() => decodeEvents('X', `~4,${T}\n@X\ns2,0\nm0,-5`)).toThrow(/did not write/);
    expect(() => decodeEvents('X', `~4,${T}\n@X\nx0`)).toThrow(/did not write/);
    expect(() => decodeEvents('X', `~4,${T}\n@X\ns2,0\nb0,1|5!:1|`)).toThrow(/did not write/);
  });
});

describe('rows written in the steps text before it (~3)', () => {
  it('read as they were written', () => {
    expect(
      decodeEvents(
        'THYAO',
        `~3,${T}\n@THYAO\ns2,0\nb0,8|9990:1;-10:0|10010:4\nt0|THYAO-9,10010,5,b|,10010,5,b\nt0|,10020,5,b`,
      ),
    ).toEqual([
      {
        kind: 'book',
        t: T,
        seq: 8,
        bids: [
          ['99.90', '1'],
          ['99.80', '0'],
        ],
        asks: [['100.10', '4']],
      },
      {
        kind: 'trades',
        t: T,
        trades: [
          { id: 'THYAO-9', t: T, price: '100.10', qty: '5', side: 'buy' },
          { id: 'THYAO-10', t: T, price: '100.10', qty: '5', side: 'buy' },
        ],
      },
      { kind: 'trades', t: T, trades: [{ id: 'THYAO-11', t: T, price: '100.20', qty: '5', side: 'buy' }] },
    ]);
    expect(
      decodeEvents(
        'BTCUSDT',
        `~3,${T}\n@BTCUSDT\nb900,3|=99.90:=1|\nt0|x,=99.90,=1,s\nm1000,=96244.71,0.0100,${NEXT}`,
      ),
    ).toEqual([
      { kind: 'book', t: T + 900, seq: 3, bids: [['99.90', '1']], asks: [] },
      { kind: 'trades', t: T, trades: [{ id: 'x', t: T, price: '99.90', qty: '1', side: 'sell' }] },
      {
        kind: 'mark',
        t: T + 1_000,
        mark: { symbol: 'BTCUSDT', t: T + 1_000, mark: '96244.71', funding: '0.0100', nextFunding: NEXT },
      },
    ]);
  });
});
