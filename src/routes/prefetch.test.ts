// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FRESH_FOR_MS } from '../api/early';
import { prefetch } from './prefetch';
import { KEPT_FOR_TAP_MS } from './kept-for-tap';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { call } from '../api/call';

const API = `${location.origin}/ipxtrg-api`;
let asked = 0;
/** What the next answers of /list are: a count, a refusal or a broken connection. */
let answer: 'count' | 'refused' | 'broken' = 'count';

const server = setupServer(
  http.get(`${API}/list`, () => {
    asked += 1;
    if (answer === 'broken') return HttpResponse.error();
    if (answer === 'refused') return HttpResponse.json({ code: -1001, msg: 'no', data: null });
    return HttpResponse.json({ code: 0, msg: '', data: { n: asked } });
  }),
);
const list = z.object({ n: z.number() });
// A test path declared as the first-load calls are (method, path, answer check).
const declared = { method: 'GET', path: '/list', output: list, firstLoad: true } as const;
const load = () => call(declared, { size: 20 }, { silent: true });
/** Lets the prefetch's answer arrive and its checks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked = 0;
  answer = 'count';
  delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => server.close());

describe('prefetching a screen’s first call', () => {
  it('hands the answer to the screen’s own call once while fresh, asking the server once', async () => {
    prefetch({ endpoint: declared, query: { size: 20 } });
    await settle();
    expect(asked).toBe(1);
    await expect(load()).resolves.toEqual({ n: 1 });
    expect(asked).toBe(1);
    // Taken once: the next read asks anew.
    await expect(load()).resolves.toEqual({ n: 2 });
    expect(asked).toBe(2);
  });

  it('asks once for two presses in a row', async () => {
    prefetch({ endpoint: declared, query: { size: 20 } });
    prefetch({ endpoint: declared, query: { size: 20 } });
    await settle();
    expect(asked).toBe(1);
  });

  it('is not taken once stale: the screen asks anew', async () => {
    const now = Date.now();
    prefetch({ endpoint: declared, query: { size: 20 } }, now - FRESH_FOR_MS - 1);
    await settle();
    await expect(load()).resolves.toEqual({ n: 2 });
    expect(asked).toBe(2);
  });

  it('kept for a tap, is taken until KEPT_FOR_TAP_MS after it was asked, and not after', async () => {
    const now = Date.now();
    prefetch({ endpoint: declared, query: { size: 20 } }, now - FRESH_FOR_MS - 1, KEPT_FOR_TAP_MS);
    await settle();
    await expect(load()).resolves.toEqual({ n: 1 });
    prefetch({ endpoint: declared, query: { size: 20 } }, now - KEPT_FOR_TAP_MS - 1, KEPT_FOR_TAP_MS);
    await settle();
    await expect(load()).resolves.toEqual({ n: 3 });
    expect(asked).toBe(3);
  });

  it('is not taken for another query', async () => {
    prefetch({ endpoint: declared, query: { size: 50 } });
    await settle();
    await expect(load()).resolves.toEqual({ n: 2 });
  });

  it('keeps no broken answer: the screen asks itself', async () => {
    answer = 'broken';
    prefetch({ endpoint: declared, query: { size: 20 } });
    // Dropped once its answer has been read.
    const held = (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] as Map<string, unknown>;
    await vi.waitFor(() => expect(held.size).toBe(0));
    answer = 'count';
    await expect(load()).resolves.toEqual({ n: 2 });
    expect(asked).toBe(2);
  });

  it('hands a refused answer to the screen’s own call, which reports it without asking again', async () => {
    answer = 'refused';
    prefetch({ endpoint: declared, query: { size: 20 } });
    await settle();
    await expect(load()).rejects.toMatchObject({ kind: 'business', message: 'no' });
    expect(asked).toBe(1);
    answer = 'count';
    await expect(load()).resolves.toEqual({ n: 2 });
  });
});
