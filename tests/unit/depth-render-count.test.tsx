// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n/setup';
import type { BookPatch } from '../../domain/market-data/contract';
import { BookView } from '../../src/components/depth/book-view';
import { DepthTabs } from '../../src/components/depth/depth-tabs';
import { applyPatch, resetMarket } from '../../src/state/market';
import type * as BookLevel from '../../src/components/depth/use-book-level';

/**
 * ARCHITECTURE rule 7: a 20-level book patch re-renders only the levels it
 * changed, and a hidden book panel renders not at all. Each row reads its quantity through
 * useBookLevel exactly once per render, so counting its calls counts row renders.
 */
const rowRenders = vi.hoisted(() => [] as string[]);
vi.mock('../../src/components/depth/use-book-level', async (importOriginal) => {
  const actual = await importOriginal<typeof BookLevel>();
  return {
    ...actual,
    useBookLevel: (symbol: string, side: 'bid' | 'ask', price: string) => {
      rowRenders.push(`${side}:${price}`);
      return actual.useBookLevel(symbol, side, price);
    },
  };
});

const SYMBOL = 'THYAO';
const bidPrices = Array.from({ length: 20 }, (_, i) => (300 - i * 0.25).toFixed(2));
const askPrices = Array.from({ length: 20 }, (_, i) => (300.25 + i * 0.25).toFixed(2));

function fullBook(): BookPatch {
  return {
    reset: true,
    bids: bidPrices,
    asks: askPrices,
    bidQty: bidPrices.flatMap((p, i) => [p, String(100 + i)]),
    askQty: askPrices.flatMap((p, i) => [p, String(200 + i)]),
    state: 'live',
  };
}

async function patch(book: BookPatch): Promise<void> {
  await act(async () => {
    applyPatch({ books: { [SYMBOL]: book } });
    await Promise.resolve();
  });
}

beforeEach(async () => {
  resetMarket();
  await patch(fullBook());
  rowRenders.length = 0;
});
afterEach(() => cleanup());

describe('BookView render counts', () => {
  it('renders 20 levels a side, then only the 3 levels a patch changes', async () => {
    render(<BookView symbol={SYMBOL} priceScale={2} qtyScale={0} />);
    expect(rowRenders).toHaveLength(40);
    expect(screen.getByTestId(`book-bid-${bidPrices[0]}`).textContent).toContain('100');
    rowRenders.length = 0;

    await patch({
      bidQty: [bidPrices[2]!, '555', bidPrices[17]!, '777'],
      askQty: [askPrices[5]!, '999'],
    });

    expect(rowRenders.sort()).toEqual(
      [`ask:${askPrices[5]}`, `bid:${bidPrices[17]}`, `bid:${bidPrices[2]}`].sort(),
    );
    expect(screen.getByTestId(`book-bid-${bidPrices[2]}`).textContent).toContain('555');
    expect(screen.getByTestId(`book-ask-${askPrices[5]}`).textContent).toContain('999');
  });

  it('renders only the new row when a level enters the top 20', async () => {
    render(<BookView symbol={SYMBOL} priceScale={2} qtyScale={0} />);
    rowRenders.length = 0;
    const better = '300.10';
    await patch({ bids: [better, ...bidPrices.slice(0, 19)], bidQty: [better, '42'] });
    expect(rowRenders).toEqual([`bid:${better}`]);
    expect(screen.getByTestId('book-best-bid').textContent).toBe('300,10');
    expect(screen.queryByTestId(`book-bid-${bidPrices[19]}`)).toBeNull();
  });

  it('shows best bid, best ask and spread, and a resyncing book as stale', async () => {
    render(<BookView symbol={SYMBOL} priceScale={2} qtyScale={0} />);
    expect(screen.getByTestId('book-spread').textContent).toBe('0,25');
    expect(screen.getByTestId('book').dataset.state).toBe('live');
    await patch({ state: 'resyncing' });
    expect(screen.getByTestId('book').dataset.state).toBe('resyncing');
    expect(screen.getByTestId('book-stale').textContent).toMatch(/yenileniyor/);
  });

  it('shows every coin level at the pair’s quantity decimals, so the column lines up', async () => {
    await act(async () => {
      applyPatch({
        books: {
          BTCUSDT: {
            reset: true,
            bids: ['96155.00', '96150.00'],
            asks: ['96160.00'],
            bidQty: ['96155.00', '0.07724', '96150.00', '0.2057'],
            askQty: ['96160.00', '0.1'],
            state: 'live',
          },
        },
      });
      await Promise.resolve();
    });
    render(<BookView symbol="BTCUSDT" priceScale={2} qtyScale={5} />);
    // Trailing zeros were dropped: 0,2057 and 0,1 under 0,07724, each point in another place.
    const qty = (id: string) => screen.getByTestId(id).querySelector('.book-row__qty')?.textContent;
    expect(qty('book-bid-96155.00')).toBe('0,07724');
    expect(qty('book-bid-96150.00')).toBe('0,20570');
    expect(qty('book-ask-96160.00')).toBe('0,10000');
  });

  it('shows a skeleton, not NaN, before the first snapshot', () => {
    render(<BookView symbol="NOPE" priceScale={2} qtyScale={0} />);
    expect(screen.getByTestId('book').dataset.state).toBe('loading');
    expect(screen.getByTestId('book-best-bid').textContent).toBe('--');
    expect(document.body.textContent).not.toMatch(/NaN|undefined/);
  });
});

describe('a hidden book panel', () => {
  it('renders 0 times on book patches while the trades tab is shown', async () => {
    render(<DepthTabs symbol={SYMBOL} priceScale={2} qtyScale={0} initial="trades" />);
    expect(screen.getByTestId('trades-tape')).toBeTruthy();
    rowRenders.length = 0;
    for (let i = 0; i < 5; i++) await patch({ bidQty: [bidPrices[i]!, String(1000 + i)] });
    await patch({ state: 'resyncing' });
    expect(rowRenders).toEqual([]);

    fireEvent.click(screen.getByTestId('depth-tab-book'));
    expect(rowRenders).toHaveLength(40);
    expect(screen.getByTestId(`book-bid-${bidPrices[0]}`).textContent).toContain('1.000');
  });
});
