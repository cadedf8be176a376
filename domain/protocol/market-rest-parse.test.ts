import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  coinInfosAnswerSchema,
  coinTickersAnswerSchema,
  indicesAnswerSchema,
  stockInfoSchema,
  stockQuoteSchema,
} from './market';
import {
  parseCoinInfos,
  parseCoinTickers,
  parseIndicesAnswer,
  parseStockQuoteList,
  parseStockInfo,
  parseStockQuotePage,
} from './market-rest-parse';
import { pageOf } from './content';

const info = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  name: 'Bitcoin',
  priceScale: 2,
  qtyScale: 6,
  minQty: '0.000001',
};

const valid = [
  { list: [] },
  { list: [info] },
  {
    list: [
      { ...info, extra: 'dropped' },
      { ...info, symbol: 'ETHUSDT' },
    ],
  },
  // A coin sale's token carries its listing date (domain/rules/tradable).
  { list: [{ ...info, symbol: 'PERAUSDT', listingAt: 1_764_000_000_000 }] },
];
const invalid = [
  null,
  {},
  { list: {} },
  { list: [null] },
  { list: [{ ...info, minQty: 0.1 }] },
  { list: [{ ...info, priceScale: 1.5 }] },
  { list: [{ ...info, qtyScale: '6' }] },
  { list: [{ ...info, name: undefined }] },
  { list: [{ ...info, listingAt: '1764000000000' }] },
  { list: [{ ...info, listingAt: null }] },
  { list: [{ ...info, listingAt: 1.5 }] },
];

describe('parseCoinInfos agrees with coinInfosAnswerSchema', () => {
  it.each(valid)('accepts %j as the schema does', (answer) => {
    expect(parseCoinInfos(answer)).toEqual(coinInfosAnswerSchema.parse(answer).list);
  });
  it.each(invalid)('refuses %j as the schema does', (answer) => {
    expect(coinInfosAnswerSchema.safeParse(answer).success).toBe(false);
    expect(() => parseCoinInfos(answer)).toThrow(TypeError);
  });
});

const quote = {
  symbol: 'THYAO',
  name: 'Türk Hava Yolları',
  market: 'stock',
  country: 'TR',
  price: '313.50',
  prevClose: '310.00',
  open: '311.00',
  high: '315.25',
  low: '309.75',
  change: '3.50',
  changePct: '1.12',
  volume: '1250000',
  turnover: '391875000.00',
  ts: 1_790_000_000_000,
};
const status = {
  market: 'BIST',
  state: 'open',
  open: true,
  nextOpen: null,
  nextClose: 1_790_000_500_000,
  holiday: null,
  ts: 1_790_000_000_000,
};
const ticker = {
  symbol: 'BTCUSDT',
  price: '97000.12',
  open: '96000',
  high: '98000',
  low: '95000',
  change: '1000.12',
  changePct: '1.04',
  volume: '1234.5',
  quoteVolume: '119000000',
  mark: '97001',
  ts: 1_790_000_000_000,
};

const badQuotes = [
  null,
  [],
  { ...quote, market: 'coin' },
  { ...quote, price: 313.5 },
  { ...quote, turnover: null },
  { ...quote, ts: 1.5 },
  { ...quote, ts: '1' },
  { ...quote, name: undefined },
  { ...quote, country: 0 },
];
const badStatuses = [
  null,
  { ...status, market: 'NYSE' },
  { ...status, state: 'lunch' },
  { ...status, open: 'yes' },
  { ...status, nextOpen: 1.5 },
  { ...status, nextClose: undefined },
  { ...status, holiday: 1 },
  { ...status, holiday: undefined },
  { ...status, ts: null },
];

describe('parseIndicesAnswer agrees with indicesAnswerSchema', () => {
  const valid = [
    { list: [], status },
    { list: [quote, { ...quote, symbol: 'XU100', market: 'index', extra: 1 }], status, extra: true },
    {
      list: [quote],
      status: { ...status, state: 'holiday', open: false, holiday: 'republic_day', nextClose: null },
    },
    { list: [quote], status: { ...status, market: 'CRYPTO', state: 'always_open' } },
  ];
  it.each(valid)('accepts %j as the schema does', (answer) => {
    expect(parseIndicesAnswer(answer)).toEqual(indicesAnswerSchema.parse(answer));
  });
  const invalid = [
    null,
    {},
    { list: [quote] },
    { status },
    { list: {}, status },
    ...badQuotes.map((bad) => ({ list: [quote, bad], status })),
    ...badStatuses.map((bad) => ({ list: [quote], status: bad })),
  ];
  it.each(invalid)('refuses %j as the schema does', (answer) => {
    expect(indicesAnswerSchema.safeParse(answer).success).toBe(false);
    expect(() => parseIndicesAnswer(answer)).toThrow(TypeError);
  });
});

describe('parseStockQuoteList agrees with { list: [stockQuoteSchema] }', () => {
  const schema = z.object({ list: z.array(stockQuoteSchema) }).transform((answer) => answer.list);
  it.each([{ list: [] }, { list: [quote, { ...quote, symbol: 'ASELS', extra: [1] }] }])(
    'accepts %j as the schema does',
    (answer) => {
      expect(parseStockQuoteList(answer)).toEqual(schema.parse(answer));
    },
  );
  it.each([null, {}, { list: null }, ...badQuotes.map((bad) => ({ list: [bad] }))])(
    'refuses %j as the schema does',
    (answer) => {
      expect(schema.safeParse(answer).success).toBe(false);
      expect(() => parseStockQuoteList(answer)).toThrow(TypeError);
    },
  );
});

describe('parseStockQuotePage agrees with pageOf(stockQuoteSchema)', () => {
  const schema = pageOf(stockQuoteSchema);
  const page = { list: [quote], total: 41, page: 2, size: 30 };
  it.each([
    { ...page, list: [] },
    page,
    { ...page, list: [quote, { ...quote, symbol: 'ASELS', extra: [1] }], extra: 'x' },
  ])('accepts %j as the schema does', (answer) => {
    expect(parseStockQuotePage(answer)).toEqual(schema.parse(answer));
  });
  it.each([
    null,
    {},
    { ...page, list: null },
    { ...page, total: '41' },
    { ...page, page: 1.5 },
    { list: [quote], total: 1, page: 1 },
    ...badQuotes.map((bad) => ({ ...page, list: [bad] })),
  ])('refuses %j as the schema does', (answer) => {
    expect(schema.safeParse(answer).success).toBe(false);
    expect(() => parseStockQuotePage(answer)).toThrow(TypeError);
  });
});

describe('parseStockInfo agrees with stockInfoSchema', () => {
  const status = {
    market: 'BIST',
    state: 'open',
    open: true,
    nextOpen: null,
    nextClose: 1_763_996_400_000,
    holiday: null,
    ts: 1_763_970_000_000,
  };
  const facts = {
    group: 1,
    t1: true,
    lot: 1,
    priceScale: 2,
    upperLimit: '343.45',
    lowerLimit: '281.05',
    members: [],
    status,
  };
  const stock = { ...quote, ...facts };
  const index = {
    ...stock,
    market: 'index',
    group: null,
    upperLimit: null,
    lowerLimit: null,
    members: ['THYAO'],
  };
  it.each([
    stock,
    index,
    { ...stock, extra: 1, status: { ...status, extra: true } },
    // An IPO's stock carries its listing date (domain/rules/tradable).
    { ...stock, listingAt: 1_764_000_000_000 },
  ])('accepts %j as the schema does', (answer) => {
    expect(parseStockInfo(answer)).toEqual(stockInfoSchema.parse(answer));
  });
  it.each([
    null,
    quote,
    { ...stock, group: 4 },
    { ...stock, group: 1.5 },
    { ...stock, t1: 'yes' },
    { ...stock, lot: '1' },
    { ...stock, priceScale: null },
    { ...stock, upperLimit: 343.45 },
    { ...stock, members: [1] },
    { ...stock, members: 'THYAO' },
    { ...stock, status: { ...status, state: 'lunch' } },
    { ...stock, status: null },
    { ...stock, listingAt: null },
    { ...stock, listingAt: '1764000000000' },
    { ...stock, listingAt: 1.5 },
    ...badQuotes.map((bad) => ({ ...bad, ...facts })),
  ])('refuses %j as the schema does', (answer) => {
    expect(stockInfoSchema.safeParse(answer).success).toBe(false);
    expect(() => parseStockInfo(answer)).toThrow(TypeError);
  });
});

describe('parseCoinTickers agrees with coinTickersAnswerSchema', () => {
  it.each([{ list: [] }, { list: [ticker, { ...ticker, symbol: 'ETHUSDT', extra: 'x' }] }])(
    'accepts %j as the schema does',
    (answer) => {
      expect(parseCoinTickers(answer)).toEqual(coinTickersAnswerSchema.parse(answer).list);
    },
  );
  it.each([
    null,
    {},
    { list: 'x' },
    { list: [null] },
    { list: [{ ...ticker, mark: 1 }] },
    { list: [{ ...ticker, quoteVolume: undefined }] },
    { list: [{ ...ticker, ts: 2 ** 53 }] },
    { list: [{ ...ticker, symbol: null }] },
  ])('refuses %j as the schema does', (answer) => {
    expect(coinTickersAnswerSchema.safeParse(answer).success).toBe(false);
    expect(() => parseCoinTickers(answer)).toThrow(TypeError);
  });
});
