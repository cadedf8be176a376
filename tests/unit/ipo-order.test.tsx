// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../domain/protocol/account';
import type { IpoDetail } from '../../domain/protocol/ipo';
import '../../src/i18n/setup';
import { flushMarketData, setMarketDataApi } from '../../src/market/client';
import IpoOrderScreen from '../../src/screens/ipo/ipo-order-screen';
import {
  API,
  application,
  assets,
  detail,
  ipo,
  ok,
  page,
  profile,
  refuse,
  renderAt,
  upcomingIpo,
} from './ipo-fixtures';
import { lotsForm, orderAnswer, orderTestServer, PASSWORD, text } from './order-fixtures';
import { typeInto } from '../support/type-keys';
import { FakeMarketData } from '../support/fake-market-data';

let answer: IpoDetail = detail();
let me: UserProfile = profile();
let available = '5000';
let sent: Record<string, string>[] = [];
let refusal: { key: string; msg: string } | null = null;
let listQueries: string[] = [];

const server = orderTestServer(
  [
    http.get(`${API}/stock/index/new/info`, () => ok(answer)),
    http.get(`${API}/stock/index/new/list`, ({ request }) => {
      listQueries.push(new URL(request.url).search);
      return ok(page([ipo()]));
    }),
    http.post(`${API}/user/assets`, () => ok(assets(available))),
    http.post(`${API}/user/info`, () => ok(me)),
    http.post(
      `${API}/stock/order/new/apply`,
      orderAnswer(
        () => refusal,
        (body) => {
          sent.push(body);
          available = '3157.04';
          return application('31', { lots: body.lots ?? '0' });
        },
      ),
    ),
  ],
  () => {
    answer = detail();
    me = profile();
    available = '5000';
    sent = [];
    refusal = null;
    listQueries = [];
  },
);

async function openForm() {
  renderAt('/pages/stockIPO/ipoOrder?id=2', IpoOrderScreen);
  await screen.findByTestId('order-lots-input');
}

describe('IPO application', () => {
  it('shows what another tab left available: a balances event re-reads it', async () => {
    // The form offered a balance the ledger no longer had until the user left and came back (the
    // broker re-checks; the figure shown must not mislead).
    const fake = new FakeMarketData();
    setMarketDataApi(fake);
    await openForm();
    expect(text('order-available')).toBe('Kullanılabilir bakiye: ₺5.000,00');
    available = '1200';
    fake.push({ events: [{ ch: 'balances', data: {} }] });
    await act(async () => {
      await flushMarketData();
    });
    await waitFor(() => expect(text('order-available')).toBe('Kullanılabilir bakiye: ₺1.200,00'));
  });

  it('with no free cash, leads to a deposit beside the balance; with some, says nothing more', async () => {
    // A new user with ₺0 got only a refusal after typing the lots.
    available = '0';
    await openForm();
    const hint = screen.getByTestId('order-no-cash');
    expect(hint.textContent).toContain('önce hisse hesabınıza para yatırın');
    expect(within(hint).getByTestId('order-no-cash-link').getAttribute('href')).toBe(
      '/pages/recharge/recharge',
    );
    cleanup();
    available = '5000';
    await openForm();
    expect(screen.queryByTestId('order-no-cash')).toBeNull();
  });

  it('shows price, lots, total held, refund date and expected lots as the lots are typed', async () => {
    await openForm();
    expect(text('order-available')).toBe('Kullanılabilir bakiye: ₺5.000,00');
    expect(text('order-total')).toBe('--');
    expect(text('order-expected')).toBe('--');
    typeInto('order-lots-input', '100');
    // 100 × 18.40 = 1840; costs 2.96 (ipo-figures.test.ts) → 1842.96 held.
    expect(text('order-price')).toBe('₺18,40');
    expect(text('order-lots')).toBe('100 lot');
    expect(text('order-amount')).toBe('₺1.840,00');
    // The costs line by line (DECISIONS §5), not one lump: 2.76 + 0.14 + 0.06 = 2.96.
    expect(text('order-commission')).toBe('₺2,76');
    expect(text('order-bsmv')).toBe('₺0,14');
    expect(text('order-exchange-fee')).toBe('₺0,06');
    expect(text('order-hold')).toBe('₺1.842,96');
    expect(text('order-refund-at')).toBe('26.11.2026 18:00');
    // 100 lots: the share on this demand is 8 (pool 1000, 100 × 5, 50 × 20, 10 × 100, mine 100:
    // 5 × 161 ≤ 1000 → 500 among 61 → 20 × 61 > 500 → ⌊500/61⌋ = 8).
    expect(text('order-expected')).toBe('8 lot');
    typeInto('order-lots-input', '5');
    expect(text('order-expected')).toBe('5 lot');
  });

  it('refuses what the server would refuse before asking for the password', async () => {
    await openForm();
    expect(lotsForm.refusal('51')).toBe('En fazla 50 lot talep edebilirsiniz.');
    expect(lotsForm.typed('2,5')).toBe('lot tam sayı olmalıdır; ondalık girilemez.');
    expect(lotsForm.refusal('')).toBe('Kaç lot istediğinizi yazın.');
    available = '100';
    cleanup();
    await openForm();
    // 50 × 18.40 = 920; commission 1.38, BSMV 0.069 → 0.07, fee 0.0276 → 0.03: 921.48.
    expect(lotsForm.refusal('50')).toBe(
      'Hesap bakiyesi talep için yetersiz: kullanılabilir ₺100,00, gereken ₺921,48.',
    );
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('confirms with the trade password and ends on the application, its hold and refund date', async () => {
    answer = detail({ maxLots: '500' });
    await openForm();
    lotsForm.submit('100');
    const sheet = await screen.findByTestId('order-confirm');
    expect(within(sheet).getByTestId('order-hold').textContent).toBe('₺1.842,96');
    expect(within(sheet).getByTestId('order-expected').textContent).toBe('8 lot');
    // Subscriptions always ask for the trade password (DECISIONS §3), not only when orders do.
    expect(sheet.textContent).toContain('Halka arz talepleri 6 haneli işlem şifrenizle onaylanır.');
    const submit = screen.getByTestId('order-confirm-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    typeInto('order-confirm-password', '111111');
    fireEvent.click(submit);
    // The server's refusal by key alone: the words come from the locale.
    expect((await screen.findByTestId('order-confirm-error')).textContent).toBe(
      'İşlem şifresi hatalı. 4 deneme hakkınız kaldı.',
    );
    expect(sent).toEqual([]);
    lotsForm.confirm(PASSWORD);
    const done = await screen.findByTestId('order-done');
    expect(sent).toEqual([{ id: '2', lots: '100', tradePassword: PASSWORD }]);
    expect(text('order-done-status')).toBe('Talep verildi');
    // The form and its button are gone: the result's title has focus, so a screen reader reads it.
    // The title takes focus in an effect, which may run a moment after the result is drawn.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Talebiniz alındı'));
    expect(done.textContent).toContain('EGEGD için 100 lot talep ettiniz. ₺1.842,96 bloke edildi');
    expect(done.textContent).toContain('26.11.2026 18:00');
    expect(screen.getByTestId('order-done-record').getAttribute('href')).toBe(
      '/pages/stockIPO/ipoRecord?id=31',
    );
  });

  it('shows a refusal of the server by its key and re-reads the IPO', async () => {
    refusal = { key: 'IPO_ALREADY_APPLIED', msg: '' };
    await openForm();
    answer = detail({ applied: true });
    lotsForm.order('10');
    // Re-read: the IPO now says the user applied, and the form gives way to that state.
    expect((await screen.findByTestId('ipo-see-applications')).getAttribute('href')).toBe(
      '/pages/stockIPO/list',
    );
    expect(screen.queryByTestId('order-confirm')).toBeNull();
  });

  it('keeps the form with the server message when the refusal leaves the IPO as it was', async () => {
    refusal = { key: 'IPO_INSUFFICIENT_BALANCE', msg: 'Hesap bakiyesi talep için yetersiz (₺1.842,96).' };
    answer = detail({ maxLots: '500' });
    await openForm();
    lotsForm.order('100');
    expect((await screen.findByTestId('order-error')).textContent).toBe(
      'Hesap bakiyesi talep için yetersiz (₺1.842,96).',
    );
    expect(screen.getByTestId('order-lots-input')).toBeTruthy();
  });

  it('asks for a trade password first when none is set', async () => {
    me = profile({ tradePasswordSet: false });
    await openForm();
    expect((await screen.findByTestId('order-set-password')).getAttribute('href')).toBe(
      '/pages/user/tradePassword',
    );
    await waitFor(() =>
      expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('does not offer the form outside the window', async () => {
    answer = { ...detail(), ...upcomingIpo() };
    renderAt('/pages/stockIPO/ipoOrder?id=4', IpoOrderScreen);
    expect(await screen.findByText('Bu halka arz şu an talep kabul etmiyor.')).toBeTruthy();
    expect(screen.queryByTestId('order-lots-input')).toBeNull();
  });

  it('an id that names no IPO offers the IPO list, not a retry that would fail the same way', async () => {
    server.use(
      http.get(`${API}/stock/index/new/info`, () => refuse('IPO_NOT_FOUND', 'Halka arz bulunamadı.')),
    );
    renderAt('/pages/stockIPO/ipoOrder?id=99', IpoOrderScreen);
    const error = await screen.findByTestId('error-state');
    expect(within(error).queryByTestId('retry')).toBeNull();
    const back = within(error).getByTestId('error-back');
    expect([back.textContent, back.getAttribute('href')]).toEqual([
      'Tüm halka arzlar',
      '/pages/stockIPO/ipoList',
    ]);
  });

  it('without an id lists the IPOs accepting subscriptions to choose from', async () => {
    renderAt('/pages/stockIPO/ipoOrder', IpoOrderScreen);
    const chooser = await screen.findByTestId('ipo-chooser');
    const card = await within(chooser).findByTestId('ipo-2');
    expect(card.getAttribute('href')).toBe('/pages/stockIPO/ipoOrder?id=2');
    expect(listQueries[0]).toBe('?page=1&size=20&status=subscribing');
    expect(screen.getByTestId('filter-subscribing').getAttribute('aria-pressed')).toBe('true');
  });
});
