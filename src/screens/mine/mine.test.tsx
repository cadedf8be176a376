// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import '../../i18n';
import { RoutePathContext } from '../../routes/route-context';
import { useAppLocation } from '../../routes/navigation';
import { setUnread } from '../../state/messages';
import { setLanguage } from '../../state/prefs';
import { clearUserInfo, setAccountType, setSession } from '../../state/session';
import AssetsScreen from './assets-screen';
import MineScreen from './mine-screen';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

const balances = (accountType: 'real' | 'demo') => ({
  accountType,
  balances: [
    { wallet: 'coin', currency: 'BTC', available: '0.123456789', frozen: '0', total: '0.123456789' },
    { wallet: 'stock', currency: 'TRY', available: '98765.4321', frozen: '1234.5', total: '99999.9321' },
    { wallet: 'coin', currency: 'USDT', available: '1000', frozen: '0', total: '1000' },
    { wallet: 'contract', currency: 'USDT', available: '250.5', frozen: '49.5', total: '300' },
  ],
});

let assetCalls: string[] = [];
const server = setupServer(
  http.post(`${API}/user/assets`, ({ request }) => {
    const token = request.headers.get('accesstoken') ?? '';
    assetCalls.push(token);
    return ok(balances(token.startsWith('demo') ? 'demo' : 'real'));
  }),
  http.get(`${API}/user/login/info`, () =>
    ok({
      user: { status: 1, id: '100042', account: 'ayse@example.com', idStatus: 'pending' },
      openAutoApply: 0,
    }),
  ),
  http.post(`${API}/user/message/list`, () => ok({ list: [], total: 3, page: 1, size: 1, unread: 3 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearUserInfo();
  setUnread(0);
  setLanguage('tr-TR');
  localStorage.clear();
  assetCalls = [];
});
afterAll(() => server.close());

function renderAt(path: string, Screen: ComponentType) {
  history.replaceState(null, '', path);
  return render(
    <Router hook={useAppLocation}>
      <RoutePathContext value={path}>
        <Screen />
      </RoutePathContext>
    </Router>,
  );
}

function signIn(): void {
  setSession({
    userToken: 'tok',
    userTokenReal: 'tok',
    userTokenDemo: 'demo-tok',
    user: { id: '100042', account: 'ayse@example.com', idStatus: 'none' },
  });
}

describe('Mine tab', () => {
  it('shows guests a login/register card and only the public entries', () => {
    renderAt('/pages/tabbar/mine', MineScreen);
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
    renderAt('/pages/tabbar/mine', MineScreen);
    expect(screen.getByTestId('mine-account').textContent).toBe('ayse@example.com');
    expect(screen.getByTestId('mine-account-type').textContent).toBe('Gerçek hesap');
    // The login info answer (pending) replaces the stored state (none).
    await waitFor(() => expect(screen.getByTestId('mine-kyc-label').textContent).toBe('İnceleniyor'));
    await waitFor(() =>
      expect(screen.getByTestId('mine-total-stock').textContent).toBe('Hisse · TRY99.999,93'),
    );
    expect(screen.getByTestId('mine-total-coin').textContent).toBe('Kripto · USDT1.000,00');
    expect(screen.getByTestId('mine-total-contract').textContent).toBe('Kontrat · USDT300,00');
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

  it('refetches when the account type changes and labels the demo account', async () => {
    signIn();
    renderAt('/pages/tabbar/mine', MineScreen);
    await waitFor(() => expect(assetCalls).toEqual(['tok']));
    act(() => setAccountType('demo'));
    await waitFor(() => expect(screen.getByTestId('mine-account-type').textContent).toBe('Demo hesap'));
    await waitFor(() => expect(assetCalls).toEqual(['tok', 'demo-tok']));
  });
});

describe('assets', () => {
  it('lists every wallet currency with available, frozen and total, truncated', async () => {
    signIn();
    setLanguage('en-US');
    renderAt('/pages/user/assets', AssetsScreen);
    const row = await screen.findByTestId('assets-row-stock-TRY');
    expect(within(row).getByTestId('assets-row-stock-TRY-available').textContent).toBe('98,765.43');
    expect(within(row).getByTestId('assets-row-stock-TRY-frozen').textContent).toBe('1,234.50');
    expect(within(row).getByTestId('assets-row-stock-TRY-total').textContent).toBe('99,999.93');
    expect(screen.getByTestId('assets-row-coin-BTC-total').textContent).toBe('0.12345678');
    expect(screen.getByTestId('assets-row-contract-USDT-frozen').textContent).toBe('49.50');
    expect(screen.getByTestId('assets-account-type').textContent).toBe('Real account');
    expect(screen.getByTestId('assets-ledger-note').textContent).toContain('sum of ledger entries');
    // Stock first, then USDT before other coins, then contract.
    const order = screen.getAllByTestId(/^assets-row-[a-z]+-[A-Z]+$/).map((el) => el.dataset.testid);
    expect(order).toEqual([
      'assets-row-stock-TRY',
      'assets-row-coin-USDT',
      'assets-row-coin-BTC',
      'assets-row-contract-USDT',
    ]);
  });

  it('shows a localized error with a retry, then the data', async () => {
    signIn();
    server.use(http.post(`${API}/user/assets`, () => HttpResponse.error(), { once: true }));
    renderAt('/pages/user/assets', AssetsScreen);
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('Sunucuya ulaşılamadı');
    act(() => screen.getByTestId('retry').click());
    expect(await screen.findByTestId('assets-row-stock-TRY')).toBeTruthy();
  });

  it('has an empty state', async () => {
    signIn();
    server.use(http.post(`${API}/user/assets`, () => ok({ accountType: 'demo', balances: [] })));
    renderAt('/pages/user/assets', AssetsScreen);
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    expect(screen.getByTestId('assets-account-type').textContent).toBe('Demo hesap');
  });
});
