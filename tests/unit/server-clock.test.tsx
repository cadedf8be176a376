// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, resetServerClock, serverNow } from '../../src/api/server-clock';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import StockExchangeScreen from '../../src/screens/exchange/stock-exchange-screen';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { exchangeHandlers, renderScreen, tryQuote, type ExchangeReply, type Sent } from './exchange-support';

/**
 * A phone whose clock is wrong (set by hand, minutes fast or an hour slow) still counts every
 * deadline on the server's clock, read from the answers' Date header: a quote the server holds
 * for 10 s shows 10 s, never "expired" at once (a fast clock: it could never be confirmed) nor
 * "valid for an hour" (a slow one: the server already refuses it).
 */
const MINUTE = 60_000;
const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('serverNow from the Date header', () => {
  beforeEach(() => resetServerClock());

  it('is the device clock until an answer has said otherwise', () => {
    expect(serverNow(1_000_000)).toBe(1_000_000);
  });

  it('bounds the server clock from above, within a second and a round trip of it', () => {
    // The device is 7 min fast; the server stamps at 12:00:00.400 on its clock, 80 ms into a 150 ms trip.
    const server = Date.UTC(2026, 10, 26, 9, 0, 0, 400);
    const device = (serverMs: number) => serverMs + 7 * MINUTE;
    noteServerDate(httpDate(server), device(server - 80), device(server + 70));
    const later = server + 5_000;
    const estimate = serverNow(device(later));
    expect(estimate).toBeGreaterThanOrEqual(later);
    expect(estimate - later).toBeLessThanOrEqual(1_000 + 150);
  });

  it('forgets older answers once the device clock was set (their bounds no longer hold)', () => {
    const server = Date.UTC(2026, 10, 26, 9, 0, 0, 0);
    noteServerDate(httpDate(server), server - 60 * MINUTE, server - 60 * MINUTE + 50);
    // The user fixes the clock: it now agrees with the server's.
    noteServerDate(httpDate(server + 10_000), server + 9_950, server + 10_050);
    expect(serverNow(server + 20_000) - (server + 20_000)).toBeLessThanOrEqual(1_050);
    expect(serverNow(server + 20_000)).toBeGreaterThanOrEqual(server + 20_000);
  });

  it('ignores answers without a readable Date header', () => {
    noteServerDate(null, 0, 10);
    noteServerDate('not a date', 0, 10);
    expect(serverNow(5_000)).toBe(5_000);
  });
});

describe('the exchange quote on a phone whose clock is wrong', () => {
  const sent: Sent[] = [];
  const counts = { assets: 0 };
  /** How far the phone's clock is from the server's (ms; positive: the phone is fast). */
  let skew = 0;
  /** The server: its own clock, the quote valid 10 s on it, and the Date header every HTTP server sends. */
  const reply: ExchangeReply = () => {
    const serverTime = Date.now() - skew;
    const quote = { ...tryQuote(), expiresAt: serverTime + 10_000 };
    return HttpResponse.json(
      { code: 0, msg: '', data: { executed: false, quote } },
      { headers: { Date: httpDate(serverTime) } },
    );
  };
  const server = setupServer(...exchangeHandlers(sent, reply, counts));

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    // The exchange form follows the private balances channel, which the market client carries.
    setMarketDataApi(new FakeMarketData());
    setLanguage('en-US');
    resetServerClock();
    sent.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  async function quoteOn(skewMs: number) {
    skew = skewMs;
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(Date.now() + skewMs);
    renderScreen('/pages/exchange/stock', <StockExchangeScreen />);
    fireEvent.change(await screen.findByTestId('exchange-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('exchange-quote'));
    await screen.findByTestId('quote-card');
  }

  /** The seconds the countdown shows ("Valid for 9 s" → 9). */
  const shownSeconds = () => Number(/(\d+) s/.exec(screen.getByTestId('quote-countdown').textContent)?.[1]);

  it('7 minutes fast: the fresh quote counts its 10 s and can be confirmed', async () => {
    await quoteOn(7 * MINUTE);
    expect(screen.queryByTestId('quote-expired')).toBeNull();
    expect(shownSeconds()).toBeGreaterThanOrEqual(8);
    expect(shownSeconds()).toBeLessThanOrEqual(10);
    expect(screen.getByTestId('quote-confirm')).toBeTruthy();
  });

  it('1 hour slow: the countdown never outlasts the server, and then offers only a refresh', async () => {
    await quoteOn(-60 * MINUTE);
    expect(shownSeconds()).toBeLessThanOrEqual(10);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('quote-confirm')).toBeNull();
    expect(screen.getByTestId('quote-refresh')).toBeTruthy();
  });
});
