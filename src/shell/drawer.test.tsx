// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeMarketData } from '../../tests/support/fake-market-data';
import { App } from '../app';
import { setMarketDataApi } from '../market/client';
import { toast } from '../services/toast';
import { clearUserInfo, session, setSession } from '../state/session';
import { closeDrawer, ui } from '../state/ui';

const API = `${location.origin}/ipxtrg-api`;
const loginInfo = (status: number, openAutoApply: 0 | 1) => ({
  code: 0,
  msg: '',
  data: { user: { status, id: '100042', account: 'ayse@example.com', idStatus: 'pending' }, openAutoApply },
});

let logoutCalls = 0;
const server = setupServer(
  http.get(`${API}/user/login/info`, () => HttpResponse.json(loginInfo(1, 1))),
  http.post(`${API}/user/logout`, () => {
    logoutCalls += 1;
    return HttpResponse.json({ code: 0, msg: '', data: {} });
  }),
  http.get(`${API}/common/config`, () => HttpResponse.error()),
  // Home behind the drawer: its lists and, signed in, the portfolio card.
  http.get(`${API}/stock/index/indices/list`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: [] } }),
  ),
  http.get(`${API}/stock/index/list/hot`, () => HttpResponse.json({ code: 0, msg: '', data: { list: [] } })),
  http.post(`${API}/coin/infos`, () => HttpResponse.json({ code: 0, msg: '', data: { list: [] } })),
  http.post(`${API}/coin/tickers`, () => HttpResponse.json({ code: 0, msg: '', data: { list: [] } })),
  http.post(`${API}/user/assets`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { accountType: 'real', balances: [] } }),
  ),
  http.post(`${API}/coin/contract/order/list/active`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: [] } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setMarketDataApi(new FakeMarketData());
  logoutCalls = 0;
  history.replaceState(null, '', '/pages/tabbar/home');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  closeDrawer();
  clearUserInfo();
  localStorage.clear();
});
afterAll(() => server.close());

function signIn(): void {
  setSession({
    userToken: 'tok',
    userTokenReal: 'tok',
    userTokenDemo: 'demo',
    user: { id: '100042', account: 'ayse@example.com' },
  });
}

async function openDrawer(): Promise<void> {
  render(<App />);
  fireEvent.click(await screen.findByTestId('drawer-open'));
  expect(ui.drawerOpen).toBe(true);
  // Its code loads on the first open (drawer-slot.tsx).
  await screen.findByTestId('drawer-header');
}

describe('drawer', () => {
  it('sends guests to login from account rows but opens about', async () => {
    await openDrawer();
    expect(screen.getByTestId('drawer-header').textContent).toContain('Giriş yap / Kayıt ol');
    expect(screen.queryByTestId('drawer-row-signOut')).toBeNull();
    expect(screen.queryByTestId('drawer-row-ipoSwitch')).toBeNull();
    fireEvent.click(screen.getByTestId('drawer-row-security'));
    expect(ui.drawerOpen).toBe(false);
    expect(location.pathname).toBe('/pages/account/login');
    // Signed in, the guest lands on the row they tapped.
    expect(new URLSearchParams(location.search).get('redirect')).toBe('/pages/user/security');
    act(() => history.back());
    fireEvent.click(await screen.findByTestId('drawer-open'));
    fireEvent.click(screen.getByTestId('drawer-row-about'));
    expect(location.pathname).toBe('/pages/user/about');
  });

  it('loads the login info of a signed-in user and shows KYC, id and the auto-apply row', async () => {
    signIn();
    await openDrawer();
    expect(await screen.findByTestId('drawer-kyc')).toHaveProperty('textContent', 'İnceleniyor');
    // The email reads whole and may wrap only after its "@" (it broke mid-word at 300 px).
    const name = screen.getByTestId('drawer-account');
    expect(name.textContent).toBe('ayse@example.com');
    expect(name.querySelector('wbr')?.previousSibling?.textContent).toBe('ayse@');
    expect(screen.getByTestId('drawer-row-ipoSwitch')).toBeTruthy();
    fireEvent.click(screen.getByTestId('drawer-row-bankList'));
    expect(location.pathname + location.search).toBe('/pages/wallet/bankList?type=2');
  });

  it('greets a verified user by the verified name, the email as the line beneath', async () => {
    server.use(
      http.get(`${API}/user/login/info`, () =>
        HttpResponse.json({
          code: 0,
          msg: '',
          data: {
            user: {
              status: 1,
              id: '100042',
              account: 'ayse@example.com',
              idStatus: 'succ',
              verifiedName: 'Ayşe Yılmaz',
            },
            openAutoApply: 0,
          },
        }),
      ),
    );
    signIn();
    await openDrawer();
    expect((await screen.findByTestId('drawer-name')).textContent).toBe('Ayşe Yılmaz');
    expect(screen.getByTestId('drawer-account').textContent).toBe('ayse@example.com');
    expect(screen.getByTestId('drawer-kyc').textContent).toBe('Doğrulandı');
  });

  it('copies the user id and toasts; a refused copy stays silent', async () => {
    signIn();
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) },
    });
    await openDrawer();
    fireEvent.click(screen.getByTestId('drawer-copy-id'));
    await waitFor(() => expect(toast.text).toBe('Kopyalandı'));
    expect(copied).toBe('100042');
    expect(location.pathname).toBe('/pages/tabbar/home');

    toast.text = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    fireEvent.click(screen.getByTestId('drawer-copy-id'));
    await act(async () => undefined);
    expect(toast.text).toBe('');
  });

  it('signs out on status 0 in the login info', async () => {
    signIn();
    server.use(http.get(`${API}/user/login/info`, () => HttpResponse.json(loginInfo(0, 0))));
    await openDrawer();
    await waitFor(() => expect(session.userToken).toBe(''));
    expect(location.pathname).toBe('/pages/account/login');
  });

  it('asks before signing out; cancel keeps the session, confirm clears it and opens login', async () => {
    signIn();
    await openDrawer();
    fireEvent.click(screen.getByTestId('drawer-row-signOut'));
    expect((await screen.findByTestId('modal')).textContent).toContain('oturumunuzu kapatmak');
    fireEvent.click(screen.getByTestId('modal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(ui.drawerOpen).toBe(true);
    expect(session.userToken).toBe('tok');

    fireEvent.click(screen.getByTestId('drawer-row-signOut'));
    fireEvent.click(await screen.findByTestId('modal-confirm'));
    await waitFor(() => expect(location.pathname).toBe('/pages/account/login'));
    expect(ui.drawerOpen).toBe(false);
    expect(session.userToken).toBe('');
    await waitFor(() => expect(logoutCalls).toBe(1));
  });

  it('is a modal dialog for the keyboard: focus inside, Tab kept in, Escape closes and gives focus back', async () => {
    signIn();
    render(<App />);
    const opener = await screen.findByTestId('drawer-open');
    opener.focus();
    fireEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Menü' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    expect(drawer.contains(document.activeElement)).toBe(true);
    const buttons = [...drawer.querySelectorAll<HTMLElement>('button')];
    buttons[buttons.length - 1]?.focus();
    // Tab from the last row goes back to the drawer's first control, not to the page behind it.
    expect(fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);

    // The sign-out question over it takes Escape alone.
    fireEvent.click(screen.getByTestId('drawer-row-signOut'));
    await screen.findByTestId('modal');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(ui.drawerOpen).toBe(true);

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(ui.drawerOpen).toBe(false));
    expect(document.activeElement).toBe(opener);
  });
});
