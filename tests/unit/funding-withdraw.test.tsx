// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { BankCard, WithdrawStatus } from '../../domain/protocol/funding';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import BankWithdrawScreen from '../../src/screens/funding/bank-withdraw-screen';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import {
  API,
  card,
  closedHours,
  ok,
  page,
  refuse,
  renderAt,
  withdrawal,
  withdrawStatus,
} from './funding-fixtures';
import { screenHooks } from '../support/screen-hooks';
import { typeInto } from '../support/type-keys';

let status: WithdrawStatus = withdrawStatus();
let cards: BankCard[] = [
  card('c1'),
  card('c2', { bankName: 'Akbank', accountNumber: 'TR42 **** **** **** **** **12 34' }),
];
let sent: Record<string, string>[] = [];
/** 12:30 in Istanbul (UTC+3), far enough ahead to stay locked through a test. */
const LOCKED_UNTIL = Date.UTC(2030, 0, 1, 9, 30);
let wrongTries = 0;
const refuseWith = (key: string, msg: string, params: Record<string, number>) =>
  HttpResponse.json({ code: -1001, msg, key, params, data: {} });

const server = setupServer(
  http.get(`${API}/user/withdraw/status`, () => ok(status)),
  http.get(`${API}/bank/list`, () => ok(page(cards))),
  http.post(`${API}/user/withdraw/add`, async ({ request }) => {
    const body = Object.fromEntries(new URLSearchParams(await request.text()));
    if (body.withdrawPassword !== '135790')
      return refuse('WITHDRAW_PASSWORD_INCORRECT', 'Çekim şifresi hatalı.');
    sent.push(body);
    return ok(withdrawal('88', { amount: body.amount ?? '0', fee: '5', receive: '1995' }));
  }),
);

screenHooks(server, {
  reset: () => {
    // The withdrawal screen follows the private balances channel, which the market client carries.
    setMarketDataApi(new FakeMarketData());
    status = withdrawStatus();
    wrongTries = 0;
    cards = [
      card('c1'),
      card('c2', { bankName: 'Akbank', accountNumber: 'TR42 **** **** **** **** **12 34' }),
    ];
    sent = [];
  },
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('bank withdrawal', () => {
  it('says the tries left before the lock, then keeps "Çek" disabled with the unlock time', async () => {
    server.use(
      http.post(`${API}/user/withdraw/add`, () => {
        wrongTries += 1;
        return wrongTries === 1
          ? refuseWith('WITHDRAW_PASSWORD_INCORRECT', 'Para çekme şifresi hatalı. 1 deneme hakkınız kaldı.', {
              triesLeft: 1,
            })
          : refuseWith('PIN_LOCKED', 'Çok fazla hatalı şifre denemesi.', {
              minutes: 60,
              until: LOCKED_UNTIL,
            });
      }),
    );
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    await screen.findByTestId('withdraw-amount');
    typeInto('withdraw-amount', '2000');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    typeInto('withdraw-confirm-password', '111111');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    expect((await screen.findByTestId('withdraw-confirm-error')).textContent).toBe(
      'Para çekme şifresi hatalı. 1 deneme hakkınız kaldı.',
    );
    typeInto('withdraw-confirm-password', '222222');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    await waitFor(() =>
      expect(text('withdraw-confirm-error')).toBe(
        'Çok fazla hatalı deneme: para çekme şifreniz 12:30 saatine kadar kilitli.',
      ),
    );
    expect(screen.getByTestId('withdraw-confirm-submit').hasAttribute('disabled')).toBe(true);
    // Closed, the form says it too, and does not open the sheet again for a PIN that cannot work.
    fireEvent.click(screen.getByTestId('withdraw-confirm-cancel'));
    expect(text('withdraw-pin-locked')).toBe(
      'Çok fazla hatalı deneme: para çekme şifreniz 12:30 saatine kadar kilitli.',
    );
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('a lock the terms report disables the form from the start (English), and it opens at the unlock time', async () => {
    setLanguage('en-US');
    status = withdrawStatus({ pinLockedUntil: Date.now() + 1_500 });
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    expect((await screen.findByTestId('withdraw-pin-locked')).textContent).toMatch(
      /^Too many wrong tries: your withdrawal password is locked until \d{1,2}:\d\d [AP]M\.$/,
    );
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('withdraw-pin-locked')).toBeNull(), { timeout: 4_000 });
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(false);
  });

  it('shows every condition before the form: hours, available, fee rule, expected time', async () => {
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    await screen.findByTestId('withdraw-terms');
    expect(text('funding-hours')).toContain('Şu an açık');
    expect(text('withdraw-available')).toBe('₺12.500,50');
    expect(text('withdraw-fee-rule')).toBe('Tutarın %0,10 kadarı, en az ₺5,00');
    expect(text('withdraw-terms')).toContain('Onaydan sonra 24 saat içinde');
  });

  it('previews fee and what arrives as the amount is typed, with the server’s formula', async () => {
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    await screen.findByTestId('withdraw-amount');
    expect(text('withdraw-receive')).toBe('--');
    // 2000 × 0.001 = 2 < 5: the minimum fee applies.
    typeInto('withdraw-amount', '2000');
    // Kept exactly as typed.
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('2000');
    expect(text('withdraw-fee')).toBe('₺5,00');
    expect(text('withdraw-receive')).toBe('₺1.995,00');
    // 9876,54 × 0.001 = 9.87654 → 9.88 (rounded up); 9876.54 − 9.88 = 9866.66.
    typeInto('withdraw-amount', '9.876,54');
    expect(text('withdraw-fee')).toBe('₺9,88');
    expect(text('withdraw-receive')).toBe('₺9.866,66');
    fireEvent.click(screen.getByTestId('withdraw-all'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('12500,5');
  });

  it('refuses below the minimum and above what is available before asking for the password', async () => {
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    await screen.findByTestId('withdraw-amount');
    typeInto('withdraw-amount', '99');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('En düşük tutar ₺100,00.')).toBeTruthy();
    typeInto('withdraw-amount', '12500,51');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Kullanılabilir bakiyenizden (₺12.500,50) fazla.')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
  });

  it('confirms with the withdrawal password to the chosen card and ends on the pending request', async () => {
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    fireEvent.click(await screen.findByTestId('withdraw-card-c2'));
    typeInto('withdraw-amount', '2000');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(text('withdraw-confirm-fee')).toBe('₺5,00');
    expect(text('withdraw-confirm-receive')).toBe('₺1.995,00');
    // The account's last four digits, not "···13 26" with the IBAN's grouping space inside.
    expect(text('withdraw-confirm-card')).toBe('Akbank ···1234');
    expect(screen.getByText('Çekim şifresi')).toBeTruthy();
    typeInto('withdraw-confirm-password', '111111');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    expect((await screen.findByTestId('withdraw-confirm-error')).textContent).toBe('Çekim şifresi hatalı.');
    expect(sent).toEqual([]);
    typeInto('withdraw-confirm-password', '135790');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    expect((await screen.findByTestId('withdraw-pending')).textContent).toContain('işlemde');
    // The form and its button are gone: the result's title has focus, so a screen reader reads it.
    // The title takes focus in an effect, which may run a moment after the result is drawn.
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Para çekme talebi alındı: işlemde'),
    );
    expect(sent).toEqual([
      {
        cardId: 'c2',
        amount: '2000',
        withdrawPassword: '135790',
        requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    // The hold shows at once: available drops by the amount taken.
    await waitFor(() => expect(text('withdraw-available')).toBe('₺10.500,50'));
  });

  it('offers the withdrawal records once on the pending request, not as a button and a link', async () => {
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    await screen.findByTestId('withdraw-amount');
    // Before a request, the link under the form is the way to the records.
    expect(screen.getAllByText('Para çekme kayıtları')).toHaveLength(1);
    typeInto('withdraw-amount', '2000');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    typeInto('withdraw-confirm-password', '135790');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    await screen.findByTestId('withdraw-pending');
    const records = screen.getAllByText('Para çekme kayıtları');
    expect(records).toHaveLength(1);
    expect(records[0]?.closest('a')?.getAttribute('href')).toBe('/pages/withdraw/withdrawRecord');
    expect(screen.getByTestId('withdraw-to-records')).toBe(records[0]);
    expect(screen.queryByTestId('withdraw-records')).toBeNull();
  });

  it('shows each block as a state, not as an error after submit', async () => {
    const cases: [WithdrawStatus['blocks'][number], string, string | null][] = [
      ['DEMO_NOT_ALLOWED', 'Demo hesaplar para yatıramaz veya çekemez.', null],
      ['KYC_REQUIRED', 'Kimliğimi doğrula', '/pages/user/kyc'],
      ['WITHDRAW_PASSWORD_NOT_SET', 'Çekim şifresi belirle', '/pages/user/tradePassword?type=withdraw'],
    ];
    for (const [block, words, href] of cases) {
      status = withdrawStatus({ blocks: [block] });
      const view = renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
      const shown = await screen.findByTestId('funding-block');
      expect(shown.getAttribute('data-block')).toBe(block);
      expect(shown.textContent).toContain(words);
      if (href) expect(screen.getByTestId('block-action').getAttribute('href')).toBe(href);
      expect(screen.queryByTestId('withdraw-amount')).toBeNull();
      view.unmount();
    }
  });

  it('without a card, asks to add one; outside the hours, says when it opens (English)', async () => {
    setLanguage('en-US');
    cards = [];
    const view = renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    expect((await screen.findByTestId('funding-block')).getAttribute('data-block')).toBe(
      'BANK_CARD_REQUIRED',
    );
    expect(screen.getByTestId('block-action').textContent).toBe('Add a bank account');
    view.unmount();

    cards = [card('c1')];
    status = withdrawStatus({ hours: closedHours, blocks: ['FUNDING_CLOSED'] });
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    expect((await screen.findByTestId('funding-block')).getAttribute('data-block')).toBe('FUNDING_CLOSED');
    expect(text('block-hours')).toBe(
      'Closed now · opens 11/24/2026, 9:00 AMMon–Fri, 09:00–17:00 (Istanbul time)',
    );
    // The block's note is the only one: the screen's own note above it said the same again.
    expect(document.querySelectorAll('.hours-note')).toHaveLength(1);
  });
});
