// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../tests/support/render-app';
import { screenHooks } from '../../../tests/support/screen-hooks';
import { typeInto } from '../../../tests/support/type-keys';
import { userProfile } from '../../../tests/support/user-profile';
import { returnPathFrom } from './login-screen';
import { toast } from '../../services/toast';
import { readStored, writeStored } from '../../state/persisted';
import { session } from '../../state/session';

const API = `${location.origin}/ipxtrg-api`;
const user = userProfile({
  id: '7',
  account: '+905551112233',
  accountKind: 'phone',
  email: null,
  phone: '+905551112233',
  nickname: 'Ayşe',
  openAutoApply: 1,
  withdrawPasswordSet: false,
});

let body: URLSearchParams | undefined;
const server = setupServer(
  http.post(`${API}/user/login`, async ({ request }) => {
    body = new URLSearchParams(await request.text());
    return HttpResponse.json({
      code: 0,
      msg: '',
      data: { userToken: 'r', userTokenReal: 'r', userTokenDemo: 'd', user },
    });
  }),
  http.get(`${API}/common/config`, () => HttpResponse.error()),
);

screenHooks(server, {
  signedIn: false,
  reset: () => {
    body = undefined;
  },
});

describe('login screen', () => {
  it('is where the guard sends guests, and links to register and forgot password', async () => {
    renderApp('/pages/user/security');
    expect(await screen.findByTestId('login-account')).toBeTruthy();
    expect(location.pathname).toBe('/pages/account/login');
    expect(screen.getByTestId('login-to-register').getAttribute('href')).toBe('/pages/account/reg');
    fireEvent.click(screen.getByTestId('login-forgot'));
    expect(await screen.findByTestId('forgot-send-code')).toBeTruthy();
  });

  it('carries the email or phone typed on login over to forgot password', async () => {
    renderApp('/pages/account/login');
    fireEvent.click(await screen.findByTestId('login-kind-phone'));
    typeInto('login-account', '5551112233');
    fireEvent.click(screen.getByTestId('login-forgot'));
    await screen.findByTestId('forgot-send-code');
    expect((screen.getByTestId('forgot-account') as HTMLInputElement).value).toBe('5551112233');
    expect(screen.getByTestId('forgot-kind-phone').getAttribute('aria-checked')).toBe('true');
    // Not in the address: an email or phone would sit in the history.
    expect(location.search).toBe('');
  });

  it('returns a guest to the guarded screen they opened, query included, once signed in', async () => {
    writeStored('systemRouter', '/pages/user/about');
    renderApp('/pages/stock/vip?from=drawer');
    typeInto(await screen.findByTestId('login-account').then(() => 'login-account'), 'ayse@example.com');
    expect(location.pathname).toBe('/pages/account/login');
    typeInto('login-password', 'secret12');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(session.userToken).toBe('r'));
    expect(location.pathname + location.search).toBe('/pages/stock/vip?from=drawer');
  });

  it('ignores a return path that is not one of the app’s own pages', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example', '/pages/account/reg']) {
      expect(returnPathFrom(`?redirect=${encodeURIComponent(target)}`)).toBeNull();
    }
    expect(returnPathFrom('?redirect=%2Fpages%2Fuser%2Fsecurity')).toBe('/pages/user/security');
  });

  it('logs in with a phone number and returns to the stored systemRouter', async () => {
    writeStored('systemRouter', '/pages/user/about');
    renderApp('/pages/account/login');
    fireEvent.click(await screen.findByTestId('login-kind-phone'));
    typeInto('login-account', '5551112233');
    typeInto('login-password', 'secret12');
    expect(screen.getByTestId('login-password').getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByTestId('login-password-toggle'));
    expect(screen.getByTestId('login-password').getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(session.userToken).toBe('r'));
    expect(Object.fromEntries(body ?? [])).toEqual({
      accountKind: 'phone',
      account: '5551112233',
      areaCode: '+90',
      password: 'secret12',
    });
    expect(location.pathname).toBe('/pages/user/about');
    expect(readStored('areaCode')).toBe('+90');
  });

  it('shows LOGIN_THROTTLED in the form, not as a toast', async () => {
    server.use(
      http.post(`${API}/user/login`, () =>
        HttpResponse.json({ code: -1001, msg: '60 saniye sonra deneyin.', key: 'LOGIN_THROTTLED', data: {} }),
      ),
    );
    renderApp('/pages/account/login');
    typeInto(await screen.findByTestId('login-account').then(() => 'login-account'), 'ayse@example.com');
    typeInto('login-password', 'wrong-one');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-alert')).textContent).toBe('60 saniye sonra deneyin.');
    expect(toast.text).toBe('');
    expect(session.userToken).toBe('');
  });

  it('coin login goes to the Trade tab on its coin ticket', async () => {
    writeStored('systemTradeType', 'stock');
    renderApp('/pages/account/coinLogin');
    typeInto(await screen.findByTestId('login-account').then(() => 'login-account'), 'ayse@example.com');
    typeInto('login-password', 'secret12');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(location.pathname).toBe('/pages/tabbar/trade'));
    expect(readStored('systemTradeType')).toBe('coin');
  });
});
