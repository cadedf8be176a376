// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n/setup';
import type { SpotPreview } from '../../domain/protocol/order-preview';
import { ApiError } from '../../src/api/request';
import { OrderPreviewCosts } from '../../src/components/trade/order-preview';
import { spotPreviewRows } from '../../src/components/trade/order-preview-rows';
import {
  PREVIEW_DEBOUNCE_MS,
  useOrderPreview,
  type PreviewState,
} from '../../src/components/trade/use-order-preview';
import { setLanguage } from '../../src/state/prefs';

/** A stock market buy of 120 over two levels, as the broker previews it (the server test's figures). */
const STOCK: SpotPreview = {
  symbol: 'THYAO',
  side: 'buy',
  currency: 'TRY',
  asset: 'THYAO',
  fills: [
    { price: '100.10', qty: '50' },
    { price: '100.20', qty: '70' },
  ],
  filledQty: '120',
  restQty: '0',
  amount: '12019',
  avgPrice: '100.158333',
  fees: [
    { key: 'commission', amount: '18.03' },
    { key: 'bsmv', amount: '0.9' },
    { key: 'exchangeFee', amount: '0.36' },
  ],
  feeTotal: '19.29',
  hold: '12103.4',
  holdCurrency: 'TRY',
  cap: '100.7',
  total: '12038.29',
  last: '100.00',
  priceDiff: '0.158333',
  priceDiffPercent: '0.16',
};

/** A loader the test answers by hand, one promise per ask, with the request each was asked for. */
function loader() {
  const asks: { request: unknown; resolve: (v: SpotPreview) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    (request: unknown) =>
      new Promise<SpotPreview>((resolve, reject) => asks.push({ request, resolve, reject })),
  );
  return { load, asks };
}

beforeEach(() => {
  vi.useFakeTimers();
  setLanguage('tr-TR');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useOrderPreview: the broker asked while the user types', () => {
  it('asks once for a quantity typed key by key, after the pause', async () => {
    const { load, asks } = loader();
    const { result, rerender } = renderHook(({ qty }) => useOrderPreview(qty ? { qty } : null, load, false), {
      initialProps: { qty: '' },
    });
    expect(result.current).toBeNull();
    for (const qty of ['1', '12', '120']) {
      rerender({ qty });
      await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS / 2));
    }
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toEqual({ status: 'loading', last: null });
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS));
    expect(load).toHaveBeenCalledTimes(1);
    expect(asks[0]?.request).toEqual({ qty: '120' });
    await act(async () => asks[0]?.resolve(STOCK));
    expect(result.current).toMatchObject({ status: 'ready', data: STOCK });
  });

  it('asks at once when the sheet opens, keeps the same order’s figures meanwhile, and drops a stale answer', async () => {
    const { load, asks } = loader();
    const { result, rerender } = renderHook(({ qty, open }) => useOrderPreview({ qty }, load, open), {
      initialProps: { qty: '120', open: false },
    });
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS));
    await act(async () => asks[0]?.resolve(STOCK));
    rerender({ qty: '120', open: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ status: 'loading', last: STOCK });
    // Another quantity before the answer: the first answer is not this order's.
    rerender({ qty: '121', open: true });
    expect(result.current).toEqual({ status: 'loading', last: null });
    await act(async () => asks[1]?.resolve(STOCK));
    expect(result.current).toEqual({ status: 'loading', last: null });
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS));
    await act(async () => asks[2]?.resolve({ ...STOCK, filledQty: '121' }));
    expect(result.current).toMatchObject({ status: 'ready', data: { filledQty: '121' } });
  });

  it('says why when the broker refuses, in its words', async () => {
    const { load, asks } = loader();
    const { result } = renderHook(() => useOrderPreview({ qty: '1' }, load, true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () =>
      asks.at(-1)?.reject(new ApiError('business', 'Yetersiz bakiye.', { key: 'INSUFFICIENT_BALANCE' })),
    );
    expect(result.current).toEqual({ status: 'failed', reason: 'Yetersiz bakiye.' });
  });
});

describe('OrderPreviewCosts: the broker’s figures in the confirm sheet', () => {
  const show = (state: PreviewState<SpotPreview> | null) =>
    render(
      <OrderPreviewCosts
        state={state}
        rowsOf={(p, t) =>
          spotPreviewRows(t, 'tr-TR', p, { priceScale: 2, qtyScale: 0 }, { commission: 'cost-commission' })
        }
        fallback={<p data-testid="estimate">estimate</p>}
        costsTestId="cost-breakdown"
        testId="stock-preview"
      />,
    );
  const text = (id: string) => screen.getByTestId(id).textContent?.replaceAll('\u00a0', ' ');

  it('shows fees line by line, the average and its distance from the last price, the hold and the total', () => {
    show({ status: 'ready', data: STOCK, key: '{}' });
    expect(screen.queryByTestId('estimate')).toBeNull();
    expect(text('cost-commission')).toBe('₺18,03');
    expect(text('preview-fee-bsmv')).toBe('₺0,90');
    expect(text('preview-fee-exchangeFee')).toBe('₺0,36');
    // Prices and money truncate (DECISIONS §3): 100,158333 → 100,15; 0,158333 → +0,15.
    expect(text('preview-avg')).toBe('100,15');
    expect(text('preview-from-last')).toBe('+0,15 (+%0,16)');
    expect(text('preview-hold')).toBe('₺12.103,40');
    expect(text('preview-total')).toBe('₺12.038,29');
  });

  it('keeps the ticket’s estimate while the broker prices, and when it cannot, says why without blocking', () => {
    show({ status: 'loading', last: null });
    expect(screen.getByTestId('estimate')).toBeTruthy();
    expect(screen.getByTestId('stock-preview-loading')).toBeTruthy();
    cleanup();
    show({ status: 'failed', reason: 'Tahta boş.' });
    expect(screen.getByTestId('estimate')).toBeTruthy();
    expect(text('stock-preview-failed')).toContain('Tahta boş.');
  });

  it('says how much fills now and how much rests for a limit order', () => {
    show({ status: 'ready', data: { ...STOCK, filledQty: '150', restQty: '50' }, key: '{}' });
    expect(text('preview-fills-now')).toBe('150 adet');
    expect(text('preview-rests')).toBe('50 adet');
  });
});
