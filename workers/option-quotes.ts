import { tradingMsBetween, yearsToExpiry } from '../domain/options/grid';
import { optionModel, type ModelInput } from '../domain/options/model';
import { DAY_MS } from '../domain/time';
import { premiumText } from '../domain/options/money';
import type { MarketPatch, OptionQuote, OptionQuoteInput, Topic } from '../domain/market-data/contract';

export type OptionQuotesDeps = {
  now: () => number;
  /** The feed's own subscribe/release, so a ticker a screen also follows is not doubled. */
  subscribe: (topic: Topic) => number;
  release: (handle: number) => void;
};

type Entry = {
  input: OptionQuoteInput;
  /** The model's inputs, parsed once; spot and the times are written on each tick. */
  model: ModelInput;
  expiresAt: number;
  posted: OptionQuote | null;
};

/** Fixed decimals without "-0.0000" (a put's tiny theta would otherwise flip sign on screen). */
function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return Number(text) === 0 ? (0).toFixed(decimals) : text;
}

/**
 * Options kept priced in the worker, as LivePositions does contracts: each option's
 * stock ticker is followed, on a tick each option on that stock is priced with the server's model
 * (domain/options) and only quotes whose strings changed are posted, by id. The main thread keeps
 * only the Decimal money sums. Loaded by the worker on the first list (not on the first load).
 */
export class LiveOptionQuotes {
  private readonly entries = new Map<string, Entry>();
  private readonly bySymbol = new Map<string, Entry[]>();
  private readonly tickers = new Map<string, number>();
  private dirty: Record<string, OptionQuote | null> = {};
  private hasDirty = false;
  private readonly deps: OptionQuotesDeps;

  constructor(deps: OptionQuotesDeps) {
    this.deps = deps;
  }

  /** Replaces the priced list: tickers are followed and released to match. */
  set(list: readonly OptionQuoteInput[]): void {
    const previous = new Map(this.entries);
    this.entries.clear();
    this.bySymbol.clear();
    const fresh: Entry[] = [];
    for (const input of list) {
      const old = previous.get(input.id);
      previous.delete(input.id);
      if (old && sameInput(old.input, input)) {
        this.add(old);
        continue;
      }
      // A changed option (another strike on the ticket) is always posted again, even with equal
      // strings: the main thread drops its quote when it asks for a different one.
      const entry: Entry = {
        input,
        model: {
          kind: input.kind,
          spot: 0,
          strike: Number(input.strike),
          tradingMs: 0,
          years: 0,
          rate: Number(input.rate),
          process: input.process,
          dayTradingMs: input.sessions === null ? DAY_MS : input.process.sessionMs,
        },
        expiresAt: input.expiresAt,
        posted: null,
      };
      this.add(entry);
      fresh.push(entry);
    }
    for (const id of previous.keys()) this.post(id, null);
    const { deps } = this;
    for (const symbol of this.bySymbol.keys())
      if (!this.tickers.has(symbol))
        this.tickers.set(symbol, deps.subscribe({ kind: 'ticker', market: 'stock', symbol }));
    for (const [symbol, handle] of this.tickers) {
      if (this.bySymbol.has(symbol)) continue;
      deps.release(handle);
      this.tickers.delete(symbol);
    }
    const now = deps.now();
    for (const entry of fresh) this.price(entry, entry.input.spot, now);
  }

  /** A tick of the stock: reprice its options; post those whose quote changed. */
  onTick(symbol: string, last: string): void {
    const group = this.bySymbol.get(symbol);
    if (!group) return;
    const now = this.deps.now();
    for (const quote of group) this.price(quote, last, now);
  }

  /**
   * After the market state's flush: the tickers it posts drive the quotes (so a quote never runs
   * ahead of its spot on screen), then the changed quotes are added to the patch.
   */
  flushInto(patch: MarketPatch): boolean {
    const tickers = patch.tickers;
    for (const [symbol, ticker] of Object.entries(tickers ?? {}))
      if (ticker.last !== undefined) this.onTick(symbol, ticker.last);
    if (!this.hasDirty) return false;
    patch.optionQuotes = this.dirty;
    this.dirty = {};
    this.hasDirty = false;
    return true;
  }

  private add(entry: Entry): void {
    this.entries.set(entry.input.id, entry);
    const group = this.bySymbol.get(entry.input.symbol);
    if (group) group.push(entry);
    else this.bySymbol.set(entry.input.symbol, [entry]);
  }

  private price(entry: Entry, spot: string, now: number): void {
    const { model } = entry;
    model.spot = Number(spot);
    model.tradingMs = tradingMsBetween(entry.input.sessions, now, entry.expiresAt);
    model.years = yearsToExpiry(now, entry.expiresAt);
    const g = optionModel(model);
    // A bad input (a spot of "", a vol that is not a number) has no price: nothing is posted.
    const premium = premiumText(g.price);
    if (premium === null) return;
    const next = {
      spot,
      premium,
      delta: fixed(g.delta, 4),
      gamma: fixed(g.gamma, 6),
      vega: fixed(g.vega, 6),
      theta: fixed(g.theta, 6),
      rho: fixed(g.rho, 6),
    };
    const was = entry.posted;
    if (
      was &&
      was.spot === next.spot &&
      was.premium === next.premium &&
      was.delta === next.delta &&
      was.gamma === next.gamma &&
      was.vega === next.vega &&
      was.theta === next.theta &&
      was.rho === next.rho
    )
      return;
    entry.posted = next;
    this.post(entry.input.id, entry.posted);
  }

  private post(id: string, quote: OptionQuote | null): void {
    this.dirty[id] = quote;
    this.hasDirty = true;
  }
}

function sameInput(a: OptionQuoteInput, b: OptionQuoteInput): boolean {
  // `spot` is only the fallback before a tick: a refetched rule's newer spot changes nothing.
  return (
    a.symbol === b.symbol &&
    a.kind === b.kind &&
    a.strike === b.strike &&
    a.expiresAt === b.expiresAt &&
    a.rate === b.rate &&
    JSON.stringify(a.process) === JSON.stringify(b.process) &&
    JSON.stringify(a.sessions) === JSON.stringify(b.sessions)
  );
}
