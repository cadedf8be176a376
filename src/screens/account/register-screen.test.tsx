// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../tests/support/render-app';
import { screenHooks } from '../../../tests/support/screen-hooks';
import { typeInto } from '../../../tests/support/type-keys';
import { userProfile } from '../../../tests/support/user-profile';
import { toast } from '../../services/toast';
import { account } from '../../state/account';
import { readStored } from '../../state/persisted';
import { session } from '../../state/session';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const fail = (key: string, msg: string) => HttpResponse.json({ code: -1001, msg, key, data: {} });

const user = userProfile({
  idStatus: 'none',
  tradePasswordSet: false,
  withdrawPasswordSet: false,
});
const loginAnswer = { userToken: 'real-1', userTokenReal: 'real-1', userTokenDemo: 'demo-1', user };

let bodies: Record<string, URLSearchParams> = {};
const server = setupServer(
  http.post(`${API}/common/code/send`, async ({ request }) => {
    bodies.code = new URLSearchParams(await request.text());
    return ok({ resendAfterSeconds: 60 });
  }),
  http.post(`${API}/user/register`, async ({ request }) => {
    bodies.register = new URLSearchParams(await request.text());
    return ok(loginAnswer);
  }),
  http.get(`${API}/common/config`, () => HttpResponse.error()),
);

screenHooks(server, {
  signedIn: false,
  reset: () => {
    bodies = {};
  },
});

const REGISTER = '/pages/account/reg?inviteCode=FRIEND7';

async function fillEmailForm(): Promise<void> {
  renderApp(REGISTER);
  await screen.findByTestId('reg-account');
  typeInto('reg-account', 'Ayse@Example.com');
  typeInto('reg-code', '123456');
  typeInto('reg-password', 'secret12');
  typeInto('reg-confirm', 'secret12');
}

describe('register screen', () => {
  it('checks the form with the shared schema before sending anything', async () => {
    renderApp(REGISTER);
    fireEvent.click(await screen.findByTestId('reg-submit'));
    expect((await screen.findByTestId('reg-account-error')).textContent).toBe(
      'E-posta adresi alanı zorunludur.',
    );
    expect(screen.getByTestId('reg-agree-error').textContent).toMatch(/sorumluluk reddi/i);
    typeInto('reg-account', 'not-an-email');
    typeInto('reg-password', 'secret12');
    typeInto('reg-confirm', 'secret13');
    fireEvent.click(screen.getByTestId('reg-submit'));
    expect((await screen.findByTestId('reg-account-error')).textContent).toMatch(/e-posta/i);
    typeInto('reg-account', 'ayse@example.com');
    typeInto('reg-code', '123456');
    fireEvent.click(screen.getByTestId('reg-agree'));
    fireEvent.click(screen.getByTestId('reg-submit'));
    expect((await screen.findByTestId('reg-confirm-error')).textContent).toMatch(/eşleşmiyor/i);
    expect(bodies.register).toBeUndefined();
  });

  it('shows the agreement as one sentence whose two legal texts are links', async () => {
    renderApp(REGISTER);
    const disclaimer = await screen.findByTestId('reg-disclaimer');
    expect(disclaimer.textContent).toBe('Sorumluluk reddi beyanını');
    expect(screen.getByTestId('reg-privacy').textContent).toBe('gizlilik politikasını');
    expect(disclaimer.parentElement?.textContent).toBe(
      'Sorumluluk reddi beyanını ve gizlilik politikasını okudum ve kabul ediyorum.',
    );
  });

  it('prefills the invite code from the link and labels every input', async () => {
    renderApp(REGISTER);
    expect((await screen.findByTestId('reg-invite')).getAttribute('value')).toBe('FRIEND7');
    expect(readStored('inviteCode')).toBe('FRIEND7');
    for (const id of ['reg-account', 'reg-code', 'reg-password', 'reg-confirm', 'reg-invite']) {
      const input = screen.getByTestId(id);
      expect(document.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    }
    expect(screen.getByTestId('reg-code').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByTestId('reg-password').getAttribute('autocomplete')).toBe('new-password');
  });

  it('sends a code for a phone account with the area code, then counts down', async () => {
    renderApp(REGISTER);
    fireEvent.click(await screen.findByTestId('reg-kind-phone'));
    expect(screen.getByTestId('reg-area-code').getAttribute('value')).toBe('+90');
    typeInto('reg-account', '0555 111 22 33');
    fireEvent.click(screen.getByTestId('reg-send-code'));
    await waitFor(() => expect(bodies.code).toBeDefined());
    expect(Object.fromEntries(bodies.code ?? [])).toEqual({
      accountKind: 'phone',
      account: '0555 111 22 33',
      areaCode: '+90',
      purpose: 'register',
    });
    await waitFor(() => expect(screen.getByTestId('reg-send-code').textContent).toMatch(/sn sonra/));
    expect(screen.getByTestId('reg-send-code')).toHaveProperty('disabled', true);
  });

  it('registers, signs in and leaves for the stored systemRouter', async () => {
    await fillEmailForm();
    fireEvent.click(screen.getByTestId('reg-agree'));
    fireEvent.click(screen.getByTestId('reg-submit'));
    await waitFor(() => expect(session.userToken).toBe('real-1'));
    expect(Object.fromEntries(bodies.register ?? [])).toMatchObject({
      accountKind: 'email',
      account: 'Ayse@Example.com',
      code: '123456',
      agree: '1',
      inviteCode: 'FRIEND7',
    });
    expect(session.userTokenDemo).toBe('demo-1');
    expect(session.loginInfo?.user.id).toBe('100042');
    expect(account.profile?.id).toBe('100042');
    expect(location.pathname).toBe('/pages/tabbar/home');
    expect(toast.text).toMatch(/hoş geldiniz/i);
  });

  it('shows a server refusal under the field it names, without a toast', async () => {
    server.use(http.post(`${API}/user/register`, () => fail('ACCOUNT_EXISTS', 'Bu hesap zaten kayıtlı.')));
    await fillEmailForm();
    fireEvent.click(screen.getByTestId('reg-agree'));
    fireEvent.click(screen.getByTestId('reg-submit'));
    expect((await screen.findByTestId('reg-account-error')).textContent).toBe('Bu hesap zaten kayıtlı.');
    expect(toast.text).toBe('');
    expect(session.userToken).toBe('');
  });

  it('says a code tried too often is spent, under the code field', async () => {
    const msg = 'Bu kod için çok fazla hatalı deneme yapıldı. Lütfen yeni bir kod isteyin.';
    server.use(http.post(`${API}/user/register`, () => fail('CODE_ATTEMPTS_EXCEEDED', msg)));
    await fillEmailForm();
    fireEvent.click(screen.getByTestId('reg-agree'));
    fireEvent.click(screen.getByTestId('reg-submit'));
    expect((await screen.findByTestId('reg-code-error')).textContent).toBe(msg);
    expect(toast.text).toBe('');
  });
});
