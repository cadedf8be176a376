// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { IpoApplication } from '../../domain/protocol/ipo';
import '../../src/i18n/setup';
import ApplicationsScreen from '../../src/screens/ipo/applications-screen';
import RecordScreen from '../../src/screens/ipo/record-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, application, ok, page, refuse, renderAt, T0 } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';

const HOUR = 3_600_000;
// Won 8 of 100 lots: charged 8 × 18.40 = 147.20 + costs (commission 0.22, BSMV 0.01, fee 0.00) = 147.43;
// refunded 1842.96 − 147.43 = 1695.53.
const won = application('31', {
  status: 'won',
  allottedLots: '8',
  charged: '147.43',
  refunded: '1695.53',
  allocatedAt: T0 - 2 * HOUR,
  refundedAt: T0 - HOUR,
});
const lost = application('32', {
  ipoId: '3',
  symbol: 'ANKYZ',
  name: 'Anka Yazılım Teknolojileri A.Ş.',
  method: 'lottery',
  status: 'not_allotted',
  lots: '20',
  tickets: '2',
  amount: '850',
  costs: '1.38',
  total: '851.38',
  held: '851.38',
  allottedLots: '0',
  charged: '0',
  refunded: '851.38',
  auto: true,
  allocatedAt: T0 - 2 * HOUR,
  refundedAt: T0 - HOUR,
});
const waiting = application('33', { status: 'to_be_allocated' });
// A pay-after IPO: nothing held; 8 lots won owe 8 × 18.40 = 147.20 + costs 0.23 = 147.43 by T0 + 1 day.
const owed = application('34', {
  paymentMode: 'pay_after',
  status: 'allocated_pending_payment',
  held: '0',
  allottedLots: '8',
  allocatedAt: T0 - 2 * HOUR,
  due: '147.43',
  payBy: T0 + 24 * HOUR,
});

let rows: IpoApplication[] = [];
let queries: string[] = [];
let payments: Record<string, string>[] = [];
/** A refusal of the payment other than the password's, or null. */
let payRefusal: string | null = null;

const server = setupServer(
  http.get(`${API}/stock/order/new/list`, async ({ request }) => {
    const params = new URL(request.url).searchParams;
    queries.push(params.toString());
    // An answer over a network, not within the same tick: a reload shows its skeleton meanwhile.
    if (payRefusal) await delay(50);
    const status = params.get('status');
    return ok(page(status ? rows.filter((row) => row.status === status) : rows));
  }),
  http.post(`${API}/stock/order/new/apply`, async ({ request }) => {
    const body = Object.fromEntries(new URLSearchParams(await request.text()));
    payments.push(body);
    if (body.tradePassword !== '135790') return refuse('TRADE_PASSWORD_INCORRECT', 'İşlem şifresi hatalı.');
    if (payRefusal) return refuse(payRefusal);
    const paid = { ...owed, status: 'paid' as const, due: '0', charged: '147.43', paidAt: T0 };
    rows = rows.map((row) => (row.id === owed.id ? paid : row));
    return ok(paid);
  }),
);

screenHooks(server, {
  now: T0,
  reset: () => {
    rows = [waiting, won, lost, owed];
    queries = [];
    payments = [];
    payRefusal = null;
  },
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('my IPO applications', () => {
  it('lists each with its SPEC status, what is held, what was allotted and refunded', async () => {
    renderAt('/pages/stockIPO/list', ApplicationsScreen);
    await screen.findByTestId('application-list');
    expect(text('application-33-status')).toBe('Dağıtım bekleniyor');
    expect(text('application-33-held')).toBe('₺1.842,96');
    expect(text('application-33-allotted')).toBe('Bekleniyor');
    expect(text('application-31-status')).toBe('Pay kazanıldı');
    expect(text('application-31-allotted')).toBe('8 lot');
    expect(text('application-31-refunded')).toBe('İade edilen: ₺1.695,53');
    expect(text('application-32-status')).toBe('Pay düşmedi');
    expect(text('application-32')).toContain('Otomatik talep');
    expect(screen.getByTestId('application-31').getAttribute('href')).toBe('/pages/stockIPO/ipoRecord?id=31');
  });

  it('filters by status on the server', async () => {
    renderAt('/pages/stockIPO/list', ApplicationsScreen);
    await screen.findByTestId('application-list');
    fireEvent.click(screen.getByTestId('filter-won'));
    // The list reloads (skeleton) before the filtered answer lands: wait for the answer itself.
    await waitFor(() => {
      expect(screen.queryByTestId('application-33')).toBeNull();
      expect(screen.getByTestId('application-31')).toBeTruthy();
    });
    expect(queries.at(-1)).toBe('page=1&size=20&status=won');
  });

  it('says there are none yet and where to apply (English)', async () => {
    setLanguage('en-US');
    rows = [];
    renderAt('/pages/stockIPO/list', ApplicationsScreen);
    expect(await screen.findByText('You have no IPO applications yet.')).toBeTruthy();
    expect(screen.getByTestId('applications-browse').getAttribute('href')).toBe('/pages/tabbar/ipo');
  });
});

describe('one application record', () => {
  it('shows held, allotted, charged and refunded with their dates', async () => {
    renderAt('/pages/stockIPO/ipoRecord?id=31', RecordScreen);
    await screen.findByTestId('record');
    expect(text('record-status')).toBe('Pay kazanıldı');
    expect(text('record-lots')).toBe('100 lot');
    expect(text('record-held')).toBe('₺1.842,96');
    expect(text('record-allotted')).toBe('8 lot');
    expect(text('record-charged')).toBe('₺147,43');
    expect(text('record-refunded')).toBe('₺1.695,53');
    // Refunded an hour before T0 (12:00 Istanbul).
    expect(text('record-dates')).toContain('23.11.2026 11:00');
    expect(screen.getByTestId('record-ipo').getAttribute('href')).toBe('/pages/stockIPO/ipoDetail?id=2');
  });

  it('says a fully allotted application has no refund coming, not that one is pending', async () => {
    // All 100 lots allotted: everything held (1842.96) was charged, nothing is refunded.
    const full = application('35', {
      status: 'won',
      allottedLots: '100',
      charged: '1842.96',
      refunded: '0',
      allocatedAt: T0 - 2 * HOUR,
      refundedAt: null,
    });
    rows = [full];
    renderAt('/pages/stockIPO/ipoRecord?id=35', RecordScreen);
    await screen.findByTestId('record');
    expect(text('record-charged')).toBe('₺1.842,96');
    expect(text('record-refunded')).toBe('İade yok: tamamı dağıtıldı');
  });

  it('marks what has not happened yet as pending, and a lottery with its tickets', async () => {
    const view = renderAt('/pages/stockIPO/ipoRecord?id=33', RecordScreen);
    await screen.findByTestId('record');
    expect(text('record-allotted')).toBe('Bekleniyor');
    expect(text('record-charged')).toBe('Bekleniyor');
    expect(text('record-refunded')).toBe('Bekleniyor');
    expect(text('record-refund-at')).toBe('26.11.2026 18:00');
    view.unmount();
    renderAt('/pages/stockIPO/ipoRecord?id=32', RecordScreen);
    await screen.findByTestId('record');
    expect(text('record-tickets')).toBe('2');
    expect(text('record-allotted')).toBe('0 lot');
  });

  it('without an id lists the applications to choose from; an unknown id says so', async () => {
    const view = renderAt('/pages/stockIPO/ipoRecord', RecordScreen);
    const chooser = await screen.findByTestId('ipo-chooser');
    await within(chooser).findByTestId('application-31');
    expect(screen.queryByTestId('error-state')).toBeNull();
    // A list, titled as one (it said "Talep Ayrıntısı" above the list).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Halka Arz Taleplerim');
    view.unmount();
    renderAt('/pages/stockIPO/ipoRecord?id=404', RecordScreen);
    expect(await screen.findByText('Bu talep bulunamadı.')).toBeTruthy();
    // Not a dead end: the applications to pick from are under it.
    await within(screen.getByTestId('record-missing')).findByTestId('application-31');
  });

  it('asks a pay-after allotment to be paid by its deadline, with the trade password', async () => {
    renderAt('/pages/stockIPO/ipoRecord?id=34', RecordScreen);
    await screen.findByTestId('pay-allotment');
    expect(text('record-status')).toBe('Dağıtıldı, ödeme bekleniyor');
    expect(text('record-due')).toBe('₺147,43');
    expect(text('record-charged')).toBe('Henüz tahsil edilmedi');
    expect(screen.queryByTestId('record-refunded')).toBeNull();
    expect(text('record-pay-by')).toBe('24.11.2026 12:00');
    expect(text('pay-open')).toBe('₺147,43 öde');
    fireEvent.click(screen.getByTestId('pay-open'));
    const sheet = await screen.findByTestId('pay-confirm');
    expect(within(sheet).getByTestId('pay-due').textContent).toBe('₺147,43');
    // A wrong password stays in the sheet; the right one pays and the record re-reads as paid.
    const pin = (value: string) =>
      fireEvent.change(screen.getByTestId('pay-confirm-password'), { target: { value } });
    pin('111111');
    fireEvent.click(screen.getByTestId('pay-confirm-submit'));
    expect((await screen.findByTestId('pay-confirm-error')).textContent).toBe('İşlem şifresi hatalı.');
    pin('135790');
    fireEvent.click(screen.getByTestId('pay-confirm-submit'));
    await waitFor(() => expect(text('record-status')).toBe('Ödendi'));
    expect(screen.queryByTestId('pay-allotment')).toBeNull();
    // The payment and its button are gone: the record's head (symbol, name, "Ödendi") has focus.
    // The title takes focus in an effect, which may run a moment after the result is drawn.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('record-head')));
    expect(text('record-charged')).toBe('₺147,43');
    expect(payments.at(-1)).toEqual({ id: '2', action: 'pay', tradePassword: '135790' });
  });

  it("keeps the server's refusal of a payment on screen while the record is read again", async () => {
    payRefusal = 'IPO_PAYMENT_CLOSED';
    renderAt('/pages/stockIPO/ipoRecord?id=34', RecordScreen);
    fireEvent.click(await screen.findByTestId('pay-open'));
    fireEvent.change(await screen.findByTestId('pay-confirm-password'), { target: { value: '135790' } });
    const reads = queries.length;
    fireEvent.click(screen.getByTestId('pay-confirm-submit'));
    // It was shown, then lost as the re-read went through the skeleton and remounted the payment.
    expect((await screen.findByTestId('pay-error')).textContent).toBe(
      'Bu dağıtımın ödemesi şu anda yapılamaz.',
    );
    await waitFor(() => expect(queries.length).toBe(reads + 1));
    await new Promise((answered) => setTimeout(answered, 100));
    expect(screen.queryByTestId('pay-confirm')).toBeNull();
    expect(text('pay-error')).toBe('Bu dağıtımın ödemesi şu anda yapılamaz.');
  });
});
