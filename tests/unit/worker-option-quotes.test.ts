import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketPatch, OptionQuote, OptionQuoteInput } from '../../domain/market-data/contract';
import { tradingMsBetween, YEAR_MS } from '../../domain/options/grid';
import { optionModel } from '../../domain/options/model';
import { premiumText } from '../../domain/options/money';
// The poller imports its reads lazily, which virtual time cannot wait for: load them up front.
import '../../workers/rest-poll';
import type { Clock } from '../../workers/clock';
import { createMarketData, TEARDOWN_MS } from '../../workers/market-data';
import { LiveOptionQuotes } from '../../workers/option-quotes';
import { FeedSim } from '../support/feed-sim';
import { rng } from '../support/random';

const NOW = 1_790_000_000_000;

const HOUR = 3_600_000;
/** Merton's mixture alone, as the vectors below were worked. */
const NO_CLUSTERING = { clusterStepMs: 60_000, persistence: 0.96, afterglowShare: 0, clustering: 0 };
const DAY = 24 * HOUR;
const lognormal = {
  volatility: 0.3,
  sessionsPerYear: 250,
  sessionMs: 8 * HOUR,
  jumpsPerSession: 0,
  jumpShare: 0,
  ...NO_CLUSTERING,
};
const jumpy = {
  volatility: 0.82,
  sessionsPerYear: 1095,
  sessionMs: 8 * HOUR,
  jumpsPerSession: 0.5,
  jumpShare: 0.18 / 1.275,
  ...NO_CLUSTERING,
};

/**
 * Two of domain/options/model.test.ts's hand-checked vectors, here as the strings the worker
 * posts: a week's call on the session calendar (five 8-hour sessions before an expiry 7 days
 * away) and a day's call around the clock with 8 hours to go.
 */
const week: OptionQuoteInput = {
  id: 'ticket',
  symbol: 'WEEK',
  kind: 'call',
  strike: '105',
  expiresAt: NOW + 7 * DAY,
  rate: '0.4',
  spot: '100',
  process: lognormal,
  sessions: [0, 1, 2, 3, 4].map((d) => ({ open: NOW + d * DAY, close: NOW + d * DAY + 8 * HOUR })),
};
const day: OptionQuoteInput = {
  id: '9',
  symbol: 'DAY',
  kind: 'call',
  strike: '100',
  expiresAt: NOW + 8 * HOUR,
  rate: '0.4',
  spot: '100',
  process: jumpy,
  sessions: null,
};
/** A THYAO option around the clock on the feed's stock. */
const thyao = { rate: '0.40', process: { ...jumpy, volatility: 0.32 }, sessions: null };

/** What the worker must post for `input` at `spot` and `now`: the model's figures as strings. */
function expected(input: OptionQuoteInput, spot: string, now: number): OptionQuote {
  const g = optionModel({
    kind: input.kind,
    spot: Number(spot),
    strike: Number(input.strike),
    tradingMs: tradingMsBetween(input.sessions, now, input.expiresAt),
    years: (input.expiresAt - now) / YEAR_MS,
    rate: Number(input.rate),
    process: input.process,
    dayTradingMs: input.sessions === null ? DAY : input.process.sessionMs,
  });
  const fixed = (v: number, d: number) => (Number(v.toFixed(d)) === 0 ? (0).toFixed(d) : v.toFixed(d));
  return {
    spot,
    premium: premiumText(g.price)!,
    delta: fixed(g.delta, 4),
    gamma: fixed(g.gamma, 6),
    vega: fixed(g.vega, 6),
    theta: fixed(g.theta, 6),
    rho: fixed(g.rho, 6),
  };
}

/** The worker's feed as the class sees it: the tickers it follows, and their posted lasts. */
function priced() {
  const following = new Map<number, string>();
  let next = 1;
  const quotes = new LiveOptionQuotes({
    now: () => NOW,
    subscribe: (topic) => {
      following.set(next, topic.symbol);
      return next++;
    },
    release: (handle) => following.delete(handle),
  });
  return { quotes, following: () => [...following.values()].sort() };
}

function flushed(quotes: LiveOptionQuotes): MarketPatch['optionQuotes'] {
  const patch: MarketPatch = {};
  return quotes.flushInto(patch) ? patch.optionQuotes : undefined;
}

describe('worker option quotes', () => {
  it('prices on the fallback spot at once, then on each tick, to the hand-checked values', () => {
    const { quotes, following } = priced();
    quotes.set([week, day]);
    expect(following()).toEqual(['DAY', 'WEEK']);
    // Week: 0.279661 → 0.2796 (truncated), delta 0.133120, gamma 0.050577, vega 0.031145,
    // theta −0.090943, rho −0.0000536. Day: 0.999341 → 0.9993, delta 0.509811, gamma 0.162997,
    // vega 0.012379, theta −0.999341 (a day takes it all), rho −0.0000091.
    expect(flushed(quotes)).toEqual({
      ticket: {
        spot: '100',
        premium: '0.2796',
        delta: '0.1331',
        gamma: '0.050577',
        vega: '0.031145',
        theta: '-0.090943',
        rho: '-0.000054',
      },
      '9': {
        spot: '100',
        premium: '0.9993',
        delta: '0.5098',
        gamma: '0.162997',
        vega: '0.012379',
        theta: '-0.999341',
        rho: '-0.000009',
      },
    });
    // Only the ticked symbol's options move.
    quotes.onTick('WEEK', '104');
    const moved = flushed(quotes);
    expect(Object.keys(moved ?? {})).toEqual(['ticket']);
    expect(moved?.ticket).toEqual(expected(week, '104', NOW));
  });

  it('posts nothing when a tick leaves every string as it was', () => {
    const { quotes } = priced();
    quotes.set([week]);
    flushed(quotes);
    quotes.onTick('WEEK', '100');
    quotes.onTick('OTHER', '1');
    expect(flushed(quotes)).toBeUndefined();
    // The same list again (a re-render) re-prices nothing.
    quotes.set([{ ...week, spot: '99' }]);
    expect(flushed(quotes)).toBeUndefined();
  });

  it('a replaced list posts null for dropped ids and re-posts a changed option even when equal', () => {
    const { quotes, following } = priced();
    quotes.set([week, day]);
    flushed(quotes);
    // The ticket moved to a put and back, within one frame: still posted, so the main thread,
    // which dropped its quote on asking, gets one.
    quotes.set([{ ...week, kind: 'put' }]);
    quotes.set([week]);
    const after = flushed(quotes);
    expect(after?.['9']).toBeNull();
    expect(after?.ticket?.premium).toBe('0.2796');
    expect(following()).toEqual(['WEEK']);
    quotes.onTick('DAY', '120');
    expect(flushed(quotes)).toBeUndefined();
  });
});

describe('worker option quotes on the feed', () => {
  const clock: Clock = {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  let sim: FeedSim;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
    sim = new FeedSim(7, [{ symbol: 'THYAO', scale: 2, mid: 31_000 }]);
  });
  afterEach(() => {
    sim.stop();
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it("counts the time to expiry on the server's clock when the phone's is an hour slow", async () => {
    // The server's clock (its pongs) is an hour ahead of the phone's.
    const skew = 60 * 60_000;
    sim.skewMs = skew;
    const api = createMarketData({
      WebSocket: sim.socketClass(null),
      fetch: sim.fetch,
      clock,
      random: rng(5),
    });
    api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
    // A day expiry three hours away on the server's clock: on the phone's it looked four.
    const expiresAt = NOW + skew + 3 * 3_600_000;
    api.setOptionQuotes([
      {
        id: 'day',
        symbol: 'THYAO',
        kind: 'call',
        strike: '310',
        expiresAt,
        spot: '310',
        ...thyao,
      },
    ]);
    const quoted: { quote: OptionQuote; at: number }[] = [];
    for (let t = 0; t < 1_500; t += 20) {
      vi.advanceTimersByTime(20);
      for (let i = 0; i < 6; i++) await Promise.resolve();
      const quote = api.flush()?.optionQuotes?.day;
      if (quote) quoted.push({ quote, at: Date.now() });
    }
    // After the first pong (the socket pings as it opens), every quote is priced on the server's time.
    const later = quoted.filter((q) => q.at >= NOW + 500);
    expect(later.length).toBeGreaterThan(3);
    const input = {
      id: 'day',
      symbol: 'THYAO',
      kind: 'call',
      strike: '310',
      expiresAt,
      spot: '310',
      ...thyao,
    };
    for (const { quote, at } of later)
      expect(quote.premium).toBe(expected(input as OptionQuoteInput, quote.spot, at + skew).premium);
  });

  it("follows the stock's ticker and posts each tick's quote with the spot it priced", async () => {
    const api = createMarketData({
      WebSocket: sim.socketClass(null),
      fetch: sim.fetch,
      clock,
      random: rng(3),
    });
    api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
    const input: OptionQuoteInput = {
      id: 'ticket',
      symbol: 'THYAO',
      kind: 'put',
      strike: '310',
      expiresAt: NOW + 4 * DAY,
      spot: '300',
      ...thyao,
    };
    api.setOptionQuotes([input]);
    const patches: (MarketPatch & { at: number })[] = [];
    for (let t = 0; t < 2_000; t += 20) {
      vi.advanceTimersByTime(20);
      for (let i = 0; i < 6; i++) await Promise.resolve();
      const patch = api.flush();
      if (patch) patches.push({ ...patch, at: Date.now() });
    }
    expect(
      sim.received
        .map((text) => JSON.parse(text) as unknown)
        .filter((f) => (f as { ch: string }).ch === 'ticker'),
    ).toEqual([{ op: 'sub', ch: 'ticker', symbol: 'THYAO' }]);
    const quoted = patches.filter((p) => p.optionQuotes);
    // The pricing loads on the first list and prices the given spot at once; then the stock's
    // moves (the sim walks its price every 50 ms).
    expect(quoted.length).toBeGreaterThan(5);
    expect(quoted[0]?.optionQuotes?.ticket?.spot).toBe('300');
    for (const patch of quoted.slice(1)) {
      const quote = patch.optionQuotes!.ticket as OptionQuote;
      // Priced on the tick posted in the same patch, or an earlier one when only time moved.
      if (patch.tickers?.THYAO?.last !== undefined) expect(quote.spot).toBe(patch.tickers.THYAO.last);
      expect(quote.premium).toBe(expected(input, quote.spot, patch.at).premium);
    }
    // An empty list: the quote is dropped and the ticker released after the teardown delay.
    api.setOptionQuotes([]);
    expect(api.flush()?.optionQuotes).toEqual({ ticket: null });
    for (let t = 0; t < TEARDOWN_MS + 200; t += 20) vi.advanceTimersByTime(20);
    expect(sim.received.some((text) => text.includes('"unsub"') && text.includes('ticker'))).toBe(true);
  });
});
