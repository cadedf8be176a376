import { fromSteps } from '../../domain/market/ticks';
import type {
  CandlesPatch,
  ChartBar,
  FeedStatus,
  IndicatorLines,
  LevelChanges,
  MarketPatch,
  TickerView,
  TradeView,
} from '../../domain/market-data/contract';
import { encodeStream } from '../../domain/protocol/stream-codec';
import type { StreamMessage, WireCandle, WireLevel, WireTrade } from '../../domain/protocol/ws';
import { rng } from './random';
import { coinInfosFetch, ScriptedSocket } from './scripted-socket';

/**
 * A scripted market server for virtual-time tests of the market-data worker: it keeps a book,
 * ticker, trades and 1m candles per symbol, publishes them with correct per-stream seq like the
 * real hub (snapshot on sub, then seq + 1), heartbeats every second, and serves /coin/infos.
 * Each connection class it hands out may carry a fault layer: drop, duplicate, reorder/delay,
 * corrupt (bad JSON, wrong types) and disconnects — only before `faultsUntil`.
 * Time comes from the (faked) global timers, the same ones the worker under test uses.
 */
export type SimSymbol = { symbol: string; scale: number; mid: number };
export type Faults = {
  drop: number;
  duplicate: number;
  delay: number;
  corrupt: number;
  /** Chance per step (50 ms) that the connection is dropped. */
  disconnect: number;
  faultsUntil: number;
};

const STEP_MS = 50;
const LEVELS = 30;
const MAX_DELAY_MS = 150;
const BAR_MS = 60_000;
const BAR_STEPS = 20;

type Stream = { seq: number };
type SymbolState = {
  spec: SimSymbol;
  mid: number;
  bids: Map<number, string>;
  asks: Map<number, string>;
  ticker: { last: number; open: number; high: number; low: number; prev: number; vol: number };
  trades: WireTrade[];
  bars: WireCandle[];
  streams: Record<'ticker' | 'book' | 'trades' | 'candles:1m', Stream>;
};

export class FeedSim {
  private readonly random: () => number;
  private readonly symbols = new Map<string, SymbolState>();
  private readonly connections = new Set<SimSocket>();
  private steps = 0;
  private nextTradeId = 1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private beat: ReturnType<typeof setTimeout> | undefined;
  /** Client frames as received, in order (`{"op":"sub",…}`). */
  readonly received: string[] = [];
  /** A silent server keeps connections open but sends nothing (no data, no heartbeat). */
  silent = false;
  /** Every server → client frame arrives this much later (a slow line: heartbeats still pass). */
  lagMs = 0;
  /** How far the server's clock (its `hb.t`, `pong.ts`) is ahead of the client's. */
  skewMs = 0;
  private clock(): number {
    return Date.now() + this.skewMs;
  }
  /** While true the server refuses new connections (a proxy that blocks WebSockets, a restart). */
  down = false;
  /** Answer every `sub` with this error (no `ch`, as MALFORMED_REQUEST comes) instead of a stream. */
  refuseSubs: string | null = null;
  /** Share of stream frames (`op:"data"`) lost on the way; heartbeats and answers still pass. */
  dataLoss = 0;
  /** Channels whose stream frames are all lost (a starved stream beside a live socket). */
  readonly starve = new Set<string>();
  /** Channels that have nothing new (a quiet market): no updates, but a `sub` still gets its snapshot. */
  readonly hush = new Set<string>();
  private readonly lossRandom = rng(0x51a7e);
  /** Virtual time of the last fault injected (drop, corruption, disconnect…). */
  lastFault = 0;
  faultCount = 0;

  private recorder: ((text: string) => void) | null = null;

  /** `timers: false` makes a still server, for `record` (benchmarks). */
  constructor(seed: number, specs: readonly SimSymbol[], { timers = true } = {}) {
    this.random = rng(seed);
    const start = Date.now();
    for (const spec of specs) this.symbols.set(spec.symbol, this.initial(spec, start));
    if (!timers) return;
    const tick = () => {
      this.step();
      this.timer = setTimeout(tick, STEP_MS);
    };
    const heartbeat = () => {
      for (const socket of this.connections) socket.push(JSON.stringify({ op: 'hb', t: this.clock() }));
      this.beat = setTimeout(heartbeat, 1_000);
    };
    this.timer = setTimeout(tick, STEP_MS);
    this.beat = setTimeout(heartbeat, 1_000);
  }

  /**
   * A recorded session as one subscriber saw it: every stream's snapshot, then `steps` steps of
   * tickers, trades, book diffs and candles, with a heartbeat each simulated second.
   */
  record(steps: number): string[] {
    const frames: string[] = [];
    for (const state of this.symbols.values())
      for (const ch of Object.keys(state.streams)) frames.push(this.snapshot(state, ch));
    this.recorder = (text) => frames.push(text);
    for (let i = 1; i <= steps; i++) {
      this.step();
      if (i % (1_000 / STEP_MS) === 0) frames.push(JSON.stringify({ op: 'hb', t: this.clock() }));
    }
    this.recorder = null;
    return frames;
  }

  /** The server drops every connection (clients reconnect). */
  disconnectAll(): void {
    for (const socket of [...this.connections]) socket.serverClose();
  }

  stop(): void {
    clearTimeout(this.timer);
    clearTimeout(this.beat);
    for (const socket of [...this.connections]) socket.serverClose();
  }

  /** A WebSocket class whose connections go through `faults` (none: a clean line). */
  socketClass(faults: Faults | null, seed = 1): typeof WebSocket {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sim = this;
    const random = rng(seed);
    class Bound extends SimSocket {
      constructor(url: string) {
        super(url, sim, faults, random);
      }
    }
    return Bound as unknown as typeof WebSocket;
  }

  /** Serves POST /coin/infos for the symbols marked as coins (scale ≠ 2 is fine). */
  readonly fetch = coinInfosFetch(() => [...this.symbols.values()].map(({ spec }) => spec));

  attach(socket: SimSocket): void {
    this.connections.add(socket);
  }

  detach(socket: SimSocket): void {
    this.connections.delete(socket);
  }

  /** A client frame: sub answers `subscribed` then the stream's snapshot; unsub stops it. */
  receive(socket: SimSocket, text: string): void {
    const frame = JSON.parse(text) as { op: string; ch: string; symbol: string; ts?: number };
    // The line's own traffic, answered like the broker does; `received` keeps what tests count.
    if (frame.op === 'ping')
      return socket.push(JSON.stringify({ op: 'pong', ts: this.clock(), echo: frame.ts }));
    this.received.push(text);
    const state = this.symbols.get(frame.symbol);
    const key = `${frame.ch}|${frame.symbol}`;
    if (frame.op === 'unsub') {
      socket.subs.delete(key);
      socket.push(JSON.stringify({ op: 'unsubscribed', ch: frame.ch, symbol: frame.symbol }));
      return;
    }
    if (frame.op !== 'sub' || !state) return;
    if (this.refuseSubs) {
      socket.push(JSON.stringify({ op: 'error', key: this.refuseSubs, msg: 'refused' }));
      return;
    }
    socket.subs.add(key);
    socket.push(JSON.stringify({ op: 'subscribed', ch: frame.ch, symbol: frame.symbol }));
    socket.push(this.snapshot(state, frame.ch));
  }

  private initial(spec: SimSymbol, now: number): SymbolState {
    const state: SymbolState = {
      spec,
      mid: spec.mid,
      bids: new Map(),
      asks: new Map(),
      ticker: { last: spec.mid, open: spec.mid, high: spec.mid, low: spec.mid, prev: spec.mid, vol: 0 },
      trades: [],
      bars: [],
      streams: { ticker: { seq: 0 }, book: { seq: 0 }, trades: { seq: 0 }, 'candles:1m': { seq: 0 } },
    };
    for (let i = 1; i <= LEVELS; i++) {
      if (this.random() < 0.8) state.bids.set(spec.mid - i, this.qty());
      if (this.random() < 0.8) state.asks.set(spec.mid + i, this.qty());
    }
    const first = Math.floor(now / BAR_MS) * BAR_MS - 40 * BAR_MS;
    for (let i = 0; i <= 40; i++)
      state.bars.push(this.bar(first + i * BAR_MS, spec.mid + i - 20, spec.scale));
    return state;
  }

  private qty(): string {
    return `${1 + Math.floor(this.random() * 500)}.${Math.floor(this.random() * 10)}`;
  }

  private bar(t: number, close: number, scale: number): WireCandle {
    const p = (steps: number) => fromSteps(steps, scale);
    return { t, o: p(close - 1), h: p(close + 2), l: p(close - 3), c: p(close), v: `${100 + (t % 7)}` };
  }

  private step(): void {
    this.steps++;
    for (const state of this.symbols.values()) {
      this.stepBook(state);
      this.stepTicker(state);
      if (this.random() < 0.5) this.stepTrades(state);
      this.stepCandle(state);
    }
    for (const socket of this.connections) socket.maybeDisconnect();
  }

  private publish(state: SymbolState, ch: keyof SymbolState['streams'], body: StreamBody): void {
    if (this.hush.has(ch)) return;
    const stream = state.streams[ch];
    stream.seq++;
    const text = encodeFrame(state, ch, stream.seq, false, body);
    const key = `${ch}|${state.spec.symbol}`;
    this.recorder?.(text);
    for (const socket of this.connections) if (socket.subs.has(key)) socket.push(text);
  }

  private snapshot(state: SymbolState, ch: string): string {
    const scale = state.spec.scale;
    switch (ch) {
      case 'book':
        return encodeFrame(state, ch, state.streams.book.seq, true, bookBody(state));
      case 'ticker':
        return encodeFrame(state, ch, state.streams.ticker.seq, true, tickerBody(state, scale));
      case 'trades':
        return encodeFrame(state, ch, state.streams.trades.seq, true, {
          trades: state.trades.slice(-100),
        });
      default:
        return encodeFrame(state, 'candles:1m', state.streams['candles:1m'].seq, true, {
          bars: state.bars,
        });
    }
  }

  private stepBook(state: SymbolState): void {
    const bids: WireLevel[] = [];
    const asks: WireLevel[] = [];
    const p = (steps: number) => fromSteps(steps, state.spec.scale);
    if (this.random() < 0.2) {
      // The touch moves: levels that would cross the new mid are taken out in the same diff.
      state.mid += this.random() < 0.5 ? -1 : 1;
      for (const price of [...state.bids.keys()]) {
        if (price < state.mid) continue;
        state.bids.delete(price);
        bids.push([p(price), '0']);
      }
      for (const price of [...state.asks.keys()]) {
        if (price > state.mid) continue;
        state.asks.delete(price);
        asks.push([p(price), '0']);
      }
    }
    const changes = 1 + Math.floor(this.random() * 4);
    for (let i = 0; i < changes; i++) {
      const bid = this.random() < 0.5;
      const price = bid
        ? state.mid - 1 - Math.floor(this.random() * LEVELS)
        : state.mid + 1 + Math.floor(this.random() * LEVELS);
      const side = bid ? state.bids : state.asks;
      const qty = this.random() < 0.3 ? '0' : this.qty();
      if (qty === '0') side.delete(price);
      else side.set(price, qty);
      (bid ? bids : asks).push([p(price), qty]);
    }
    this.publish(state, 'book', { bids, asks });
  }

  private stepTicker(state: SymbolState): void {
    const t = state.ticker;
    t.last = state.mid + Math.floor(this.random() * 3) - 1;
    t.high = Math.max(t.high, t.last);
    t.low = Math.min(t.low, t.last);
    t.vol += 1 + Math.floor(this.random() * 10);
    this.publish(state, 'ticker', tickerBody(state, state.spec.scale));
  }

  private stepTrades(state: SymbolState): void {
    const trades: WireTrade[] = [];
    const count = 1 + Math.floor(this.random() * 3);
    for (let i = 0; i < count; i++) {
      trades.push({
        id: String(this.nextTradeId++),
        t: Date.now(),
        price: fromSteps(state.ticker.last, state.spec.scale),
        qty: this.qty(),
        side: this.random() < 0.5 ? 'buy' : 'sell',
      });
    }
    state.trades.push(...trades);
    if (state.trades.length > 200) state.trades.splice(0, state.trades.length - 200);
    this.publish(state, 'trades', { trades });
  }

  private stepCandle(state: SymbolState): void {
    const last = state.bars[state.bars.length - 1]!;
    const scale = state.spec.scale;
    const p = (steps: number) => fromSteps(steps, scale);
    const close = state.ticker.last;
    let bar: WireCandle;
    if (this.steps % BAR_STEPS === 0) {
      bar = { t: last.t + BAR_MS, o: p(close), h: p(close), l: p(close), c: p(close), v: '1' };
      state.bars.push(bar);
    } else {
      const steps = (value: string) => Math.round(Number(value) * 10 ** scale);
      bar = {
        t: last.t,
        o: last.o,
        h: p(Math.max(steps(last.h), close)),
        l: p(Math.min(steps(last.l), close)),
        c: p(close),
        v: String(Number(last.v) + 1),
      };
      state.bars[state.bars.length - 1] = bar;
    }
    this.publish(state, 'candles:1m', { bars: [bar] });
  }

  /** The ticker's last price as the server has it now ("310.51"). */
  tickerLast(symbol: string): string {
    const state = this.symbols.get(symbol)!;
    return fromSteps(state.ticker.last, state.spec.scale);
  }

  /** Whether a server → client frame is lost to `dataLoss` / `starve`. */
  lost(text: string): boolean {
    if (!text.startsWith('{"op":"data"')) return false;
    const ch = /"ch":"([^"]+)"/.exec(text)?.[1] ?? '';
    return this.starve.has(ch) || (this.dataLoss > 0 && this.lossRandom() < this.dataLoss);
  }

  noteFault(): void {
    this.lastFault = Date.now();
    this.faultCount++;
  }
}

/** A stream message's body: what follows its head. */
type StreamBody =
  | { bids: WireLevel[]; asks: WireLevel[] }
  | { trades: WireTrade[] }
  | { bars: WireCandle[] }
  | ReturnType<typeof tickerBody>;

/** A stream frame as the server writes it: through the codec's encoder, so its layout is the server's. */
function encodeFrame(
  state: SymbolState,
  ch: keyof SymbolState['streams'],
  seq: number,
  snap: boolean,
  body: StreamBody,
): string {
  const head = { op: 'data' as const, ch, s: state.spec.symbol, seq, t: Date.now(), snap };
  return encodeStream({ ...head, ...body } as StreamMessage);
}

function bookBody(state: SymbolState): { bids: WireLevel[]; asks: WireLevel[] } {
  const p = (steps: number) => fromSteps(steps, state.spec.scale);
  const bids = [...state.bids].sort((a, b) => b[0] - a[0]).map(([price, qty]): WireLevel => [p(price), qty]);
  const asks = [...state.asks].sort((a, b) => a[0] - b[0]).map(([price, qty]): WireLevel => [p(price), qty]);
  return { bids, asks };
}

function tickerBody(state: SymbolState, scale: number) {
  const t = state.ticker;
  const p = (steps: number) => fromSteps(steps, scale);
  return {
    last: p(t.last),
    open: p(t.open),
    high: p(t.high),
    low: p(t.low),
    prev: p(t.prev),
    vol: String(t.vol),
    turnover: String(t.vol * 3),
  };
}

/** The client end of one connection, shaped like a browser WebSocket for the worker's feed socket. */
export class SimSocket extends ScriptedSocket {
  readonly subs = new Set<string>();

  constructor(
    url: string,
    private readonly sim: FeedSim,
    private readonly faults: Faults | null,
    private readonly random: () => number,
  ) {
    super(url);
  }

  protected override refused(): boolean {
    return this.sim.down;
  }

  protected attach(): void {
    this.sim.attach(this);
  }

  protected detach(): void {
    this.sim.detach(this);
  }

  protected fromClient(text: string): void {
    this.sim.receive(this, text);
  }

  /** The server hangs up. */
  serverClose(): void {
    this.close();
  }

  private faulty(): Faults | null {
    return this.faults && Date.now() < this.faults.faultsUntil ? this.faults : null;
  }

  maybeDisconnect(): void {
    const faults = this.faulty();
    if (faults && this.random() < faults.disconnect) {
      this.sim.noteFault();
      this.serverClose();
    }
  }

  /** Server → client, through the fault layer. */
  push(text: string): void {
    if (this.sim.silent || this.sim.lost(text)) return;
    const faults = this.faulty();
    let delay = 1 + this.sim.lagMs;
    let copies = 1;
    if (faults) {
      const roll = this.random();
      if (roll < faults.drop) return this.sim.noteFault();
      if (roll < faults.drop + faults.corrupt) {
        text = corrupt(text, this.random);
        this.sim.noteFault();
      } else if (roll < faults.drop + faults.corrupt + faults.duplicate) {
        copies = 2;
        this.sim.noteFault();
      } else if (roll < faults.drop + faults.corrupt + faults.duplicate + faults.delay) {
        delay += Math.floor(this.random() * MAX_DELAY_MS);
        this.sim.noteFault();
      }
    }
    for (let i = 0; i < copies; i++) this.deliver(Date.now() + delay + i, text);
  }

  private readonly inbox: { at: number; text: string }[] = [];
  private wake: ReturnType<typeof setTimeout> | undefined;

  /** One timer per connection, not per message: keeps virtual time cheap over 1,000 runs. */
  private deliver(at: number, text: string): void {
    let index = this.inbox.length;
    while (index > 0 && this.inbox[index - 1]!.at > at) index--;
    this.inbox.splice(index, 0, { at, text });
    if (index === 0) this.arm();
  }

  private arm(): void {
    clearTimeout(this.wake);
    const first = this.inbox[0];
    if (!first) return;
    this.wake = setTimeout(
      () => {
        const now = Date.now();
        while (this.inbox.length > 0 && this.inbox[0]!.at <= now) {
          const { text } = this.inbox.shift()!;
          if (this.readyState === 1) this.emit({ type: 'message', data: text });
        }
        this.arm();
      },
      Math.max(0, first.at - Date.now()),
    );
  }
}

/** Bad JSON, or valid JSON with a field of the wrong type. */
function corrupt(text: string, random: () => number): string {
  const kind = Math.floor(random() * 4);
  if (kind === 0) return text.slice(0, Math.floor(text.length * random()));
  if (kind === 1) return text.replace(/"seq":(\d+)/, '"seq":"$1"');
  if (kind === 2) return text.replace(/"(\d+)\.(\d+)"/, '$1.$2');
  return text.replace(/"op":"data"/, '"op":7');
}

/**
 * The UI's market state rebuilt from patches, the way src/state/market.ts applies them, as a
 * plain object per client (that module is a singleton). Throws the moment a patch would show a
 * crossed or inconsistent book.
 */
export type PatchView = {
  feed: FeedStatus | null;
  tickers: Record<string, Partial<TickerView>>;
  books: Record<
    string,
    {
      bids: string[];
      asks: string[];
      bidQty: Record<string, string>;
      askQty: Record<string, string>;
      state: string;
    }
  >;
  trades: Record<string, TradeView[]>;
  candles: Record<string, { bars: ChartBar[]; main: IndicatorLines; sub: IndicatorLines }>;
};

export function emptyView(): PatchView {
  return { feed: null, tickers: {}, books: {}, trades: {}, candles: {} };
}

export function applyToView(view: PatchView, patch: MarketPatch): void {
  if (patch.feed) view.feed = patch.feed;
  const { tickers, books, trades, candles } = patch;
  if (tickers)
    for (const symbol in tickers) view.tickers[symbol] = { ...view.tickers[symbol], ...tickers[symbol] };
  if (books) {
    for (const symbol in books) {
      const p = books[symbol]!;
      let book = view.books[symbol];
      if (!book || p.reset)
        book = view.books[symbol] = { bids: [], asks: [], bidQty: {}, askQty: {}, state: 'live' };
      if (p.bidQty) levels(book.bidQty, p.bidQty);
      if (p.askQty) levels(book.askQty, p.askQty);
      if (p.bids) book.bids = p.bids;
      if (p.asks) book.asks = p.asks;
      if (p.state) book.state = p.state;
      assertBook(symbol, book);
    }
  }
  if (trades) {
    for (const symbol in trades) {
      const p = trades[symbol]!;
      view.trades[symbol] = [...p.add, ...(p.reset ? [] : (view.trades[symbol] ?? []))].slice(0, 50);
    }
  }
  if (candles) for (const key in candles) applyCandles(view, key, candles[key]!);
}

function levels(target: Record<string, string>, changes: LevelChanges): void {
  if (changes.length % 2 !== 0) throw new Error(`level changes come in pairs: ${JSON.stringify(changes)}`);
  const seen = new Set<string>();
  for (let i = 0; i < changes.length; i += 2) {
    const price = changes[i];
    const qty = changes[i + 1];
    if (typeof price !== 'string' || seen.has(price))
      throw new Error(`a price once per patch: ${JSON.stringify(changes)}`);
    seen.add(price);
    if (qty === null || qty === undefined) delete target[price];
    else target[price] = qty;
  }
}

function applyCandles(view: PatchView, key: string, p: CandlesPatch): void {
  if (p.reset) {
    view.candles[key] = structuredClone(p.reset);
    return;
  }
  const series = view.candles[key];
  if (!series) throw new Error(`candles ${key}: an update before any reset`);
  for (const bar of p.bars ?? []) upsert(series.bars, bar);
  for (const [lines, target] of [
    [p.main, series.main],
    [p.sub, series.sub],
  ] as const) {
    for (const name in lines) for (const point of lines[name]!) upsert((target[name] ??= []), point);
  }
}

function upsert<T extends { time: number }>(list: T[], item: T): void {
  const last = list[list.length - 1];
  if (last && last.time === item.time) list[list.length - 1] = item;
  else if (!last || item.time > last.time) list.push(item);
  else throw new Error(`bar at ${item.time} arrived after ${last.time}`);
}

/** No crossed book, ever; each shown level has its quantity; sides sorted best first. */
function assertBook(symbol: string, book: PatchView['books'][string]): void {
  const fail = (why: string) => {
    throw new Error(
      `${symbol}: ${why} (bids ${book.bids.slice(0, 3).join(',')}; asks ${book.asks.slice(0, 3).join(',')})`,
    );
  };
  let previous = Infinity;
  for (const price of book.bids) {
    const value = Number(price);
    if (!(value < previous)) fail('bids out of order');
    if (book.bidQty[price] === undefined) fail(`bid ${price} without qty`);
    previous = value;
  }
  previous = -Infinity;
  for (const price of book.asks) {
    const value = Number(price);
    if (!(value > previous)) fail('asks out of order');
    if (book.askQty[price] === undefined) fail(`ask ${price} without qty`);
    previous = value;
  }
  if (book.bids.length > 0 && book.asks.length > 0 && Number(book.bids[0]) >= Number(book.asks[0]))
    fail('crossed book posted');
  let count = 0;
  for (const _ in book.bidQty) count++;
  for (const _ in book.askQty) count++;
  if (count !== book.bids.length + book.asks.length) fail('stray level quantities');
}
