import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketPatch, OptionQuote, OptionQuoteInput } from '../../domain/market-data/contract';
import { blackScholes } from '../../domain/options/black-scholes';
import { YEAR_MS } from '../../domain/options/grid';
import { premiumText } from '../../domain/options/money';
// The poller imports its reads lazily, which virtual time cannot wait for: load them up front.
import '../../workers/rest-poll';
import type { Clock } from '../../workers/clock';
import { createMarketData, TEARDOWN_MS } from '../../workers/market-data';
import { LiveOptionQuotes } from '../../workers/option-quotes';
import { FeedSim } from '../support/feed-sim';
import { rng } from '../support/random';

const NOW = 1_790_000_000_000;

/**
 * Hull's textbook call (S 42, K 40, r 10%, σ 20%, T ½ year) and an at-the-money call on Turkish
 * rates (S = K = 100, r 40%, σ 30%, 30 days): the hand-checked vectors of
 * domain/options/black-scholes.test.ts, here as the strings the worker posts.
 */
const hull: OptionQuoteInput = {
  id: 'ticket',
  symbol: 'HULL',
  kind: 'call',
  strike: '40',
  expiresAt: NOW + YEAR_MS / 2,
  vol: '0.2',
  rate: '0.1',
  spot: '42',
};
const atm: OptionQuoteInput = {
  id: '9',
  symbol: 'ATM',
  kind: 'call',
  strike: '100',
  expiresAt: NOW + 30 * 86_400_000,
  vol: '0.3',
  rate: '0.4',
  spot: '100',
};

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
    quotes.set([hull, atm]);
    expect(following()).toEqual(['ATM', 'HULL']);
    // call 4.759422 → 4.7594 (truncated); N(d1) 0.779131; theta/day −4.557991/365 = −0.012491.
    // ATM: call 5.235192 → 5.2351; N(d1) 0.664676; theta −0.119347.
    expect(flushed(quotes)).toEqual({
      ticket: { spot: '42', premium: '4.7594', delta: '0.7791', theta: '-0.012491' },
      '9': { spot: '100', premium: '5.2351', delta: '0.6647', theta: '-0.119347' },
    });
    // Only the ticked symbol's options move.
    quotes.onTick('HULL', '40');
    const moved = flushed(quotes);
    expect(Object.keys(moved ?? {})).toEqual(['ticket']);
    const model = blackScholes({ kind: 'call', spot: 40, strike: 40, years: 0.5, vol: 0.2, rate: 0.1 });
    expect(moved?.ticket).toEqual({
      spot: '40',
      premium: premiumText(model.price),
      delta: model.delta.toFixed(4),
      theta: model.theta.toFixed(6),
    });
    // At the money: d1 = (0 + (0.1 + 0.02)·0.5)/0.141421 = 0.424264, N(d1) = 0.664313.
    expect(moved?.ticket?.delta).toBe('0.6643');
  });

  it('posts nothing when a tick leaves every string as it was', () => {
    const { quotes } = priced();
    quotes.set([hull]);
    flushed(quotes);
    quotes.onTick('HULL', '42');
    quotes.onTick('OTHER', '1');
    expect(flushed(quotes)).toBeUndefined();
    // The same list again (a re-render) re-prices nothing.
    quotes.set([{ ...hull, spot: '41' }]);
    expect(flushed(quotes)).toBeUndefined();
  });

  it('a replaced list posts null for dropped ids and re-posts a changed option even when equal', () => {
    const { quotes, following } = priced();
    quotes.set([hull, atm]);
    flushed(quotes);
    // The ticket moved to a put and back, within one frame: still posted, so the main thread,
    // which dropped its quote on asking, gets one.
    quotes.set([{ ...hull, kind: 'put' }]);
    quotes.set([hull]);
    const after = flushed(quotes);
    expect(after?.['9']).toBeNull();
    expect(after?.ticket?.premium).toBe('4.7594');
    expect(following()).toEqual(['HULL']);
    quotes.onTick('ATM', '120');
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
        vol: '0.32',
        rate: '0.40',
        spot: '310',
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
    for (const { quote, at } of later) {
      const model = blackScholes({
        kind: 'call',
        spot: Number(quote.spot),
        strike: 310,
        years: (expiresAt - (at + skew)) / YEAR_MS,
        vol: 0.32,
        rate: 0.4,
      });
      expect(quote.premium).toBe(premiumText(model.price));
    }
  });

  it("follows the stock's ticker and posts each tick's quote with the spot it priced", async () => {
    const api = createMarketData({
      WebSocket: sim.socketClass(null),
      fetch: sim.fetch,
      clock,
      random: rng(3),
    });
    api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
    const week = NOW + 4 * 86_400_000;
    const input: OptionQuoteInput = {
      id: 'ticket',
      symbol: 'THYAO',
      kind: 'put',
      strike: '310',
      expiresAt: week,
      vol: '0.32',
      rate: '0.40',
      spot: '300',
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
      const years = (week - patch.at) / YEAR_MS;
      const model = blackScholes({
        kind: 'put',
        spot: Number(quote.spot),
        strike: 310,
        years,
        vol: 0.32,
        rate: 0.4,
      });
      expect(quote.premium).toBe(premiumText(model.price));
    }
    // An empty list: the quote is dropped and the ticker released after the teardown delay.
    api.setOptionQuotes([]);
    expect(api.flush()?.optionQuotes).toEqual({ ticket: null });
    for (let t = 0; t < TEARDOWN_MS + 200; t += 20) vi.advanceTimersByTime(20);
    expect(sim.received.some((text) => text.includes('"unsub"') && text.includes('ticker'))).toBe(true);
  });
});
