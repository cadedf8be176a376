// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askEarly, openingQuery, takeEarly } from './early';

afterEach(() => {
  vi.useRealTimers();
  history.replaceState(null, '', '/');
});

describe('answers asked for early', () => {
  it('are taken once, by their key, while fresh', async () => {
    let calls = 0;
    askEarly('stock-info|THYAO', () => Promise.resolve(++calls));
    expect(takeEarly('stock-info|ASELS')).toBeNull();
    const taken = takeEarly<number>('stock-info|THYAO');
    expect(await taken).toBe(1);
    expect(takeEarly('stock-info|THYAO')).toBeNull();
    expect(calls).toBe(1);
  });

  it('are not taken once stale, and an unused failure is not left unhandled', async () => {
    vi.useFakeTimers();
    askEarly('stock-page|1', () => Promise.reject(new Error('offline')));
    vi.advanceTimersByTime(5_001);
    expect(takeEarly('stock-page|1')).toBeNull();
    await vi.runAllTimersAsync();
  });

  it('name the query of the page being opened, only on that page', () => {
    history.replaceState(null, '', '/pages/stock/stockKline?symbol=thyao');
    expect(openingQuery('/pages/stock/stockKline')?.get('symbol')).toBe('thyao');
    expect(openingQuery('/pages/tabbar/markets')).toBeNull();
  });
});
