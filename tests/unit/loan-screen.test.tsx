// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Loan, LoanTerms } from '../../domain/protocol/loans';
import '../../src/i18n/setup';
import LoanScreen from '../../src/screens/loan/loan-screen';
import { setMarketDataApi } from '../../src/market/client';
import { deliverPrivateEvents } from '../../src/market/private-events';
import { API, formOf, newFeed, ok, page, profile, refuse, renderAt, T0 } from './options-fixtures';
import { locationText } from '../../src/screens/location/choose-location-screen';
import { geoUri } from '../../src/components/location/location-handoff';
import { orderTestServer } from './order-fixtures';
import { session, setSession } from '../../src/state/session';

const DAY = 86_400_000;
const terms = (extra: Partial<LoanTerms> = {}): LoanTerms => ({
  currency: 'TRY',
  minAmount: '1000',
  maxAmount: '100000',
  days: [7, 14, 30],
  rateKind: 'daily',
  rate: '0.0005',
  penaltyRate: '0.0005',
  available: true,
  ...extra,
});
/**
 * 10,000 paid out 33 days ago for 30 days, 3 days overdue: 33 × 5.00 = 165.00 interest and apart
 * from it 3 × 5.00 = 15.00 penalty; owed 10,000 + 165 + 15 = 10,180.
 */
const OVERDUE: Loan = {
  id: '4',
  status: 'active',
  amount: '10000.00',
  offeredAmount: null,
  principal: '10000.00',
  principalOutstanding: '10000.00',
  days: 30,
  rateKind: 'daily',
  rate: '0.0005',
  penaltyRate: '0.0005',
  dailyInterest: '5.00',
  dailyPenalty: '5.00',
  interest: '165.00',
  total: '10180.00',
  interestAccrued: '165.00',
  penaltyAccrued: '15.00',
  repaid: '0.00',
  owed: '10180.00',
  repaying: null,
  overdue: true,
  overdueDays: 3,
  rejectReason: null,
  appliedAt: T0 - 34 * DAY,
  disbursedAt: T0 - 33 * DAY,
  dueAt: T0 - 3 * DAY,
  repaidAt: null,
};

let currentTerms = terms();
let loans: Loan[] = [];
let applyRefusal: string | null = null;
let sent: Record<string, string>[] = [];
orderTestServer(
  [
    http.post(`${API}/user/info`, () => ok(profile())),
    http.get(`${API}/user/loan`, () => ok(currentTerms)),
    http.get(`${API}/user/loan/order/list`, () => ok(page(loans))),
    http.post(`${API}/user/loan/apply`, async ({ request }) => {
      sent.push(await formOf(request));
      return applyRefusal
        ? refuse(applyRefusal, 'Kredi tutarı 1000 ile 100000 TRY arasında olmalı.')
        : ok(OVERDUE);
    }),
  ],
  () => {
    setMarketDataApi(newFeed());
    currentTerms = terms();
    loans = [];
    applyRefusal = null;
    sent = [];
  },
);

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the loan screen', () => {
  it('shows the schedule from the terms as the amount is typed, in the locale', async () => {
    renderAt('/pages/user/loan', LoanScreen);
    fireEvent.change(await screen.findByTestId('loan-amount'), { target: { value: '12.345,67' } });
    fireEvent.click(screen.getByTestId('loan-days-14'));
    // 12,345.67 × 0.0005 = 6.172835 → 6.18 a day (a started kuruş is charged); 14 days
    // 86.41969 → 86.42; total 12,432.09; due 07.12.2026; past it 0.05% a day more: 6.18 a day
    expect(text('schedule-daily')).toContain('6,18');
    expect(text('schedule-interest')).toContain('86,42');
    expect(text('schedule-total')).toContain('12.432,09');
    expect(text('schedule-due')).toBe('07.12.2026');
    expect(text('schedule-penalty-rate')).toBe('+ günlük %0,05');
    expect(text('schedule-penalty-daily')).toContain('6,18');
    expect(text('loan-terms-penalty')).toBe('+ günlük %0,05');
  });

  it('shows "--" in the schedule until an amount is typed, and the periods with their unit', async () => {
    renderAt('/pages/user/loan', LoanScreen);
    await screen.findByTestId('loan-amount');
    // ₺0,00 read as a free loan; an unknown figure is "--" (DESIGN).
    expect(text('schedule-amount')).toBe('--');
    expect(text('schedule-interest')).toBe('--');
    expect(text('schedule-total')).toBe('--');
    expect(text('loan-terms-days')).toBe('7 / 14 / 30 gün');
    fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '1000' } });
    expect(text('schedule-total')).toBe('₺1.003,50');
  });

  it('refuses out of range before asking for the password, and shows a server refusal', async () => {
    renderAt('/pages/user/loan', LoanScreen);
    fireEvent.change(await screen.findByTestId('loan-amount'), { target: { value: '999' } });
    fireEvent.click(screen.getByTestId('loan-apply'));
    expect(await screen.findByText('En düşük tutar ₺1.000,00.')).toBeTruthy();
    // Zero is zero: not "enter a valid amount (at most 2 decimals)".
    fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('loan-apply'));
    expect(text('loan-amount-error')).toBe("Tutar 0'dan büyük olmalıdır.");
    expect(screen.queryByTestId('loan-apply-confirm')).toBeNull();

    applyRefusal = 'LOAN_AMOUNT_OUT_OF_RANGE';
    fireEvent.change(screen.getByTestId('loan-amount'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('loan-apply'));
    const sheet = await screen.findByTestId('loan-apply-confirm');
    fireEvent.change(within(sheet).getByTestId('loan-apply-confirm-password'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(sheet).getByTestId('loan-apply-confirm-submit'));
    await waitFor(() => expect(text('loan-apply-error')).toContain('1000 ile 100000'));
    expect(sent).toEqual([{ amount: '5000', days: '7', tradePassword: '123456' }]);
  });

  it('says plainly that a loan is overdue, and what is owed', async () => {
    loans = [OVERDUE];
    renderAt('/pages/user/loan?tab=mine', LoanScreen);
    const card = await screen.findByTestId('loan-4');
    expect(within(card).getByTestId('loan-overdue').textContent).toBe('Vadesi 3 gün geçti');
    expect(within(card).getByTestId('loan-owed').textContent).toContain('10.180,00');
    expect(within(card).getByTestId('loan-penalty').textContent).toContain('15,00');
    // Interest and penalty apart, each once: 165 + 15 on the 10,000 is the 10,180 owed.
    expect(within(card).getByTestId('loan-accrued').textContent).toContain('165,00');
    expect(within(card).getByTestId('loan-total').textContent).toContain('10.180,00');
    expect(within(card).getByTestId('loan-daily').textContent).toContain('5,00');
    expect(within(card).getByTestId('loan-status').textContent).toBe('Devam ediyor');
    // Staff approve a repayment: the message and balance events refresh the list, no reload.
    loans = [{ ...OVERDUE, status: 'repaid', owed: '0.00', overdue: false, overdueDays: 0, repaidAt: T0 }];
    act(() => deliverPrivateEvents([{ ch: 'balances', data: {} }]));
    await waitFor(() =>
      expect(within(screen.getByTestId('loan-4')).getByTestId('loan-status').textContent).toBe('Ödendi'),
    );
    expect(screen.queryByTestId('loan-overdue')).toBeNull();
  });

  it('a demo account is told before any input', async () => {
    currentTerms = terms({ available: false });
    setSession({ userToken: 'demo', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'demo');
    renderAt('/pages/user/loan', LoanScreen);
    expect((await screen.findByTestId('loan-demo')).textContent).toContain('Demo hesaplar kredi kullanamaz');
    expect(screen.queryByTestId('loan-amount')).toBeNull();
    // With the way out on the screen: the switch puts the real account in use.
    const toReal = screen.getByTestId('loan-switch-real');
    expect(toReal.textContent).toBe('Gerçek hesabıma geç');
    fireEvent.click(toReal);
    expect(session.userAccountType).toBe('real');
    expect(session.userToken).toBe('tok');
  });

  it('an investor not yet verified is told before any input, with the way to verify', async () => {
    currentTerms = terms({ kycRequired: true });
    renderAt('/pages/user/loan', LoanScreen);
    const block = await screen.findByTestId('loan-kyc');
    expect(block.textContent).toContain('kimliği doğrulanmış yatırımcılara');
    expect(within(block).getByTestId('loan-kyc-action').getAttribute('href')).toBe('/pages/user/kyc');
    expect(screen.queryByTestId('loan-amount')).toBeNull();
  });
});

describe('the location pickers', () => {
  it('hands back the typed address or the coordinates, never the one glued to the other', () => {
    // A device fix and a typed address name two places: the address wins, alone.
    expect(locationText('  Taunusanlage 12, Frankfurt ', { lat: 41.0082, lng: 28.9784 })).toBe(
      'Taunusanlage 12, Frankfurt',
    );
    expect(locationText('', { lat: -1.5, lng: 2 })).toBe('-1.50000, 2.00000');
    expect(locationText('x'.repeat(300), null)).toHaveLength(200);
  });

  it('builds geo: URIs (RFC 5870) for the maps app', () => {
    expect(geoUri({ lat: 41.0082, lng: 28.9784 })).toBe('geo:41.008200,28.978400');
    expect(geoUri({ q: 'Fatih, İstanbul' })).toBe('geo:0,0?q=Fatih%2C%20%C4%B0stanbul');
  });
});
