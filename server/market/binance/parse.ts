/**
 * Binance spot messages, checked by hand field by field (they arrive many times a second; no
 * schema library per message). Every parser returns null for anything off-shape, so the caller
 * can count and drop it: a bad message never throws out of the adapter. Numbers stay the
 * strings Binance sent; ./scale.ts puts them on the instrument's grid.
 */
export type RawLevel = [price: string, qty: string];

export type DepthDiff = {
  symbol: string;
  first: number;
  last: number;
  t: number;
  bids: RawLevel[];
  asks: RawLevel[];
};
export type DepthSnapshot = { lastUpdateId: number; bids: RawLevel[]; asks: RawLevel[] };
export type RawTrade = {
  symbol: string;
  id: number;
  t: number;
  price: string;
  qty: string;
  buyerIsMaker: boolean;
};
export type RawTicker = {
  symbol: string;
  t: number;
  last: string;
  open: string;
  high: string;
  low: string;
  volume: string;
  quoteVolume: string;
};
export type RawBar = { t: number; o: string; h: string; l: string; c: string; v: string };
export type RawKline = { symbol: string; interval: string; bar: RawBar };
export type SymbolFacts = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  stepSize: string;
  minQty: string;
};

export type StreamEvent =
  | { kind: 'depth'; diff: DepthDiff }
  | { kind: 'trade'; trade: RawTrade }
  | { kind: 'ticker'; ticker: RawTicker }
  | { kind: 'kline'; kline: RawKline };

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An unsigned decimal as Binance prints it ("95123.45000000", "0", "12"). */
export function isDecimal(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 40) return false;
  let digits = 0;
  let dot = false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 46 /* . */) {
      if (dot || digits === 0 || i === value.length - 1) return false;
      dot = true;
    } else if (code >= 48 && code <= 57) digits++;
    else return false;
  }
  return digits > 0;
}

function int(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function levels(value: unknown): RawLevel[] | null {
  if (!Array.isArray(value)) return null;
  const out: RawLevel[] = [];
  for (const level of value) {
    if (!Array.isArray(level) || level.length < 2) return null;
    const [price, qty] = level as unknown[];
    if (!isDecimal(price) || !isDecimal(qty)) return null;
    out.push([price, qty]);
  }
  return out;
}

function depth(d: Obj): StreamEvent | null {
  const bids = levels(d.b);
  const asks = levels(d.a);
  if (typeof d.s !== 'string' || !int(d.U) || !int(d.u) || !int(d.E) || !bids || !asks) return null;
  if (d.U > d.u) return null;
  return { kind: 'depth', diff: { symbol: d.s, first: d.U, last: d.u, t: d.E, bids, asks } };
}

function trade(d: Obj): StreamEvent | null {
  if (typeof d.s !== 'string' || !int(d.t) || !int(d.T) || typeof d.m !== 'boolean') return null;
  if (!isDecimal(d.p) || !isDecimal(d.q)) return null;
  return {
    kind: 'trade',
    trade: { symbol: d.s, id: d.t, t: d.T, price: d.p, qty: d.q, buyerIsMaker: d.m },
  };
}

function ticker(d: Obj): StreamEvent | null {
  if (typeof d.s !== 'string' || !int(d.E)) return null;
  const { c, o, h, l, v, q } = d;
  if (!isDecimal(c) || !isDecimal(o) || !isDecimal(h) || !isDecimal(l) || !isDecimal(v) || !isDecimal(q))
    return null;
  return {
    kind: 'ticker',
    ticker: { symbol: d.s, t: d.E, last: c, open: o, high: h, low: l, volume: v, quoteVolume: q },
  };
}

function kline(d: Obj): StreamEvent | null {
  const k = d.k;
  if (typeof d.s !== 'string' || !isObj(k) || typeof k.i !== 'string' || !int(k.t)) return null;
  const { o, h, l, c, v } = k;
  if (!isDecimal(o) || !isDecimal(h) || !isDecimal(l) || !isDecimal(c) || !isDecimal(v)) return null;
  return { kind: 'kline', kline: { symbol: d.s, interval: k.i, bar: { t: k.t, o, h, l, c, v } } };
}

/** One combined-stream frame: `{"stream":"btcusdt@trade","data":{…}}`. */
export function parseStreamFrame(text: string): StreamEvent | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(frame) || typeof frame.stream !== 'string' || !isObj(frame.data)) return null;
  const data = frame.data;
  switch (data.e) {
    case 'depthUpdate':
      return depth(data);
    case 'trade':
      return trade(data);
    case '24hrTicker':
      return ticker(data);
    case 'kline':
      return kline(data);
    default:
      return null;
  }
}

/** GET /api/v3/depth. */
export function parseDepthSnapshot(json: unknown): DepthSnapshot | null {
  if (!isObj(json) || !int(json.lastUpdateId)) return null;
  const bids = levels(json.bids);
  const asks = levels(json.asks);
  return bids && asks ? { lastUpdateId: json.lastUpdateId, bids, asks } : null;
}

/** GET /api/v3/klines: rows of [openTime, open, high, low, close, volume, closeTime, …]. */
export function parseKlines(json: unknown): RawBar[] | null {
  if (!Array.isArray(json)) return null;
  const bars: RawBar[] = [];
  for (const row of json) {
    if (!Array.isArray(row) || row.length < 6) return null;
    const [t, o, h, l, c, v] = row as unknown[];
    if (!int(t) || !isDecimal(o) || !isDecimal(h) || !isDecimal(l) || !isDecimal(c) || !isDecimal(v))
      return null;
    bars.push({ t, o, h, l, c, v });
  }
  return bars;
}

function filter(filters: unknown[], type: string): Obj | undefined {
  return filters.find((f): f is Obj => isObj(f) && f.filterType === type);
}

/** GET /api/v3/exchangeInfo: the facts of each listed symbol that has the filters we need. */
export function parseExchangeInfo(json: unknown): SymbolFacts[] | null {
  if (!isObj(json) || !Array.isArray(json.symbols)) return null;
  const out: SymbolFacts[] = [];
  for (const s of json.symbols) {
    if (!isObj(s) || typeof s.symbol !== 'string' || !Array.isArray(s.filters)) continue;
    if (typeof s.baseAsset !== 'string' || typeof s.quoteAsset !== 'string') continue;
    const price = filter(s.filters, 'PRICE_FILTER');
    const lot = filter(s.filters, 'LOT_SIZE');
    if (!price || !lot || !isDecimal(price.tickSize) || !isDecimal(lot.stepSize) || !isDecimal(lot.minQty))
      continue;
    out.push({
      symbol: s.symbol,
      base: s.baseAsset,
      quote: s.quoteAsset,
      tickSize: price.tickSize,
      stepSize: lot.stepSize,
      minQty: lot.minQty,
    });
  }
  return out;
}
