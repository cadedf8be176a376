// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TickerView } from '../../../domain/market-data/contract';
import { FakeMarketData, tickerView } from '../../../tests/support/fake-market-data';
import { flushMarketData, setMarketDataApi } from '../../market/client';
import { deliverPrivateEvents } from '../../market/private-events';
import { resetMarket } from '../../state/market';
import '../../i18n/setup';
import { resetLastPortfolioThrottle, saveLastPortfolio } from '../../pwa/last-assets';
import { setUnread } from '../../state/messages';
import { setLanguage } from '../../state/prefs';
import { clearUserInfo, setAccountType, setSession } from '../../state/session';
import AssetsScreen from './assets-screen';
import MineScreen from './mine-screen';
import { renderAt } from '../../../tests/support/render-screen';
import { dropKeptAnswers } from '../../components/content/kept-answers';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

const balances = (accountType: 'real' | 'demo') => ({
  accountType,
  balances: [
    { wallet: 'coin', currency: 'BTC', available: '0.123456789', frozen: '0', total: '0.123456789' },
    { wallet: 'stock', currency: 'TRY', available: '98765.4321', frozen: '1234.5', total: '99999.9321' },
    { wallet: 'coin', currency: 'USDT', available: '1000', frozen: '0', total: '1000' },
    { wallet: 'contract', currency: 'USDT', available: '250.5', frozen: '49.5', total: '300' },
    ...extraBalances,
  ],
});
/** More rows for one test (reset before each). */
let extraBalances: object[] = [];
/** A new account's answer: every wallet at zero (one test; reset before each). */
let newAccount = false;
const empty = (accountType: 'real' | 'demo') => ({
  accountType,
  balances: [
    { wallet: 'stock', currency: 'TRY', available: '0', frozen: '0', total: '0' },
    { wallet: 'coin', currency: 'USDT', available: '0', frozen: '0', total: '0' },
    { wallet: 'contract', currency: 'USDT', available: '0', frozen: '0', total: '0' },
  ],
});

let assetCalls: string[] = [];
const server = setupServer(
  http.post(`${API}/user/assets`, ({ request }) => {
    const token = request.headers.get('accesstoken') ?? '';
    assetCalls.push(token);
    const type = token.startsWith('demo') ? 'demo' : 'real';
    return ok(newAccount ? empty(type) : balances(type));
  }),
  http.get(`${API}/user/login/info`, () =>
    ok({
      user: { status: 1, id: '100042', account: 'ayse@example.com', idStatus: 'pending' },
      openAutoApply: 0,
    }),
  ),
  http.post(`${API}/user/message/list`, () => ok({ list: [], total: 3, page: 1, size: 1, unread: 3 })),
  http.post(`${API}/coin/contract/order/list/active`, () => ok({ list: [] })),
);

let fake: FakeMarketData;
beforeEach(() => {
  extraBalances = [];
  newAccount = false;
  resetMarket();
  fake = new FakeMarketData();
  setMarketDataApi(fake);
});

const ticker = (symbol: string, last: string, prev: string): TickerView => tickerView(symbol, last, prev);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // The portfolio keeps its answers across visits: each test's screen is a first visit.
  dropKeptAnswers();
  server.resetHandlers();
  clearUserInfo();
  setUnread(0);
  setLanguage('tr-TR');
  localStorage.clear();
  assetCalls = [];
});
afterAll(() => server.close());

function signIn(): void {
  setSession({
    userToken: 'tok',
    userTokenReal: 'tok',
    userTokenDemo: 'demo-tok',
    user: { id: '100042', account: 'ayse@example.com', idStatus: 'none' },
  });
}

const LIVE = { state: 'live' as const, heard: 1, reason: null };

/** The card's two tickers arrive on a live feed, both streams heard: the figure is live. */
async function pricesLive(): Promise<void> {
  await waitFor(() => expect(fake.active()).toEqual(['ticker|BTCUSDT', 'ticker|USDTTRY']));
  act(() =>
    fake.push({
      feed: { state: 'live', since: 1 },
      streams: { 'ticker|BTCUSDT': LIVE, 'ticker|USDTTRY': LIVE },
      tickers: {
        BTCUSDT: ticker('BTCUSDT', '96000', '95000'),
        USDTTRY: ticker('USDTTRY', '43.85', '43.80'),
      },
    }),
  );
  await act(flushMarketData);
}

describe('Mine tab', () => {
  it('shows guests a login/register card and only the public entries', () => {
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    expect(screen.getByTestId('mine-guest')).toBeTruthy();
    for (const name of ['notices', 'news', 'lang', 'about', 'download'])
      expect(screen.getByTestId(`mine-row-${name}`)).toBeTruthy();
    for (const name of ['assets', 'kyc', 'security', 'account', 'messages', 'ipoSwitch', 'privacy'])
      expect(screen.queryByTestId(`mine-row-${name}`)).toBeNull();
    expect(screen.queryByTestId('mine-account')).toBeNull();
    expect(assetCalls).toEqual([]);
  });

  it('summarises the signed-in account: name, id, KYC, account type, wallet totals, unread', async () => {
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    expect(screen.getByTestId('mine-account').textContent).toBe('ayse@example.com');
    expect(screen.getByTestId('mine-account-type').textContent).toBe('Gerçek hesap');
    // The login info answer (pending) replaces the stored state (none).
    await waitFor(() => expect(screen.getByTestId('mine-kyc-label').textContent).toBe('İnceleniyor'));
    // Before the prices arrive no total is claimed; the balances alone are not the account's worth.
    await waitFor(() => expect(fake.active()).toEqual(['ticker|BTCUSDT', 'ticker|USDTTRY']));
    // It shows as loading, as before the balances came: Home said "Fiyat bekleniyor: USDTTRY" for a
    // moment on every start, a raw symbol and a note that jumped.
    const total = screen.getByTestId('portfolio-total');
    expect(total.textContent).toBe('');
    expect(total.querySelector('.skeleton')).not.toBeNull();
    expect(screen.getByTestId('portfolio-part-stock').textContent).toBe('Hisse₺99.999,93');
    expect(screen.getByTestId('portfolio-part-coin').querySelector('.skeleton')).not.toBeNull();
    expect(document.querySelector('.portfolio__note')?.textContent).not.toMatch(/USDTTRY|bekleniyor/);
    act(() =>
      fake.push({
        tickers: {
          BTCUSDT: ticker('BTCUSDT', '96000', '95000'),
          USDTTRY: ticker('USDTTRY', '43.85', '43.80'),
        },
      }),
    );
    await act(flushMarketData);
    // 99,999.9321 TRY + (1,000 + 0.123456789 × 96,000 + 300) USDT × 43.85
    //   = 99,999.9321 + 13,151.851744 × 43.85 = 99,999.9321 + 576,708.6989744 = 676,708.63 (truncated)
    expect(screen.getByTestId('portfolio-total').textContent).toBe('₺676.708,63');
    // 12,851.851744 × 43.85 = 563,553.6989744; 300 × 43.85
    expect(screen.getByTestId('portfolio-part-coin').textContent).toBe('Kripto₺563.553,69');
    expect(screen.getByTestId('portfolio-part-contract').textContent).toBe('Kontrat₺13.155,00');
    // Day: BTC 0.123456789 × (96,000 × 43.85 − 95,000 × 43.80) = 5,999.9999454, + 1,300 USDT × 0.05
    // = 6,064.9999454; against 670,643.631129 at the previous close: 0.9043…%
    expect(screen.getByTestId('portfolio-day').textContent).toBe('Bugün +₺6.064,99 (+%0,90)');
    expect(screen.getByTestId('portfolio-rate').textContent).toBe(' · 1 USDT = ₺43,85');
    expect((await screen.findByTestId('mine-unread')).textContent).toBe('3');
    for (const name of [
      'assets',
      'kyc',
      'security',
      'account',
      'messages',
      'notices',
      'news',
      'ipoSwitch',
      'privacy',
      'lang',
      'about',
      'download',
    ])
      expect(screen.getByTestId(`mine-row-${name}`)).toBeTruthy();
    expect(within(screen.getByTestId('mine-row-messages')).getByTestId('mine-unread')).toBeTruthy();
  });

  it('greets a verified user by the verified name, the address beneath', async () => {
    server.use(
      http.get(`${API}/user/login/info`, () =>
        ok({
          user: {
            status: 1,
            id: '100042',
            account: 'ayse@example.com',
            idStatus: 'succ',
            verifiedName: 'Ayşe Yılmaz',
          },
          openAutoApply: 0,
        }),
      ),
    );
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    // Before the answer: the stored account only, no name claimed.
    expect(screen.queryByTestId('mine-name')).toBeNull();
    expect((await screen.findByTestId('mine-name')).textContent).toBe('Ayşe Yılmaz');
    expect(screen.getByTestId('mine-account').textContent).toBe('ayse@example.com');
    const names = screen.getByTestId('mine-name').parentElement;
    expect(names?.firstElementChild).toBe(screen.getByTestId('mine-name'));
  });

  it('groups robots with products, polls with membership, support with help — not under news', () => {
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    const section = (row: string) =>
      screen.getByTestId(`mine-row-${row}`).closest('section')?.querySelector('h2')?.textContent;
    expect(section('news')).toBe('Mesajlar ve haberler');
    expect(section('messages')).toBe('Mesajlar ve haberler');
    for (const row of ['robots', 'ipoSwitch', 'loan', 'vip', 'creditScore', 'vote'])
      expect(section(row), row).toBe('Ürünler ve üyelik');
    expect(section('service')).toBe('Yardım ve destek');
    expect(section('about')).toBe('Yardım ve destek');
    expect(section('assets')).toBe('Hesap');
    act(() => setLanguage('en-US'));
    expect(section('robots')).toBe('Products and membership');
    expect(section('service')).toBe('Help and support');
  });

  it('counts a message that arrives while Mine is open, from the socket, without leaving it', async () => {
    signIn();
    let unread = 3;
    server.use(
      http.post(`${API}/user/message/list`, () => ok({ list: [], total: unread, page: 1, size: 1, unread })),
    );
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    expect((await screen.findByTestId('mine-unread')).textContent).toBe('3');
    // The operator approves a deposit: a personal message, announced on the private channel.
    unread = 4;
    act(() => deliverPrivateEvents([{ ch: 'messages', data: { id: '9', kind: 'personal' } }]));
    await waitFor(() => expect(screen.getByTestId('mine-unread').textContent).toBe('4'));
    // After a reconnect some may have been missed: the count is asked for again.
    unread = 6;
    act(() => deliverPrivateEvents([{ ch: 'messages', resync: true }]));
    await waitFor(() => expect(screen.getByTestId('mine-unread').textContent).toBe('6'));
  });

  it('names a price that stopped coming, readably, and claims no total', async () => {
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await waitFor(() => expect(fake.active()).toEqual(['ticker|BTCUSDT', 'ticker|USDTTRY']));
    fake.streamState('ticker|USDTTRY', { state: 'refused', heard: 0, reason: null });
    await act(flushMarketData);
    await waitFor(() =>
      expect(document.querySelector('.portfolio__note')?.textContent).toContain('Fiyat bekleniyor: USDT/TRY'),
    );
    expect(screen.getByTestId('portfolio-total').textContent).toBe('--');
    expect(screen.getByTestId('portfolio-part-coin').textContent).toBe('Kripto--');
  });

  it('brings the account line back with the portfolio retry after an offline start', async () => {
    setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo-tok', user: { id: '' } });
    server.use(
      http.get(`${API}/user/login/info`, () => HttpResponse.error(), { once: true }),
      http.post(`${API}/user/assets`, () => HttpResponse.error(), { once: true }),
    );
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    const retry = await screen.findByRole('button', { name: 'Tekrar dene' });
    expect(screen.getByTestId('mine-account').textContent).toBe('--');
    act(() => retry.click());
    await waitFor(() => expect(screen.getByTestId('mine-account').textContent).toBe('ayse@example.com'));
    expect(screen.getByTestId('mine-user-id').textContent).toBe('100042');
  });

  it('counts what products hold outside the wallets in the total, as a part of its own', async () => {
    server.use(
      http.post(`${API}/user/assets`, () =>
        ok({
          ...balances('real'),
          products: [
            { product: 'ai', currency: 'TRY', value: '2500.4', count: 1 },
            { product: 'robot', currency: 'USDT', value: '120', count: 1 },
          ],
        }),
      ),
    );
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await waitFor(() => expect(fake.active()).toEqual(['ticker|BTCUSDT', 'ticker|USDTTRY']));
    act(() =>
      fake.push({
        tickers: {
          BTCUSDT: ticker('BTCUSDT', '96000', '95000'),
          USDTTRY: ticker('USDTTRY', '43.85', '43.80'),
        },
      }),
    );
    await act(flushMarketData);
    // 2,500.40 + 120 × 43.85 = 7,762.40 on top of the wallets' 676,708.63 (the case above).
    expect(screen.getByTestId('portfolio-part-products').textContent).toBe('Ürünler₺7.762,40');
    expect(screen.getByTestId('portfolio-total').textContent).toBe('₺684.471,03');
  });

  it('shows a loan owed as a negative part, the total net of it (audit s30)', async () => {
    server.use(
      http.post(`${API}/user/assets`, () =>
        ok({
          ...balances('real'),
          loanDebt: { currency: 'TRY', owed: '20030', interest: '30', count: 1 },
        }),
      ),
    );
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await pricesLive();
    // 676,708.63 of wallets (the cases above) − 20,030 owed = 656,678.63.
    expect(screen.getByTestId('portfolio-part-loan').textContent).toBe('Kredi borcu-₺20.030,00');
    expect(screen.getByTestId('portfolio-total').textContent).toBe('₺656.678,63');
  });

  it('offline, shows the products part it showed live: the parts still add up to the total', async () => {
    resetLastPortfolioThrottle();
    server.use(
      http.post(`${API}/user/assets`, () =>
        ok({
          ...balances('real'),
          products: [{ product: 'ai', currency: 'TRY', value: '2500.4', count: 1 }],
        }),
      ),
    );
    signIn();
    const first = renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await pricesLive();
    expect(screen.getByTestId('portfolio-total').textContent).toBe('₺679.209,03');
    first.unmount();
    resetMarket();
    // A new start of the app: no answer kept in memory.
    dropKeptAnswers();
    server.use(http.post(`${API}/user/assets`, () => HttpResponse.error()));
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    const last = await screen.findByTestId('portfolio-last-known');
    expect(within(last).getByTestId('portfolio-total').textContent).toBe('₺679.209,03');
    // 676,708.63 of wallets (the cases above) + 2,500.40 of an AI product.
    expect(within(last).getByTestId('portfolio-part-products').textContent).toBe('Ürünler₺2.500,40');
  });

  it('says the total is at last known prices, dimmed, while its prices are not live', async () => {
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await pricesLive();
    const card = () => screen.getByTestId('portfolio-total').closest('.portfolio') as HTMLElement;
    expect(card().dataset.stale).toBe('false');
    expect(card().textContent).toContain('canlı fiyatlarla');
    // A ticker starved while heartbeats pass: the socket is up, the figure is not live.
    act(() => fake.push({ streams: { 'ticker|BTCUSDT': { ...LIVE, state: 'stale' } } }));
    await act(flushMarketData);
    expect(card().dataset.stale).toBe('true');
    expect(card().className).toContain('stream-stale');
    expect(card().textContent).toContain('Son bilinen fiyatlarla: fiyatlar şu an canlı değil.');
    expect(screen.getByTestId('portfolio-total').textContent).toBe('₺676.708,63');
    // The socket drops: still the last known figure, still said so.
    act(() => fake.push({ feed: { state: 'reconnecting', since: 2 }, streams: { 'ticker|BTCUSDT': LIVE } }));
    await act(flushMarketData);
    expect(card().dataset.stale).toBe('true');
    act(() => fake.push({ feed: { state: 'live', since: 3 } }));
    await act(flushMarketData);
    expect(card().dataset.stale).toBe('false');
  });

  it('offline, shows the last figure seen live with its time, dimmed and said not live', async () => {
    resetLastPortfolioThrottle();
    signIn();
    const first = renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await pricesLive();
    expect(screen.getByTestId('portfolio-total').textContent).toBe('₺676.708,63');
    first.unmount();
    resetMarket();
    // A new start of the app: no answer kept in memory.
    dropKeptAnswers();

    // The app starts again with no network: the balances cannot be read.
    server.use(http.post(`${API}/user/assets`, () => HttpResponse.error()));
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    const last = await screen.findByTestId('portfolio-last-known');
    expect(last.dataset.stale).toBe('true');
    expect(last.className).toContain('stream-stale');
    expect(within(last).getByTestId('portfolio-total').textContent).toBe('₺676.708,63');
    expect(within(last).getByTestId('portfolio-day').textContent).toBe('Bugün +₺6.064,99 (+%0,90)');
    // No product open: no products part, as live.
    expect(within(last).queryByTestId('portfolio-part-products')).toBeNull();
    expect(within(last).getByTestId('portfolio-offline').textContent).toMatch(
      /^Son bilinen değer, \d\d\.\d\d\.\d{4} \d\d:\d\d — çevrimdışı, canlı değil\./,
    );
  });

  it('offline, shows no figure of another session', async () => {
    resetLastPortfolioThrottle();
    signIn();
    saveLastPortfolio({ totalTry: '1000.00', dayPnlTry: null, dayPnlPct: null, parts: {} });
    setSession({
      userToken: 'other-token',
      userTokenReal: 'other-token',
      userTokenDemo: 'd',
      user: { id: '9' },
    });
    server.use(http.post(`${API}/user/assets`, () => HttpResponse.error()));
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await screen.findByText('Portföy yüklenemedi.', { exact: false });
    expect(screen.queryByTestId('portfolio-last-known')).toBeNull();
  });

  it('leads a real account that holds nothing to a deposit; not a funded one, nor the demo account', async () => {
    newAccount = true;
    signIn();
    const { unmount } = renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    const cta = await screen.findByTestId('portfolio-empty');
    expect(cta.textContent).toContain('Hesabınızda henüz para yok.');
    expect(within(cta).getByTestId('portfolio-deposit').getAttribute('href')).toBe(
      '/pages/recharge/recharge',
    );
    act(() => setAccountType('demo'));
    await waitFor(() => expect(assetCalls).toEqual(['tok', 'demo-tok']));
    await waitFor(() => expect(screen.queryByTestId('portfolio-empty')).toBeNull());
    unmount();
    newAccount = false;
    act(() => setAccountType('real'));
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-part-stock').textContent).toBe('Hisse₺99.999,93'),
    );
    expect(screen.queryByTestId('portfolio-empty')).toBeNull();
  });

  it('refetches when the account type changes and labels the demo account', async () => {
    signIn();
    renderAt('/pages/tabbar/mine', '/pages/tabbar/mine', MineScreen);
    await waitFor(() => expect(assetCalls).toEqual(['tok']));
    act(() => setAccountType('demo'));
    await waitFor(() => expect(screen.getByTestId('mine-account-type').textContent).toBe('Demo hesap'));
    await waitFor(() => expect(assetCalls).toEqual(['tok', 'demo-tok']));
  });
});

describe('assets', () => {
  it('lists every wallet currency with available, frozen and total, truncated', async () => {
    // Shares under a block trade's lock-up: not T+1, so not labelled so.
    extraBalances = [
      { wallet: 'stock', currency: 'THYAO', available: '0', frozen: '0', locked: '25', total: '25' },
    ];
    signIn();
    setLanguage('en-US');
    renderAt('/pages/user/assets', '/pages/user/assets', AssetsScreen);
    const row = await screen.findByTestId('assets-row-stock-TRY');
    expect(within(row).getByTestId('assets-row-stock-TRY-available').textContent).toBe('98,765.43');
    expect(within(row).getByTestId('assets-row-stock-TRY-frozen').textContent).toBe('1,234.50');
    expect(within(row).getByTestId('assets-row-stock-TRY-total').textContent).toBe('99,999.93');
    expect(screen.getByTestId('assets-row-coin-BTC-total').textContent).toBe('0.12345678');
    expect(screen.getByTestId('assets-row-contract-USDT-frozen').textContent).toBe('49.50');
    expect(screen.getByTestId('assets-account-type').textContent).toBe('Real account');
    expect(screen.getByTestId('assets-ledger-note').textContent).toContain('sum of ledger entries');
    const shares = screen.getByTestId('assets-row-stock-THYAO');
    expect(within(shares).getByTestId('assets-row-stock-THYAO-locked').textContent).toBe('25');
    expect(within(shares).getByText('Locked')).toBeTruthy();
    expect(screen.getByTestId('assets-locked-note').textContent).toContain('block-trade shares');
    // Money in, out and between currencies starts where the balances are.
    expect(screen.getByTestId('assets-deposit').getAttribute('href')).toBe('/pages/recharge/recharge');
    expect(screen.getByTestId('assets-withdraw').getAttribute('href')).toBe('/pages/withdraw/withdraw');
    expect(screen.getByTestId('assets-exchange').getAttribute('href')).toBe('/pages/exchange/index');
    // Stock first, then USDT before other coins, then contract.
    const order = screen.getAllByTestId(/^assets-row-[a-z]+-[A-Z]+$/).map((el) => el.dataset.testid);
    expect(order).toEqual([
      'assets-row-stock-TRY',
      'assets-row-stock-THYAO',
      'assets-row-coin-USDT',
      'assets-row-coin-BTC',
      'assets-row-contract-USDT',
    ]);
  });

  it.each([
    ['tr-TR', 'Yapay zekâ ürünleri', '₺2.500,40', '1 açık', 'İşlem robotları', '120,00\u00a0USDT', '2 açık'],
    ['en-US', 'AI products', '₺2,500.40', '1 open', 'Trading robots', '120.00\u00a0USDT', '2 open'],
  ] as const)(
    '%s: lists the money robots and AI orders hold, each leading to its screen',
    async (lang, ai, aiValue, aiCount, robot, robotValue, robotCount) => {
      // Home's "Products" counted them in the total while this screen, the breakdown, left them out.
      server.use(
        http.post(`${API}/user/assets`, () =>
          ok({
            ...balances('real'),
            products: [
              { product: 'ai', currency: 'TRY', value: '2500.409', count: 1 },
              { product: 'robot', currency: 'USDT', value: '120', count: 2 },
              { product: 'option', currency: 'TRY', value: '0', count: 0 },
            ],
          }),
        ),
      );
      signIn();
      setLanguage(lang);
      renderAt('/pages/user/assets', '/pages/user/assets', AssetsScreen);
      const aiCard = await screen.findByTestId('assets-product-ai');
      expect(aiCard.getAttribute('href')).toBe('/pages/ai/mine');
      expect(aiCard.textContent).toContain(ai);
      expect(aiCard.textContent).toContain(aiCount);
      expect(screen.getByTestId('assets-product-ai-value').textContent).toBe(aiValue);
      const robotCard = screen.getByTestId('assets-product-robot');
      expect(robotCard.getAttribute('href')).toBe('/pages/robot/mine');
      expect(robotCard.textContent).toContain(robot);
      expect(robotCard.textContent).toContain(robotCount);
      expect(screen.getByTestId('assets-product-robot-value').textContent).toBe(robotValue);
      // A product with nothing open is not listed.
      expect(screen.queryByTestId('assets-product-option')).toBeNull();
    },
  );

  it('lists no products section when the account has none', async () => {
    signIn();
    renderAt('/pages/user/assets', '/pages/user/assets', AssetsScreen);
    await screen.findByTestId('assets-row-stock-TRY');
    expect(screen.queryByTestId('assets-products')).toBeNull();
  });

  it('shows a localized error with a retry, then the data', async () => {
    signIn();
    server.use(http.post(`${API}/user/assets`, () => HttpResponse.error(), { once: true }));
    renderAt('/pages/user/assets', '/pages/user/assets', AssetsScreen);
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('Sunucuya ulaşılamadı');
    act(() => screen.getByTestId('retry').click());
    expect(await screen.findByTestId('assets-row-stock-TRY')).toBeTruthy();
  });

  it('has an empty state', async () => {
    signIn();
    server.use(http.post(`${API}/user/assets`, () => ok({ accountType: 'demo', balances: [] })));
    renderAt('/pages/user/assets', '/pages/user/assets', AssetsScreen);
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    expect(screen.getByTestId('assets-account-type').textContent).toBe('Demo hesap');
    // A demo account cannot deposit or withdraw: no way in is offered.
    expect(screen.queryByTestId('assets-actions')).toBeNull();
  });
});
