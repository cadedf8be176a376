// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../tests/support/render-app';
import { screenHooks } from '../../../tests/support/screen-hooks';
import { typeInto } from '../../../tests/support/type-keys';
import { userProfile } from '../../../tests/support/user-profile';
import { account } from '../../state/account';
import { session, setSession } from '../../state/session';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const profile = userProfile({
  idStatus: 'pending',
  investorType: 'hni',
  tradePasswordSet: false,
});

const calls: { path: string; token: string | null; body: Record<string, string> }[] = [];
async function record(request: Request, path: string) {
  calls.push({
    path,
    token: request.headers.get('accesstoken'),
    body: Object.fromEntries(new URLSearchParams(await request.text())),
  });
}

const server = setupServer(
  http.post(`${API}/user/info`, async ({ request }) => {
    await record(request, '/user/info');
    return ok(profile);
  }),
  http.post(`${API}/user/demo/reset`, async ({ request }) => {
    await record(request, '/user/demo/reset');
    // As the broker answers: the demo account's balances after the reset.
    const total = '100000';
    return ok({
      accountType: 'demo',
      balances: [{ wallet: 'stock', currency: 'TRY', available: total, frozen: '0', locked: '0', total }],
    });
  }),
  http.post(`${API}/user/update/tradepwd`, async ({ request }) => {
    await record(request, '/user/update/tradepwd');
    return ok(profile);
  }),
  http.post(`${API}/user/update/withdrawpwd`, async ({ request }) => {
    await record(request, '/user/update/withdrawpwd');
    return HttpResponse.json({
      code: -1001,
      msg: 'Hatalı para çekme şifresi.',
      key: 'WITHDRAW_PASSWORD_INCORRECT',
      data: {},
    });
  }),
  http.get(`${API}/user/login/info`, () => ok({})),
  http.get(`${API}/common/config`, () => HttpResponse.error()),
);

screenHooks(server, {
  signedIn: false,
  reset: () => {
    calls.length = 0;
    account.profile = null;
    account.profileStatus = 'idle';
    account.profileToken = '';
    setSession({
      userToken: 'real-1',
      userTokenReal: 'real-1',
      userTokenDemo: 'demo-1',
      user: { id: '100042' },
    });
  },
});

describe('account management', () => {
  it('switches to demo after confirmation, moves the epoch and shows the DEMO badge', async () => {
    renderApp('/pages/user/account');
    expect((await screen.findByTestId('account-type-label')).textContent).toBe('Gerçek hesap');
    expect(screen.queryByTestId('demo-reset')).toBeNull();
    const epoch = account.accountEpoch;
    fireEvent.click(screen.getByTestId('account-switch-demo'));
    fireEvent.click(await screen.findByTestId('modal-cancel'));
    expect(session.userToken).toBe('real-1');
    fireEvent.click(screen.getByTestId('account-switch-demo'));
    fireEvent.click(await screen.findByTestId('modal-confirm'));
    await waitFor(() => expect(session.userToken).toBe('demo-1'));
    expect(session.userAccountType).toBe('demo');
    expect(account.accountEpoch).toBe(epoch + 1);
    expect(screen.getByTestId('account-type-label').textContent).toContain('Demo hesap');
    expect(screen.getByTestId('demo-badge').textContent).toBe('DEMO');
    // The profile is reloaded with the demo token.
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/user/info' && c.token === 'demo-1')).toBe(true),
    );

    fireEvent.click(screen.getByTestId('demo-reset'));
    fireEvent.click(await screen.findByTestId('modal-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path === '/user/demo/reset')).toBe(true));
    expect(calls.find((c) => c.path === '/user/demo/reset')?.token).toBe('demo-1');
    await waitFor(() => expect(account.accountEpoch).toBe(epoch + 2));
  });
  it('says the profile failed, with a retry, instead of a bare "--" investor type', async () => {
    server.use(http.post(`${API}/user/info`, () => HttpResponse.error(), { once: true }));
    renderApp('/pages/user/account');
    fireEvent.click(await screen.findByTestId('profile-retry'));
    expect((await screen.findByTestId('account-investor-type')).textContent).toBe(
      'Nitelikli (yüksek varlıklı)',
    );
    expect(screen.queryByTestId('profile-error')).toBeNull();
  });
});

describe('security', () => {
  it('lists the settings with their state', async () => {
    renderApp('/pages/user/security');
    expect((await screen.findByTestId('security-row-tradePassword')).textContent).toContain('Belirlenmedi');
    expect(screen.getByTestId('security-row-withdrawPassword').textContent).toContain('Belirlendi');
    expect(screen.getByTestId('security-confirm-orders')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('security-row-loginPassword').getAttribute('href')).toBe(
      '/pages/user/loginPassword',
    );
    // The address masked to one line (a long one wrapped over three), whole on its own screen.
    expect(screen.getByTestId('security-row-email').textContent).toContain('ay***@example.com');
    expect(screen.getByTestId('security-row-email').textContent).not.toContain('ayse@');
  });

  it('sets the first trade password with the login password', async () => {
    renderApp('/pages/user/tradePassword?type=trade');
    await screen.findByTestId('pin-login-password');
    typeInto('pin-new', '48a2915');
    expect(screen.getByTestId('pin-new').getAttribute('value')).toBe('482915');
    expect(screen.getByTestId('pin-new').getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByTestId('pin-submit'));
    expect((await screen.findByTestId('pin-login-password-error')).textContent).toMatch(/zorunlu/);
    typeInto('pin-login-password', 'secret12');
    typeInto('pin-confirm', '482915');
    fireEvent.click(screen.getByTestId('pin-submit'));
    await waitFor(() => expect(calls.some((c) => c.path === '/user/update/tradepwd')).toBe(true));
    expect(calls.find((c) => c.path === '/user/update/tradepwd')?.body).toEqual({
      password: '482915',
      confirmPassword: '482915',
      loginPassword: 'secret12',
    });
    expect(account.profile?.tradePasswordSet).toBe(true);
    // Opened on its own (a link, a reload): done, it lands on the security centre, where the new
    // state shows, not on Home.
    await waitFor(() => expect(location.pathname).toBe('/pages/user/security'));
    expect((await screen.findByTestId('security-row-tradePassword')).textContent).toContain('Belirlendi');
  });

  it('changes the withdrawal password with the old one and shows a wrong old one inline', async () => {
    renderApp('/pages/user/tradePassword?type=withdraw');
    await screen.findByTestId('pin-old');
    expect(screen.queryByTestId('pin-login-password')).toBeNull();
    typeInto('pin-old', '111111');
    typeInto('pin-new', '730264');
    typeInto('pin-confirm', '730264');
    fireEvent.click(screen.getByTestId('pin-submit'));
    expect((await screen.findByTestId('pin-old-error')).textContent).toBe('Hatalı para çekme şifresi.');
  });

  it('says under the new PIN when the withdrawal password would be the trade password', async () => {
    server.use(
      http.post(`${API}/user/update/withdrawpwd`, () =>
        HttpResponse.json({
          code: -1001,
          msg: 'Para çekme şifresi işlem şifrenizle aynı olamaz; farklı bir şifre seçin.',
          key: 'WITHDRAW_PASSWORD_SAME_AS_TRADE',
          data: {},
        }),
      ),
    );
    renderApp('/pages/user/tradePassword?type=withdraw');
    await screen.findByTestId('pin-old');
    typeInto('pin-old', '135790');
    typeInto('pin-new', '730264');
    typeInto('pin-confirm', '730264');
    fireEvent.click(screen.getByTestId('pin-submit'));
    expect((await screen.findByTestId('pin-new-error')).textContent).toBe(
      'Para çekme şifresi işlem şifrenizle aynı olamaz; farklı bir şifre seçin.',
    );
  });

  it('refuses a trade password anyone would try first, at the field, without asking the server', async () => {
    renderApp('/pages/user/tradePassword?type=trade');
    await screen.findByTestId('pin-login-password');
    typeInto('pin-login-password', 'secret12');
    typeInto('pin-new', '123456');
    typeInto('pin-confirm', '123456');
    fireEvent.click(screen.getByTestId('pin-submit'));
    expect((await screen.findByTestId('pin-new-error')).textContent).toBe(
      'Şifre kolay tahmin edilen bir dizi olamaz (111111, 123456 gibi).',
    );
    expect(calls.some((c) => c.path === '/user/update/tradepwd')).toBe(false);
  });

  it('refuses a new withdrawal password that is the old one, at the field, without asking the server', async () => {
    renderApp('/pages/user/tradePassword?type=withdraw');
    await screen.findByTestId('pin-old');
    typeInto('pin-old', '135790');
    typeInto('pin-new', '135790');
    typeInto('pin-confirm', '135790');
    fireEvent.click(screen.getByTestId('pin-submit'));
    expect((await screen.findByTestId('pin-new-error')).textContent).toBe(
      'Yeni şifre mevcut şifrenizden farklı olmalıdır.',
    );
    expect(calls.some((c) => c.path === '/user/update/withdrawpwd')).toBe(false);
  });

  it("says at the new-address field when it is the account's address already", async () => {
    server.use(
      http.post(`${API}/common/code/send`, () =>
        HttpResponse.json({
          code: -1001,
          msg: 'Bu zaten hesabınızın e-posta adresi. Yeni adresinizi yazın.',
          key: 'EMAIL_SAME',
          data: {},
        }),
      ),
    );
    renderApp('/pages/user/email');
    await screen.findByTestId('email-new');
    typeInto('email-new', 'ayse@example.com');
    fireEvent.click(screen.getByTestId('email-send-code'));
    expect((await screen.findByTestId('email-new-error')).textContent).toBe(
      'Bu zaten hesabınızın e-posta adresi. Yeni adresinizi yazın.',
    );
  });

  it('refuses a new login password that is the current one, at the field, without asking the server', async () => {
    renderApp('/pages/user/loginPassword');
    await screen.findByTestId('pwd-old');
    typeInto('pwd-old', 'Seans-2026');
    typeInto('pwd-new', 'Seans-2026');
    typeInto('pwd-confirm', 'Seans-2026');
    fireEvent.click(screen.getByTestId('pwd-submit'));
    expect((await screen.findByTestId('pwd-new-error')).textContent).toBe(
      'Yeni şifre mevcut şifrenizden farklı olmalıdır.',
    );
    expect(calls.some((c) => c.path === '/user/update/password')).toBe(false);
    expect(location.pathname).toBe('/pages/user/loginPassword');
  });
});
