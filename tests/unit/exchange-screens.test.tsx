// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import CryptoConvertScreen from '../../src/screens/exchange/crypto-convert-screen';
import ExchangeIndexScreen from '../../src/screens/exchange/exchange-index-screen';
import GeneralExchangeScreen from '../../src/screens/exchange/general-exchange-screen';
import StockExchangeScreen from '../../src/screens/exchange/stock-exchange-screen';
import { setMarketDataApi } from '../../src/market/client';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';
import { API, answer, exchangeHandlers, renderScreen, tryQuote, type Sent } from './exchange-support';

/**
 * Each exchange route is its own screen: the chooser says what each kind does, the stock screen
 * offers TRY ↔ USDT only, crypto conversion the listed coins and USDT (never TRY), the general
 * form every pair; each has its loading and error state.
 */
const sent: Sent[] = [];
const counts = { assets: 0 };
const server = setupServer(...exchangeHandlers(sent, () => answer(tryQuote()), counts));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  // The form follows the private balances channel, which the market client carries.
  setMarketDataApi(new FakeMarketData());
  setLanguage('en-US');
  sent.length = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

const options = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('option')].map((o) => o.getAttribute('value'));

describe('exchange screens', () => {
  it.each([
    ['tr-TR', 'Döviz İşlemleri', 'Kripto dönüştür'],
    ['en-US', 'Exchange', 'Convert crypto'],
  ] as const)('%s: the chooser lists the four kinds with what each does', async (lang, title, crypto) => {
    setLanguage(lang);
    renderScreen('/pages/exchange/index', <ExchangeIndexScreen />);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const links = ['stock', 'crypto', 'any', 'transfer'].map((k) =>
      screen.getByTestId(`exchange-choice-${k}`),
    );
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/pages/exchange/stock',
      '/pages/exchange/cryptoConvert',
      '/pages/exchange/exchange',
      '/pages/exchange/cryptoTransfer',
    ]);
    expect(links[1]?.textContent).toContain(crypto);
    expect(document.querySelector('[data-screen="/pages/exchange/index"]')).not.toBeNull();
  });

  it('stock: TRY ↔ USDT only, swapped with one tap, each with its account', async () => {
    renderScreen('/pages/exchange/stock', <StockExchangeScreen />);
    await screen.findByTestId('exchange-amount');
    expect(options('exchange-from')).toEqual(['TRY', 'USDT']);
    expect(screen.getByTestId('exchange-to').textContent).toBe('USDT');
    expect(screen.getByText('Stock account')).toBeTruthy();
    fireEvent.click(screen.getByTestId('exchange-swap'));
    expect(screen.getByTestId<HTMLSelectElement>('exchange-from').value).toBe('USDT');
    expect(screen.getByTestId('exchange-to').textContent).toBe('TRY');
    // A balance reads as the wallets show it: USDT in cents, not to the 8 decimals it may be typed to.
    expect(screen.getByText('Available: 500.00 USDT')).toBeTruthy();
  });

  it('crypto: coins and USDT, never TRY, each coin at its own decimals', async () => {
    setLanguage('tr-TR');
    renderScreen('/pages/exchange/cryptoConvert', <CryptoConvertScreen />);
    await screen.findByTestId('exchange-amount');
    expect(document.querySelector('[data-screen="/pages/exchange/cryptoConvert"]')).not.toBeNull();
    expect(options('exchange-from')).toEqual(['USDT', 'BTC', 'ETH', 'SOL', 'XRP']);
    expect(options('exchange-to')).toEqual(['BTC', 'ETH', 'SOL', 'XRP']);
    expect(screen.getByText('Kullanılabilir: 500,00 USDT')).toBeTruthy();
    fireEvent.change(screen.getByTestId('exchange-from'), { target: { value: 'BTC' } });
    // BTC keeps the first target that fits; its balance shows at the wallets' 8 decimals.
    expect(options('exchange-to')).toEqual(['USDT', 'ETH', 'SOL', 'XRP']);
    expect(screen.getByText('Kullanılabilir: 0,25000000 BTC')).toBeTruthy();
    fireEvent.change(screen.getByTestId('exchange-to'), { target: { value: 'ETH' } });
    fireEvent.change(screen.getByTestId('exchange-amount'), { target: { value: '0,1' } });
    fireEvent.click(screen.getByTestId('exchange-quote'));
    await screen.findByTestId('quote-card');
    expect(sent).toEqual([{ from: 'BTC', to: 'ETH', amount: '0.1' }]);
  });

  it('any pair: TRY offers USDT only; USDT offers TRY and every coin', async () => {
    renderScreen('/pages/exchange/exchange', <GeneralExchangeScreen />);
    await screen.findByTestId('exchange-amount');
    expect(options('exchange-from')).toEqual(['TRY', 'USDT', 'BTC', 'ETH', 'SOL', 'XRP']);
    expect(screen.getByTestId('exchange-to').textContent).toBe('USDT');
    fireEvent.change(screen.getByTestId('exchange-from'), { target: { value: 'USDT' } });
    expect(options('exchange-to')).toEqual(['TRY', 'BTC', 'ETH', 'SOL', 'XRP']);
  });

  it('leaves out a sale token not trading yet; it joins once its listing date has passed', async () => {
    // Before: PERA (ICO upcoming) and LUMA (still taking commitments) were offered and every
    // quote answered "no orders on the other side".
    const sale = (base: string, listingAt: number) => ({
      ...SAMPLE_COIN_INFOS[0]!,
      symbol: `${base}USDT`,
      base,
      name: base,
      listingAt,
    });
    server.use(
      http.post(`${API}/coin/infos`, () =>
        HttpResponse.json({
          code: 0,
          msg: '',
          data: {
            list: [
              ...SAMPLE_COIN_INFOS,
              sale('PERA', Date.now() + 30 * 86_400_000),
              sale('LUMA', Date.now() + 86_400_000),
              sale('NOVA', Date.now() - 86_400_000),
            ],
          },
        }),
      ),
    );
    renderScreen('/pages/exchange/cryptoConvert', <CryptoConvertScreen />);
    await screen.findByTestId('exchange-amount');
    expect(options('exchange-from')).toEqual(['USDT', 'BTC', 'ETH', 'SOL', 'XRP', 'NOVA']);
    expect(options('exchange-to')).toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'NOVA']);
    cleanup();
    renderScreen('/pages/exchange/exchange', <GeneralExchangeScreen />);
    await screen.findByTestId('exchange-amount');
    fireEvent.change(screen.getByTestId('exchange-from'), { target: { value: 'USDT' } });
    expect(options('exchange-to')).toEqual(['TRY', 'BTC', 'ETH', 'SOL', 'XRP', 'NOVA']);
  });

  it('shows a skeleton while loading and a retry when the balances cannot be read', async () => {
    server.use(
      http.post(`${API}/user/assets`, () =>
        HttpResponse.json({ code: -1001, msg: 'Service unavailable', key: 'INTERNAL_ERROR', data: null }),
      ),
    );
    renderScreen('/pages/exchange/stock', <StockExchangeScreen />);
    expect(document.querySelector('.skeleton-list[aria-busy="true"]')).not.toBeNull();
    const error = await screen.findByTestId('error-state');
    expect(within(error).getByText('Service unavailable')).toBeTruthy();
    expect(within(error).getByTestId('retry')).toBeTruthy();
  });
});
