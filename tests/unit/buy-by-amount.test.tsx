// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import SpotPanel from '../../src/screens/contract/spot-panel';
import { loadSpotRules } from '../../src/screens/contract/use-spot-rules';
import { StockPanel } from '../../src/screens/trade/stock-panel';
import { applyPatch, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import {
  SAMPLE_COIN_ASSETS,
  SAMPLE_COIN_INFOS,
  SAMPLE_THYAO_HOLD,
  SAMPLE_THYAO_INFO,
} from '../support/sample-market';

/**
 * "Buy ₺5.000 worth" on the tickets: the lots (or the coin) the amount buys with its costs, the
 * cash it leaves, and the order sent being those lots. The figures are hand-computed from the
 * sample's costs (0.15% commission, BSMV 5% of it, 0.003% exchange fee; coin fee 0.1%).
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const sent: URLSearchParams[] = [];
const ORDER = {
  id: '7',
  clientOrderId: null,
  wallet: 'stock',
  symbol: 'THYAO',
  name: 'Türk Hava Yolları',
  side: 'buy',
  type: 'limit',
  timeInForce: 'day',
  price: '312.25',
  quantity: '15',
  filledQty: '15',
  avgPrice: '312.25',
  filledAmount: '4683.75',
  fees: '7.52',
  frozen: '0',
  realizedPnl: '0',
  status: 'closed',
  statusReason: null,
  createdAt: 1,
  updatedAt: 1,
};
const server = setupServer(
  http.get(`${API}/stock/index/info`, () => ok(SAMPLE_THYAO_INFO)),
  http.get(`${API}/stock/hold/info`, () => ok(SAMPLE_THYAO_HOLD)),
  http.post(`${API}/stock/order/buy`, async ({ request }) => {
    sent.push(new URLSearchParams(await request.text()));
    return ok({ order: ORDER, fills: [] });
  }),
  http.post(`${API}/user/info`, () =>
    HttpResponse.json({ code: -1001, key: 'INTERNAL_ERROR', msg: '', data: null }),
  ),
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/assets`, () =>
    ok({ ...SAMPLE_COIN_ASSETS, spot: { feeRate: '0.001', minAmount: '10' } }),
  ),
  http.post(`${API}/coin/order/list`, () => ok({ list: [], total: 0, page: 1, size: 20 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The ticket's rules (decimal.js) load after its first paint or at the first input; here up front,
// as on a page past its first paint (their first import in a worker takes seconds of transforms).
beforeAll(async () => {
  await loadSpotRules();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  sent.length = 0;
  resetMarket();
  setMarketDataApi(new FakeMarketData());
});
afterEach(() => {
  cleanup();
  setLanguage('tr-TR');
});

async function patch(value: Parameters<typeof applyPatch>[0]): Promise<void> {
  await act(async () => {
    applyPatch(value);
    await Promise.resolve();
  });
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const text = (testId: string) => screen.getByTestId(testId).textContent;

async function renderStock(lang: 'tr-TR' | 'en-US', side: 'buy' | 'sell' = 'buy') {
  setLanguage(lang);
  await patch({ feed: { state: 'live', since: 1 } });
  render(
    <Router>
      <StockPanel symbol="THYAO" side={side} />
    </Router>,
  );
  await screen.findByTestId('ticket-cash');
}

describe('stock ticket: buy by amount', () => {
  it('₺5.000 at the 312,25 limit: 15 shares, costs and the cash left, and the order is those 15', async () => {
    await renderStock('tr-TR');
    fireEvent.click(screen.getByTestId('size-mode-amount'));
    expect(screen.getByTestId<HTMLInputElement>('by-amount').inputMode).toBe('decimal');
    type('by-amount', '5000');
    // Kept as typed, never regrouped. 16 × 312.25 = 4996.00 needs 8.01 of costs on top: over ₺5.000.
    // 15 × 312.25 = 4683.75; commission 7.025625 → 7.03, BSMV 0.3515 → 0.35, fee 0.1405125 → 0.14.
    expect(screen.getByTestId<HTMLInputElement>('by-amount').value).toBe('5000');
    expect(text('by-amount-qty')).toBe('15 adet');
    expect(text('cost-amount')).toBe('₺4.683,75');
    expect(text('cost-commission')).toBe('₺7,03');
    expect(text('cost-bsmv')).toBe('₺0,35');
    expect(text('cost-exchange-fee')).toBe('₺0,14');
    expect(text('cost-total')).toBe('₺4.691,27');
    expect(text('by-amount-leftover')).toBe('₺308,73');

    fireEvent.click(screen.getByTestId('ticket-submit'));
    const sheet = await screen.findByTestId('confirm-sheet');
    expect(sheet.textContent).toContain('₺308,73');
    expect(sheet.textContent).toContain('₺4.691,27');
    fireEvent.click(screen.getByTestId('confirm-sheet-submit'));
    await screen.findByTestId('result-sheet');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('quantity')).toBe('15');
    expect(sent[0]!.get('price')).toBe('312.25');
    expect(sent[0]!.get('type')).toBe('limit');
  });

  it('at market it walks the asks: 10 at 312,50 and 5 at 312,75', async () => {
    await renderStock('en-US');
    await patch({
      books: {
        THYAO: {
          reset: true,
          bids: ['312.25'],
          asks: ['312.50', '312.75'],
          bidQty: ['312.25', '100'],
          askQty: ['312.50', '10', '312.75', '100'],
          state: 'live',
        },
      },
    });
    fireEvent.click(screen.getByTestId('ticket-type-market'));
    fireEvent.click(screen.getByTestId('size-mode-amount'));
    type('by-amount', '5000');
    // 3125 + 5 × 312.75 = 4688.75, costs 7.03 + 0.35 + 0.14; a 16th share would reach 5001.50.
    expect(text('by-amount-qty')).toBe('15 shares');
    expect(text('cost-total')).toBe('₺4,696.27');
    expect(text('by-amount-leftover')).toBe('₺303.73');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(false));
  });

  it('says when the amount does not buy one lot with its costs, and sends nothing', async () => {
    await renderStock('tr-TR');
    fireEvent.click(screen.getByTestId('size-mode-amount'));
    type('by-amount', '312,25');
    expect(text('by-amount-error')).toBe('Bu tutar maliyetler dahil bir lota yetmiyor.');
    expect(text('by-amount-qty')).toBe('--');
    expect(screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled).toBe(true);
    type('by-amount', '100,123');
    expect(text('by-amount-error')).toBe('TRY en fazla 2 ondalık basamak alır.');
    cleanup();

    await renderStock('en-US');
    fireEvent.click(screen.getByTestId('size-mode-amount'));
    type('by-amount', '300');
    expect(text('by-amount-error')).toBe('This amount does not buy one lot with its costs.');
  });

  it('is a buy choice only: selling counts shares', async () => {
    await renderStock('en-US', 'sell');
    expect(screen.queryByTestId('size-mode-amount')).toBeNull();
    expect(screen.getByTestId('ticket-qty')).toBeTruthy();
  });
});

describe('coin spot ticket: buy by amount', () => {
  it('buys on the pair step with the fee inside the amount', async () => {
    setLanguage('en-US');
    render(
      <Router>
        <SpotPanel />
      </Router>,
    );
    await screen.findByTestId('empty-state');
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    type('spot-price', '60000');
    fireEvent.click(screen.getByTestId('size-mode-amount'));
    type('by-amount', '100');
    // 0.0016 × 60000 = 96 + 0.096 fee; 0.0017 would be 102.
    expect(text('by-amount-qty')).toBe('0.0016 BTC');
    // Shown at the ticket's steady decimals, truncated as money is (96.096 and 3.904).
    expect(text('spot-total')).toBe('96.09 USDT');
    expect(text('by-amount-leftover')).toBe('3.90 USDT');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('spot-submit').disabled).toBe(false));
  });
});
