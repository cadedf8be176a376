// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { hideToast, toast } from '../services/toast';
import { clearUserInfo, setAccountType, setSession } from '../state/session';
import { askEarly, call, requestFor } from './call';
import { FRESH_FOR_MS, holdEarly, openingQuery } from './early';

const API = `${location.origin}/ipxtrg-api`;
type Seen = { method: string; search: string; body: string; token: string | null };
let seen: Seen[] = [];
/** What the next answers are: a count, a refusal, a refusal with an HTTP error status, or a broken connection. */
let answer: 'count' | 'refused' | 'unavailable' | 'broken' = 'count';

async function record(request: Request) {
  const url = new URL(request.url);
  const body = await request.text();
  seen.push({ method: request.method, search: url.search, body, token: request.headers.get('accesstoken') });
  if (answer === 'broken') return HttpResponse.error();
  if (answer === 'refused') return HttpResponse.json({ code: -1001, msg: 'Kapalı', data: null });
  if (answer === 'unavailable')
    return HttpResponse.json({ code: -1001, msg: 'Bakımda', data: null }, { status: 503 });
  return HttpResponse.json({ code: 0, msg: '', data: { n: seen.length } });
}

const server = setupServer(
  http.get(`${API}/quote`, ({ request }) => record(request)),
  http.post(`${API}/wallet`, ({ request }) => record(request)),
);
const counted = z.object({ n: z.number() });
// Test paths declared as the first-load calls are (method, path, answer check).
const quote = { method: 'GET', path: '/quote', output: counted, firstLoad: true } as const;
const wallet = { method: 'POST', path: '/wallet', output: counted, firstLoad: true } as const;
/** Lets an early answer arrive and its checks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const held = () => (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] as Map<string, unknown>;

function signIn(): void {
  const tokens = { userToken: 'tok-1', userTokenReal: 'tok-1', userTokenDemo: 'demo-1' };
  setSession({ ...tokens, user: { id: '1' } }, 'real');
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen = [];
  answer = 'count';
  delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
});
afterEach(() => {
  clearUserInfo();
  hideToast();
  history.replaceState(null, '', '/');
});
afterAll(() => server.close());

describe('answers asked for early', () => {
  it('are taken once by the same call: two calls, two requests, the first one early', async () => {
    askEarly(quote, { symbol: 'THYAO' });
    await settle();
    expect(seen).toHaveLength(1);
    await expect(call(quote, { symbol: 'THYAO' })).resolves.toEqual({ n: 1 });
    expect(seen).toHaveLength(1);
    await expect(call(quote, { symbol: 'THYAO' })).resolves.toEqual({ n: 2 });
    expect(seen.map((s) => s.search)).toEqual(['?symbol=THYAO', '?symbol=THYAO']);
  });

  it('are asked once for two early asks in a row, and taken while still on their way', async () => {
    askEarly(quote, { symbol: 'THYAO' });
    askEarly(quote, { symbol: 'THYAO' });
    await expect(call(quote, { symbol: 'THYAO' })).resolves.toEqual({ n: 1 });
    expect(seen).toHaveLength(1);
  });

  it('are not taken once stale: the screen asks anew', async () => {
    holdEarly(requestFor(quote, { symbol: 'THYAO' }), Date.now() - FRESH_FOR_MS - 1);
    await settle();
    await expect(call(quote, { symbol: 'THYAO' })).resolves.toEqual({ n: 2 });
    expect(seen).toHaveLength(2);
  });

  it('are not taken by another query or another body', async () => {
    signIn();
    askEarly(quote, { symbol: 'THYAO' });
    askEarly(wallet, {});
    await settle();
    await call(quote, { symbol: 'ASELS' });
    // A POST with fields is never held nor taken: it may change something.
    askEarly(wallet, { coin: 'BTC' });
    await call(wallet, { coin: 'BTC' });
    expect(seen.map((s) => [s.method, s.search, s.body])).toEqual([
      ['GET', '?symbol=THYAO', ''],
      ['POST', '', ''],
      ['GET', '?symbol=ASELS', ''],
      ['POST', '', 'coin=BTC'],
    ]);
    // The empty POST's answer is still there for its own call.
    await expect(call(wallet, {})).resolves.toEqual({ n: 2 });
    expect(seen).toHaveLength(4);
  });

  it('are not taken by another account or after signing out', async () => {
    signIn();
    askEarly(wallet, {});
    await settle();
    setAccountType('demo');
    await call(wallet, {});
    signIn();
    askEarly(wallet, {});
    await settle();
    clearUserInfo();
    await call(wallet, {});
    expect(seen.map((s) => s.token)).toEqual(['tok-1', 'demo-1', 'tok-1', null]);
  });

  it.each(['broken', 'unavailable'] as const)(
    'that failed (%s) are dropped: the screen asks anew and shows its own failure once',
    async (kind) => {
      answer = kind;
      const toasts = toast.id;
      askEarly(quote, { symbol: 'THYAO' });
      await vi.waitFor(() => expect(held().size).toBe(0));
      expect(toast.id).toBe(toasts);
      await expect(call(quote, { symbol: 'THYAO' })).rejects.toMatchObject({
        kind: kind === 'broken' ? 'network' : 'business',
      });
      expect(seen).toHaveLength(2);
      // A refusal is toasted by a call that is not silent; a network failure is the screen's to show.
      expect(toast.id - toasts).toBe(kind === 'unavailable' ? 1 : 0);
      answer = 'count';
      await expect(call(quote, { symbol: 'THYAO' })).resolves.toEqual({ n: 3 });
    },
  );

  it("that were refused in their envelope are taken: the screen's call reports the refusal once", async () => {
    answer = 'refused';
    const toasts = toast.id;
    askEarly(quote, { symbol: 'THYAO' });
    await settle();
    // Held as it came, unread: the screen's call reads it.
    expect(held().size).toBe(1);
    expect(toast.id).toBe(toasts);
    await expect(call(quote, { symbol: 'THYAO' })).rejects.toMatchObject({
      kind: 'business',
      message: 'Kapalı',
    });
    expect(seen).toHaveLength(1);
    expect(toast.id - toasts).toBe(1);
    // Taken once: the next call asks anew.
    answer = 'count';
    await expect(call(quote, { symbol: 'THYAO' })).resolves.toEqual({ n: 2 });
    expect(seen).toHaveLength(2);
  });

  it('name the query of the page being opened, only on that page', () => {
    history.replaceState(null, '', '/pages/stock/stockKline?symbol=thyao');
    expect(openingQuery('/pages/stock/stockKline')?.get('symbol')).toBe('thyao');
    expect(openingQuery('/pages/tabbar/markets')).toBeNull();
  });
});
