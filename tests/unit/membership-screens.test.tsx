// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CREDIT_RULE } from '../../domain/credit/score';
import type { Poll, VipStatus } from '../../domain/protocol/membership';
import '../../src/i18n/setup';
import { findRoute } from '../../src/routes/table';
import AdviceScreen from '../../src/screens/membership/advice-screen';
import CreditScoreScreen from '../../src/screens/membership/credit-score-screen';
import VipScreen from '../../src/screens/membership/vip-screen';
import VoteScreen from '../../src/screens/membership/vote-screen';
import { setLanguage } from '../../src/state/prefs';
import { session, setSession } from '../../src/state/session';
import { API, assets, ok, page, profile, refuse, renderAt, T0 } from './ipo-fixtures';
import { vipStatus } from './membership-fixtures';
import { orderTestServer } from './order-fixtures';

const DAY = 86_400_000;
const PIN = '246810';
let vip: VipStatus = vipStatus();
let bought: Record<string, string>[] = [];
let votes: Record<string, string>[] = [];

const poll = (extra: Partial<Poll> = {}): Poll => ({
  id: '1',
  question: 'Hangisi?',
  opensAt: T0 - DAY,
  closesAt: T0 + DAY,
  status: 'open',
  options: [
    { id: '11', label: 'Bir', votes: null, share: null },
    { id: '12', label: 'İki', votes: null, share: null },
  ],
  myOptionId: null,
  totalVotes: null,
  resultsVisible: false,
  ...extra,
});

orderTestServer(
  [
    http.get(`${API}/user/vip/get`, () => ok(vip)),
    http.post(`${API}/user/assets`, () => ok(assets('1000'))),
    http.post(`${API}/user/info`, () => ok(profile())),
    // The app buys with a POST: the PIN in the form body, never in the URL.
    http.post(`${API}/user/vip/buy`, async ({ request }) => {
      expect(new URL(request.url).search).toBe('');
      const query = Object.fromEntries(new URLSearchParams(await request.text()));
      if (query.plan === 'trial') {
        vip = vipStatus({
          state: 'trial',
          active: true,
          activeUntil: T0 + 7 * DAY,
          trialAvailable: false,
          trialStartedAt: T0,
          trialEndsAt: T0 + 7 * DAY,
        });
        return ok(vip);
      }
      if (query.tradePassword !== PIN) return refuse('TRADE_PASSWORD_INCORRECT', 'İşlem şifresi hatalı.');
      bought.push(query);
      vip = { ...vip, state: 'purchased', paidUntil: T0 + 37 * DAY, activeUntil: T0 + 37 * DAY };
      return ok(vip);
    }),
    http.get(`${API}/index/vote/info`, () => ok(page([poll()]))),
    http.post(`${API}/vote`, async ({ request }) => {
      votes.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok(
        poll({
          myOptionId: '12',
          resultsVisible: true,
          totalVotes: 3,
          options: [
            { id: '11', label: 'Bir', votes: 1, share: '0.3333' },
            { id: '12', label: 'İki', votes: 2, share: '0.6666' },
          ],
        }),
      );
    }),
    http.post(`${API}/user/point/change/log`, () =>
      ok({
        score: 67,
        rule: CREDIT_RULE,
        list: [
          { at: T0, kind: 'liquidation', points: -5, applied: -5, scoreAfter: 67 },
          { at: T0 - DAY, kind: 'kyc_approved', points: 10, applied: 10, scoreAfter: 72 },
        ],
        total: 2,
        page: 1,
        size: 20,
      }),
    ),
  ],
  () => {
    vip = vipStatus();
    bought = [];
    votes = [];
  },
);

describe('membership screens', () => {
  it('has the four routes for signed-in users', () => {
    for (const path of [
      '/pages/stock/vip',
      '/pages/stock/advice',
      '/pages/stock/vote',
      '/pages/user/creditScore',
    ])
      expect(findRoute(path)).toMatchObject({ path, public: false });
  });

  it('starts the trial, then shows price, validity and the new end before the password', async () => {
    renderAt('/pages/stock/vip', VipScreen);
    expect((await screen.findByTestId('vip-state-none')).textContent).toBe('VIP değilsiniz');
    expect(screen.getByTestId('vip-price').textContent).toBe('₺499,00');
    expect(screen.getByTestId('vip-terms-trial').textContent).toBe('7 gün');
    fireEvent.click(screen.getByTestId('vip-start-trial'));
    await screen.findByTestId('vip-state-trial');
    // The terms no longer offer the trial just taken.
    expect(screen.getByTestId('vip-terms-trial').textContent).toBe('7 gün · kullanıldı');
    // The trial button is gone: the message has focus, so a screen reader reads it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Ücretsiz denemeniz başladı.'));
    // 23.11.2026 12:00 Istanbul + 7 days.
    expect(screen.getByTestId('vip-until').textContent).toBe('Bitiş: 30.11.2026 12:00');
    fireEvent.click(screen.getByTestId('vip-buy'));
    const sheet = await screen.findByTestId('vip-confirm');
    expect(within(sheet).getByTestId('vip-sheet-price').textContent).toBe('₺499,00');
    // Bought during the trial: 30 days from its end.
    expect(within(sheet).getByTestId('vip-sheet-until').textContent).toBe('30.12.2026 12:00');
    expect(within(sheet).getByTestId('vip-sheet-available').textContent).toContain('₺1.000,00');
    fireEvent.change(within(sheet).getByTestId('vip-confirm-password'), { target: { value: '111111' } });
    fireEvent.click(within(sheet).getByTestId('vip-confirm-submit'));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('İşlem şifresi hatalı.');
    fireEvent.change(within(sheet).getByTestId('vip-confirm-password'), { target: { value: PIN } });
    fireEvent.click(within(sheet).getByTestId('vip-confirm-submit'));
    await screen.findByTestId('vip-state-purchased');
    // The sheet closed (and gave focus back to its button): the new message takes it.
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe(
        'VIP üyeliğiniz 30.12.2026 12:00 tarihine kadar uzatıldı.',
      ),
    );
    expect(bought).toEqual([{ plan: 'paid', price: '499', paidUntil: '0', tradePassword: PIN }]);
  });

  it('tells a demo session that VIP is bought with the real account', async () => {
    setSession({ userToken: 'demo', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'demo');
    renderAt('/pages/stock/vip', VipScreen);
    await screen.findByTestId('vip-demo');
    expect(screen.queryByTestId('vip-buy')).toBeNull();
    // Not a dead end: the switch is on the screen, and it puts the real account in use.
    fireEvent.click(screen.getByTestId('vip-switch-real'));
    expect(session.userAccountType).toBe('real');
    expect(session.userToken).toBe('tok');
  });

  it('invites a non-member on the advice screen', async () => {
    renderAt('/pages/stock/advice', AdviceScreen);
    await screen.findByTestId('advice-invitation');
    expect(screen.getByTestId('advice-become-vip').getAttribute('href')).toBe('/pages/stock/vip');
  });

  it('asks for a choice, votes, and shows the results with the own vote', async () => {
    renderAt('/pages/stock/vote', VoteScreen);
    const submit = await screen.findByTestId('poll-1-submit');
    fireEvent.click(submit);
    expect((await screen.findByTestId('poll-1-error')).textContent).toBe('Bir seçenek seçin.');
    fireEvent.click(screen.getByTestId('poll-1-option-12'));
    fireEvent.click(submit);
    const results = await screen.findByTestId('poll-1-results');
    expect(votes).toEqual([{ pollId: '1', optionId: '12' }]);
    expect(results.textContent).toContain('%66,66');
    expect(results.textContent).toContain('Oyunuz');
    expect(results.textContent).toContain('3 oy');
  });

  it('shows the score, the published rule and the change log', async () => {
    setLanguage('en-US');
    renderAt('/pages/user/creditScore', CreditScoreScreen);
    expect((await screen.findByTestId('credit-score-value')).textContent).toBe('67');
    expect(screen.getByTestId('credit-not-withdrawal').textContent).toContain(
      'never be, a condition for withdrawing',
    );
    expect(screen.getByTestId('credit-rule').textContent).toContain(
      '+2 for every 30 days of membership (at most +10).',
    );
    expect(screen.getByTestId('credit-change-liquidation').textContent).toContain('Contract liquidation');
    expect(screen.getByTestId('credit-change-liquidation').textContent).toContain('-5');
  });
});
