// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
 * A number the ticket cannot take says what is wrong with it (not "318,555" called "must be
 * greater than 0" and "-1" called "cannot be 0"): the tickets' inputs
 * are the one amount field, which keeps exactly what was typed and says what is wrong with it as
 * it is typed, in the words every money form uses, under the field it was typed in; the submit
 * stays off while it stands.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.get(`${API}/stock/index/info`, () => ok(SAMPLE_THYAO_INFO)),
  http.get(`${API}/stock/hold/info`, () => ok(SAMPLE_THYAO_HOLD)),
  http.post(`${API}/user/info`, () =>
    HttpResponse.json({ code: -1001, key: 'INTERNAL_ERROR', msg: '', data: null }),
  ),
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/assets`, () => ok(SAMPLE_COIN_ASSETS)),
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
  resetMarket();
  setMarketDataApi(new FakeMarketData());
});
afterEach(() => {
  cleanup();
  setLanguage('tr-TR');
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function renderStock(lang: 'tr-TR' | 'en-US') {
  setLanguage(lang);
  await act(async () => {
    applyPatch({ feed: { state: 'live', since: 1 } });
    await Promise.resolve();
  });
  render(
    <Router>
      <StockPanel symbol="THYAO" side="buy" />
    </Router>,
  );
  await screen.findByTestId('ticket-cash');
}

async function renderSpot(lang: 'tr-TR' | 'en-US') {
  setLanguage(lang);
  render(
    <Router>
      <SpotPanel />
    </Router>,
  );
  await screen.findByTestId('empty-state');
}

const fieldError = (testId: string) => screen.getByTestId(`${testId}-error`).textContent;
const submitOff = () => screen.getByTestId<HTMLButtonElement>('ticket-submit').disabled;
const spotError = () => screen.getByTestId('spot-qty-error').textContent;

describe('stock ticket: what is wrong with a typed number', () => {
  it('a limit price with a third decimal takes at most 2 decimals (tr-TR "318,555", en-US "318.555")', async () => {
    await renderStock('tr-TR');
    type('ticket-price', '318,555');
    expect(fieldError('ticket-price')).toBe('TRY en fazla 2 ondalık basamak alır.');
    // Said once, where it was typed: not again as the tick rule under the button.
    expect(screen.queryByTestId('ticket-error')).toBeNull();
    expect(submitOff()).toBe(true);
    cleanup();

    await renderStock('en-US');
    type('ticket-price', '318.555');
    expect(fieldError('ticket-price')).toBe('TRY takes at most 2 decimal places.');
    expect(submitOff()).toBe(true);
  });

  it('a minus sign is named, never dropped; "1,5" lots is not 15 but not a whole number', async () => {
    await renderStock('tr-TR');
    const qty = screen.getByTestId<HTMLInputElement>('ticket-qty');
    expect(qty.inputMode).toBe('numeric');
    type('ticket-qty', '-2');
    expect(qty.value).toBe('-2');
    expect(fieldError('ticket-qty')).toBe("0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).");
    expect(submitOff()).toBe(true);
    type('ticket-qty', '1,5');
    expect(qty.value).toBe('1,5');
    expect(fieldError('ticket-qty')).toBe('Adet tam sayı olmalıdır; ondalık girilemez.');
    expect(submitOff()).toBe(true);
    // "1.000" lots is a thousand: grouping where the field takes no decimals, shown as typed.
    type('ticket-qty', '1.000');
    expect(qty.value).toBe('1.000');
    expect(screen.queryByTestId('ticket-qty-error')).toBeNull();
    cleanup();

    await renderStock('en-US');
    type('ticket-qty', '1.5');
    expect(fieldError('ticket-qty')).toBe('Shares must be a whole number; no decimals.');
    // Never regrouped as it is typed: what is typed is what is shown.
    type('ticket-qty', '12000');
    expect(screen.getByTestId<HTMLInputElement>('ticket-qty').value).toBe('12000');
    expect(screen.queryByTestId('ticket-qty-error')).toBeNull();
  });

  it('letters, a sign or an exponent in a price or quantity are named, and nothing is sent', async () => {
    await renderStock('tr-TR');
    type('ticket-price', '318,5abc');
    // Kept as typed, so the user sees what the field refuses and why.
    expect(screen.getByTestId<HTMLInputElement>('ticket-price').value).toBe('318,5abc');
    expect(screen.getByTestId('ticket-price-error').textContent).toBe(
      'Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.',
    );
    type('ticket-price', '-5');
    expect(screen.getByTestId('ticket-price-error').textContent).toBe(
      "0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).",
    );
    expect(screen.getByTestId<HTMLInputElement>('ticket-price').inputMode).toBe('decimal');
    expect(submitOff()).toBe(true);
    cleanup();

    await renderStock('en-US');
    type('ticket-qty', '1e20');
    expect(screen.getByTestId<HTMLInputElement>('ticket-qty').value).toBe('1e20');
    expect(screen.getByTestId('ticket-qty-error').textContent).toBe(
      'Write the number out in full, without an e (not 1e5 but 100000).',
    );
    expect(submitOff()).toBe(true);
  });
});

describe('coin spot ticket: what is wrong with a typed number', () => {
  it('a minus sign is named as a sign (not "cannot be 0"), and the order stays off', async () => {
    await renderSpot('tr-TR');
    type('spot-qty', '-1');
    expect(screen.getByTestId<HTMLInputElement>('spot-qty').value).toBe('-1');
    expect(spotError()).toBe("0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).");
    expect(screen.getByTestId<HTMLButtonElement>('spot-submit').disabled).toBe(true);
    cleanup();

    await renderSpot('en-US');
    type('spot-qty', '-1');
    expect(spotError()).toBe('Enter a number greater than 0, without a sign (no − or +).');
  });

  it('too many decimals: a quantity takes the places of the coin step, a price those of the tick', async () => {
    // BTCUSDT in the sample: quantity to 4 decimals, price to 2.
    await renderSpot('tr-TR');
    type('spot-qty', '0,00001');
    expect(spotError()).toBe('BTC en fazla 4 ondalık basamak alır.');
    expect(screen.getByTestId<HTMLButtonElement>('spot-submit').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    type('spot-qty', '0,01');
    type('spot-price', '60000,123');
    expect(fieldError('spot-price')).toBe('USDT en fazla 2 ondalık basamak alır.');
    expect(screen.getByTestId<HTMLButtonElement>('spot-submit').disabled).toBe(true);
    cleanup();

    await renderSpot('en-US');
    type('spot-qty', '0.00001');
    expect(spotError()).toBe('BTC takes at most 4 decimal places.');
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    type('spot-qty', '0.01');
    type('spot-price', '60000.123');
    expect(fieldError('spot-price')).toBe('USDT takes at most 2 decimal places.');
  });

  it('a quantity with letters is kept as typed, and the field says only digits go in', async () => {
    await renderSpot('tr-TR');
    type('spot-qty', 'abc');
    expect(screen.getByTestId<HTMLInputElement>('spot-qty').value).toBe('abc');
    expect(spotError()).toBe('Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.');
    cleanup();

    await renderSpot('en-US');
    type('spot-qty', 'abc');
    expect(spotError()).toBe('This is not a number: type only digits and one decimal separator.');
  });

  it('a USDT limit price with letters is refused by its own field', async () => {
    await renderSpot('tr-TR');
    type('spot-qty', '0,01');
    fireEvent.click(screen.getByTestId('spot-type-limit'));
    type('spot-price', 'abc');
    expect(screen.getByTestId('spot-price-error').textContent).toBe(
      'Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.',
    );
  });
});
