// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ipo } from '../../domain/protocol/ipo';
import '../../src/i18n/setup';
import IpoSwitchScreen from '../../src/screens/security/ipo-switch-screen';
import { modal, settleModal } from '../../src/services/modal';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { API, COSTS, lotteryIpo, ok, page, profile, renderAt, T0, upcomingIpo } from './ipo-fixtures';
import { resetClientState } from '../support/client-state';

/**
 * DECISIONS §2: turning on automatic IPO subscription commits money to offerings not yet open,
 * so the screen and its confirmation say the rule (the minimum lots of each new IPO, lots × issue
 * price plus commission and fees frozen, when, and what a short balance does) and, for the next
 * scheduled IPO, the figures (domain/ipo/apply autoApplyPlan, the server's rule).
 */
let coming: Ipo[] = [];
let switched: string[] = [];

const server = setupServer(
  http.post(`${API}/user/info`, () => ok(profile())),
  http.get(`${API}/stock/index/new/list/coming`, () => ok(page(coming))),
  http.get(`${API}/stock/index/new/info`, ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    const found = coming.find((i) => i.id === id);
    return ok(found ? { ...found, demand: [], costs: COSTS } : null);
  }),
  http.post(`${API}/user/update/autoapply`, async ({ request }) => {
    switched.push(await request.text());
    return ok(profile());
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  coming = [upcomingIpo()];
  switched = [];
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  settleModal(false);
  cleanup();
  vi.useRealTimers();
  server.resetHandlers();
  resetClientState();
});
afterAll(() => server.close());

const open = async () => {
  renderAt('/pages/user/ipoSwitch', IpoSwitchScreen);
  return (await screen.findByTestId('ipo-switch-next')).textContent ?? '';
};

describe('automatic IPO subscription', () => {
  it('states the rule and what the next IPO would freeze, in English', async () => {
    setLanguage('en-US');
    const next = await open();
    const body = document.body.textContent ?? '';
    expect(body).toContain("for that IPO's minimum lots");
    expect(body).toContain(
      'the minimum lots × the issue price, plus the commission and fees shown on the IPO',
    );
    expect(body).toContain("released on the IPO's refund date");
    expect(body).toContain(
      'If your available balance is short when the subscription opens, no application is made',
    );
    // MRYEN: 1 lot × ₺27.20; commission 0.15% → 0.04, BSMV 0.00, exchange fee 0.00 → ₺27.24.
    expect(next).toBe(
      'Next IPO' +
        'MRYEN opens for subscription on 11/28/2026, 12:00 PM: 1 lot would be applied for, freezing ₺27.24 ' +
        '(1 lot × ₺27.20 = ₺27.20, plus ₺0.04 commission and fees).',
    );
  });

  it('asks before turning on, with the rule and the figures of the next IPO', async () => {
    await open();
    fireEvent.click(screen.getByTestId('ipo-switch'));
    await waitFor(() => expect(modal.current).not.toBeNull());
    const text = modal.current?.text ?? '';
    expect(text).toContain('en az lot sayısı kadar talep verilir');
    expect(text).toContain('lot × arz fiyatı ile komisyon ve masraflar iade tarihine kadar');
    expect(text).toContain('Bakiyeniz yetmezse talep verilmez.');
    expect(text).toContain(
      'MRYEN 28.11.2026 12:00 tarihinde talep toplamaya başlıyor: 1 lot talep edilir ve ₺27,24 bloke edilir',
    );
    settleModal(false);
    expect(switched).toEqual([]);
  });

  it('applies for whole lottery tickets, and says when nothing is scheduled', async () => {
    coming = [
      lotteryIpo({
        ...upcomingIpo(),
        id: '3',
        symbol: 'ANKYZ',
        issuePrice: '42.5',
        minLots: '5',
        method: 'lottery',
        ticketLots: '10',
      }),
    ];
    const next = await open();
    // 10 lots (the first whole ticket above the 5-lot minimum) × ₺42,50 = ₺425,00 + ₺0,67 costs.
    expect(next).toContain('ANKYZ 28.11.2026 12:00 tarihinde talep toplamaya başlıyor: 10 lot talep edilir');
    cleanup();
    setLanguage('en-US');
    expect(await open()).toContain(
      'ANKYZ opens for subscription on 11/28/2026, 12:00 PM: 10 lots would be applied for',
    );
    cleanup();
    coming = [{ ...upcomingIpo(), paymentMode: 'pay_after' }];
    expect(await open()).toContain(
      'MRYEN opens for subscription on 11/28/2026, 12:00 PM: 1 lot would be applied for with nothing frozen; ' +
        'if you win it, it is paid after allocation (₺27.24).',
    );
    cleanup();
    setLanguage('tr-TR');
    coming = [];
    expect(await open()).toBe('Sıradaki halka arzHenüz planlanmış yeni bir halka arz yok.');
  });
});
