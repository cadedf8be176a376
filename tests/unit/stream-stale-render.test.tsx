// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n/setup';
import type { MarketPatch } from '../../domain/market-data/contract';
import { BookView } from '../../src/components/depth/book-view';
import { QuoteHeader } from '../../src/screens/instrument/quote-header';
import { applyPatch, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';

/**
 * a stream that stops shows its figures dimmed with "Stale · N s"; the seconds tick on
 * the DOM, so the figure renders once on the flip and not once a second; a refused stream says
 * why instead of leaving a skeleton.
 */
const NOW = 1_790_000_000_000;
const ticker = {
  symbol: 'THYAO',
  last: '312.50',
  open: '305.00',
  high: '314.00',
  low: '304.25',
  prev: '300.00',
  change: '12.50',
  pct: '4.17',
  vol: '1',
  turnover: '1',
  t: NOW,
  dir: 1 as const,
};

async function patch(value: MarketPatch): Promise<void> {
  await act(async () => {
    applyPatch(value);
    await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
  resetMarket();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('stale figures', () => {
  it('dims the quote with a ticking age, rendering once per flip, not per second', async () => {
    setLanguage('tr-TR');
    await patch({
      tickers: { THYAO: ticker },
      streams: { 'ticker|THYAO': { state: 'live', heard: NOW, reason: null } },
    });
    let renders = 0;
    render(
      <Profiler id="quote" onRender={() => renders++}>
        <QuoteHeader symbol="THYAO" scale={2} fallback={{ last: '0', change: '0', pct: '0' }} />
      </Profiler>,
    );
    expect(screen.getByTestId('quote').dataset.state).toBe('live');
    expect(screen.queryByTestId('quote-stale')).toBeNull();

    await act(async () => vi.advanceTimersByTime(6_000));
    await patch({ streams: { 'ticker|THYAO': { state: 'stale', heard: NOW, reason: null } } });
    expect(screen.getByTestId('quote').className).toContain('quote--stale');
    expect(screen.getByTestId('quote-stale').textContent).toBe('Gecikmeli · 6 sn');
    const afterFlip = renders;

    await act(async () => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('quote-stale').textContent).toBe('Gecikmeli · 9 sn');
    expect(renders).toBe(afterFlip);

    await patch({ streams: { 'ticker|THYAO': { state: 'live', heard: Date.now(), reason: null } } });
    expect(screen.queryByTestId('quote-stale')).toBeNull();
    expect(screen.getByTestId('quote').className).not.toContain('quote--stale');
  });

  it('shows a refused book with the reason instead of an endless skeleton', async () => {
    setLanguage('en-US');
    render(<BookView symbol="THYAO" priceScale={2} qtyScale={0} />);
    expect(screen.getByTestId('book').dataset.state).toBe('loading');
    await patch({ streams: { 'book|THYAO': { state: 'refused', heard: 0, reason: 'MALFORMED_REQUEST' } } });
    expect(screen.getByTestId('book').dataset.state).toBe('refused');
    expect(screen.getByTestId('book-stream-stale').textContent).toBe(
      'Not available: The request could not be read. Retrying…',
    );
    expect(screen.getByTestId('book').querySelector('.skeleton')).toBeNull();
  });
});
