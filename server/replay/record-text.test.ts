import { describe, expect, it } from 'vitest';
import { decodeEvents, parseSnapshot, sideInSteps } from './record-codec';
import { bookLine, markLine, RECORD_TEXT, sectionMark, tradesLine, type IdChain } from './record-text';

const T = 1_764_000_000_000;

describe('the compact record text', () => {
  it('writes an id only when it is not the one before it plus one, and reads every id back', () => {
    let chain: IdChain = null;
    const first = tradesLine(
      0,
      T,
      [
        { id: 'THYAO-9', t: T, price: '318.50', qty: '10', side: 'buy' },
        { id: 'THYAO-10', t: T, price: '318.75', qty: '5', side: 'buy' },
      ],
      chain,
    );
    chain = first.chain;
    // A gap, a name with separators in it, an empty one, then a number again; one print a tick late.
    const second = tradesLine(
      100,
      T + 100,
      [
        { id: 'THYAO-12', t: T + 100, price: '318.50', qty: '1', side: 'sell' },
        { id: 'a,b|c;d:e\nf', t: T + 100, price: '318.50', qty: '2', side: 'sell' },
        { id: '', t: T + 100, price: '318.25', qty: '3', side: 'sell' },
        { id: '007', t: T + 200, price: '318.25', qty: '4', side: 'buy' },
        { id: '008', t: T + 200, price: '318.25', qty: '4', side: 'buy' },
      ],
      chain,
    );
    expect(first.line).toBe('t0|THYAO-9,318.50,10,b|,318.75,5,b');
    expect(second.line).toBe(
      't100|THYAO-12,318.50,1,s|%a%2Cb%7Cc%3Bd%3Ae%0Af,318.50,2,s|%,318.25,3,s|007,318.25,4,b,200|008,318.25,4,b,200',
    );
    const text = `${RECORD_TEXT},${T}${sectionMark('THYAO')}${[first.line, second.line].join('\n')}`;
    expect(decodeEvents('THYAO', text)).toEqual([
      {
        kind: 'trades',
        t: T,
        trades: [
          { id: 'THYAO-9', t: T, price: '318.50', qty: '10', side: 'buy' },
          { id: 'THYAO-10', t: T, price: '318.75', qty: '5', side: 'buy' },
        ],
      },
      {
        kind: 'trades',
        t: T + 100,
        trades: [
          { id: 'THYAO-12', t: T + 100, price: '318.50', qty: '1', side: 'sell' },
          { id: 'a,b|c;d:e\nf', t: T + 100, price: '318.50', qty: '2', side: 'sell' },
          { id: '', t: T + 100, price: '318.25', qty: '3', side: 'sell' },
          { id: '007', t: T + 200, price: '318.25', qty: '4', side: 'buy' },
          { id: '008', t: T + 200, price: '318.25', qty: '4', side: 'buy' },
        ],
      },
    ]);
  });

  it('reads book diffs (a side may be empty) and marks (null fields) as they were heard', () => {
    const lines = [
      bookLine(
        0,
        41,
        [
          ['99.90', '0'],
          ['99.80', '5'],
        ],
        [],
      ),
      bookLine(-20, 42, [], [['100.10', '7']]),
      markLine(1_000, {
        symbol: 'BTCUSDT',
        t: T + 1_000,
        mark: '96250.12',
        funding: null,
        nextFunding: null,
      }),
      markLine(2_000, {
        symbol: 'BTCUSDT',
        t: T + 2_000,
        mark: '96250.5',
        funding: '0.0100',
        nextFunding: T + 8 * 3_600_000,
      }),
    ];
    const text = `${RECORD_TEXT},${T}${sectionMark('BTCUSDT')}${lines.join('\n')}`;
    expect(lines).toEqual([
      'b0,41|99.90:0;99.80:5|',
      'b-20,42||100.10:7',
      'm1000,96250.12,,',
      `m2000,96250.5,0.0100,${T + 8 * 3_600_000}`,
    ]);
    expect(decodeEvents('BTCUSDT', text)).toEqual([
      {
        kind: 'book',
        t: T,
        seq: 41,
        bids: [
          ['99.90', '0'],
          ['99.80', '5'],
        ],
        asks: [],
      },
      { kind: 'book', t: T - 20, seq: 42, bids: [], asks: [['100.10', '7']] },
      {
        kind: 'mark',
        t: T + 1_000,
        mark: { symbol: 'BTCUSDT', t: T + 1_000, mark: '96250.12', funding: null, nextFunding: null },
      },
      {
        kind: 'mark',
        t: T + 2_000,
        mark: {
          symbol: 'BTCUSDT',
          t: T + 2_000,
          mark: '96250.5',
          funding: '0.0100',
          nextFunding: T + 8 * 3_600_000,
        },
      },
    ]);
  });

  it("reads a symbol's own section of a row, none for a symbol not in it, and refuses a line it did not write", () => {
    const row = [
      `${RECORD_TEXT},${T}`,
      '@THYAO',
      't0|THYAO-1,318.50,10,b',
      '@BTCUSDT',
      'b20,7|96240.00:0.5|',
      '@GARAN',
      't30|G-1,120.10,5,s',
    ].join('\n');
    expect(decodeEvents('BTCUSDT', row)).toEqual([
      { kind: 'book', t: T + 20, seq: 7, bids: [['96240.00', '0.5']], asks: [] },
    ]);
    expect(decodeEvents('GARAN', row)).toEqual([
      {
        kind: 'trades',
        t: T + 30,
        trades: [{ id: 'G-1', t: T + 30, price: '120.10', qty: '5', side: 'sell' }],
      },
    ]);
    // A symbol whose name another one starts with is not found in it.
    expect(decodeEvents('THY', row)).toEqual([]);
    expect(decodeEvents('BTCUSDT', `${RECORD_TEXT},${T}`)).toEqual([]);
    expect(() => decodeEvents('BTCUSDT', `~1,${T}\n@BTCUSDT\nb0,1||`)).toThrow(/did not write/);
    expect(() => decodeEvents('BTCUSDT', `${RECORD_TEXT},${T}\n@BTCUSDT\nx0,1`)).toThrow(/did not write/);
    // An empty id with no id before it in the section names nothing.
    expect(() => decodeEvents('BTCUSDT', `${RECORD_TEXT},${T}\n@BTCUSDT\nt0|,1,1,b`)).toThrow(
      /did not write/,
    );
  });
});

describe("a symbol's snapshot", () => {
  it('keeps a book in steps, a price after the first as the difference, and reads it back as decimals', () => {
    expect(sideInSteps([9990, 1500, 9980, 250, 9950, 7])).toEqual([9990, 1500, -10, 250, -30, 7]);
    const ticker = null;
    const stored = {
      book: { seq: 4, t: T, steps: [2, 3], bids: [9990, 1500, -10, 250], asks: [10010, 5] },
      ticker,
      mark: null,
      bar: null,
    };
    expect(parseSnapshot(JSON.stringify(stored))).toEqual({
      book: {
        seq: 4,
        t: T,
        bids: [
          ['99.90', '1.500'],
          ['99.80', '0.250'],
        ],
        asks: [['100.10', '0.005']],
      },
      ticker,
      mark: null,
      bar: null,
    });
    // Written before books were kept in steps: read as it is.
    const old = {
      book: { seq: 4, t: T, bids: [['99.90', '1.500']], asks: [] },
      ticker,
      mark: null,
      bar: null,
    };
    expect(parseSnapshot(JSON.stringify(old))).toEqual(old);
  });
});
