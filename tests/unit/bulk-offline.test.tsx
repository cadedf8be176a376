// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OfflineApplication } from '../../domain/protocol/bulk';
import '../../src/i18n/setup';
import ApplicationsScreen from '../../src/screens/ipo/applications-screen';
import IpoListScreen from '../../src/screens/ipo/ipo-list-screen';
import IpoOrderScreen from '../../src/screens/ipo/ipo-order-screen';
import { setLanguage } from '../../src/state/prefs';
import {
  API,
  assets,
  detail,
  ipo,
  offlineIpo,
  offlineUpcoming,
  ok,
  page,
  profile,
  renderAt,
  T0,
} from './ipo-fixtures';
import {
  lotsForm,
  missingLeadsTo,
  notFound,
  orderAnswer,
  orderTestServer,
  PASSWORD,
  text,
} from './order-fixtures';
import { typeInto } from '../support/type-keys';

const DAY = 86_400_000;
let sent: Record<string, string>[] = [];
let made: OfflineApplication[] = [];

const upcoming = offlineUpcoming;

/** The application the broker keeps for `lots` lots of the upcoming IPO, before its allotment. */
const offlineApplication = (lots: string): OfflineApplication => ({
  id: '5',
  ipoId: upcoming.id,
  symbol: upcoming.symbol,
  name: upcoming.name,
  issuePrice: upcoming.issuePrice,
  lotSize: 1,
  status: 'applying',
  lots,
  amount: '2720',
  costs: '4.36',
  total: '2724.36',
  held: '2724.36',
  allottedLots: null,
  charged: '0',
  refunded: '0',
  appliedAt: T0,
  allocationAt: upcoming.allocationAt,
  allocatedAt: null,
  refundAt: upcoming.refundAt,
  listingAt: upcoming.listingAt,
  listedAt: null,
});

const server = orderTestServer(
  [
    http.get(`${API}/stock/index/offline/list`, () =>
      ok(page([offlineIpo(), { ...ipo(), offline: { ...offlineIpo().offline, status: 'closed' } }])),
    ),
    http.get(`${API}/stock/index/new/info`, () => ok(detail({ ...upcoming }))),
    http.post(`${API}/user/assets`, () => ok(assets('50000'))),
    http.post(`${API}/user/info`, () => ok(profile())),
    http.post(`${API}/stock/order/offline/apply`, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      sent.push(body);
      const application = offlineApplication(body.lots ?? '0');
      made = [application, ...made];
      return ok(application);
    }),
    http.get(`${API}/stock/order/offline/list`, () => ok(page(made))),
  ],
  () => {
    sent = [];
    made = [];
  },
);

describe('offline subscription screens', () => {
  it('lists the open institutional tranches in the IPO list, leaving closed ones out', async () => {
    renderAt('/pages/stockIPO/ipoList?channel=offline', IpoListScreen);
    const card = await screen.findByTestId(`offline-${upcoming.id}`);
    // The channels in Turkish words (it read "Kurumsal (offline)").
    expect(text('filter-retail')).toBe('Bireysel');
    expect(text('filter-offline')).toBe('Kurumsal');
    expect(card.getAttribute('href')).toBe(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`);
    expect(text(`offline-${upcoming.id}-status`)).toBe('Kurumsal talep açık');
    expect(card.textContent).toContain('6.000.000 lot');
    expect(screen.queryByTestId(`offline-${ipo().id}`)).toBeNull();
  });

  it('applies into the tranche with its own limits and the trade password', async () => {
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    await screen.findByTestId('offline-order');
    expect(lotsForm.refusal('99')).toBe('En az 100 lot talep edin.');
    typeInto('order-lots-input', '100');
    // 100 × 27.20 = 2720; commission 4.08, BSMV 0.204 → 0.20, fee 0.0816 → 0.08: 4.36 → 2724.36.
    expect(text('order-hold')).toBe('₺2.724,36');
    fireEvent.click(screen.getByTestId('order-submit'));
    lotsForm.confirm(PASSWORD);
    expect((await screen.findByTestId('offline-done')).textContent).toContain(
      'MRYEN için 100 lot kurumsal talep verdiniz',
    );
    // The form and its button are gone: the result's title has focus, so a screen reader reads it.
    // The title takes focus in an effect, which may run a moment after the result is drawn.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Kurumsal talep verildi'));
    expect(sent).toEqual([{ id: upcoming.id, lots: '100', tradePassword: PASSWORD }]);
    // Next steps beyond "back", as a retail application's result has: its list, and the IPOs.
    const mine = screen.getByTestId('offline-done-mine');
    expect(mine.textContent).toBe('Kurumsal taleplerim');
    expect(mine.getAttribute('href')).toBe('/pages/stockIPO/list?channel=offline');
    const browse = screen.getByTestId('offline-done-list');
    expect(browse.textContent).toBe('Halka arzlara dön');
    expect(browse.getAttribute('href')).toBe('/pages/stockIPO/ipoList?channel=offline');

    // Where it leads: the application among the institutional ones, held and waiting.
    cleanup();
    renderAt('/pages/stockIPO/list?channel=offline', ApplicationsScreen);
    expect((await screen.findByTestId('offline-application-5-status')).textContent).toBe('Talep verildi');
    expect(text('offline-application-5-held')).toBe('₺2.724,36');
    expect(text('offline-application-5')).toContain('MRYEN');
    // It opens the IPO's offline screen, which shows the application in full.
    expect(screen.getByTestId('offline-application-5').getAttribute('href')).toBe(
      `/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`,
    );
  });

  it('an id that names no IPO offers the IPOs, not a retry that would fail the same way', async () => {
    server.use(http.get(`${API}/stock/index/new/info`, notFound('IPO_NOT_FOUND')));
    renderAt('/pages/stockIPO/ipoOrder?id=99&channel=offline', IpoOrderScreen);
    expect(await missingLeadsTo()).toEqual(['Halka arzlara dön', '/pages/stockIPO/ipoList?channel=offline']);
  });

  it('re-reads the IPO after a refusal: a tranche closed meanwhile gives way to why', async () => {
    // Staff opened the retail window early (`ipo advance`): the tranche closed under the open form.
    let answer = detail({ ...upcoming });
    server.use(
      http.get(`${API}/stock/index/new/info`, () => ok(answer)),
      http.post(
        `${API}/stock/order/offline/apply`,
        orderAnswer(
          () => ({ key: 'IPO_NOT_SUBSCRIBING' }),
          () => null,
        ),
      ),
    );
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    await screen.findByTestId('offline-order');
    answer = detail({ ...upcoming, subscribeStart: T0 - DAY, status: 'subscribing' });
    lotsForm.order('100');
    expect(await screen.findByText('Bu halka arz şu anda kurumsal talep kabul etmiyor.')).toBeTruthy();
    expect(screen.queryByTestId('order-lots-input')).toBeNull();
  });

  it('gives the tranche limits and the lot size in English too', async () => {
    setLanguage('en-US');
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    await screen.findByTestId('offline-order');
    // It read "1 shares a lot"; the retail form's words: "lot size 1".
    expect(document.querySelector('.field__hint')?.textContent).toBe(
      '100 – 6,000,000 lots; lot size 1. Available: ₺50,000.00',
    );
  });
  it('an IPO applied for already shows the application, not the form again', async () => {
    // One application per investor, and none can be withdrawn: reopening the IPO after applying
    // offered the form again, with only the server's refusal after the trade password.
    made = [{ ...offlineApplication('100'), id: '7' }];
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    const applied = await screen.findByTestId('offline-applied');
    expect(screen.queryByTestId('order-lots-input')).toBeNull();
    expect(applied.querySelector('h2')?.textContent).toBe('Bu halka arz için kurumsal talep verdiniz');
    expect(text('offline-applied-status')).toBe('Talep verildi');
    expect(text('offline-applied-lots')).toBe('100 lot');
    expect(text('offline-applied-held')).toBe('₺2.724,36');
    expect(text('offline-applied-allotted')).toBe('Bekleniyor');
    expect(screen.getByTestId('offline-applied-mine').getAttribute('href')).toBe(
      '/pages/stockIPO/list?channel=offline',
    );

    cleanup();
    setLanguage('en-US');
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    expect((await screen.findByTestId('offline-applied')).querySelector('h2')?.textContent).toBe(
      'You have applied offline for this IPO',
    );
    expect(text('offline-applied-held')).toBe('₺2,724.36');
    expect(text('offline-applied-mine')).toBe('My offline applications');
  });

  it('an allotted application shows what was allotted, charged and refunded, without what comes next', async () => {
    made = [
      {
        ...offlineApplication('100'),
        status: 'won',
        allottedLots: '60',
        charged: '1634.62',
        refunded: '1089.74',
        allocatedAt: T0 + DAY,
      },
    ];
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    const applied = await screen.findByTestId('offline-applied');
    expect(text('offline-applied-status')).toBe('Pay kazanıldı');
    expect(text('offline-applied-allotted')).toBe('60 lot');
    expect(applied.textContent).toContain('₺1.634,62');
    expect(applied.textContent).toContain('₺1.089,74');
    // "What is not allotted is refunded at the allotment" was still said after it.
    expect(applied.textContent).not.toContain('iade edilir');
  });

  it('an application made in this screen shows as applied when the screen is opened again', async () => {
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    await screen.findByTestId('offline-order');
    lotsForm.order('100');
    await screen.findByTestId('offline-done');
    cleanup();
    renderAt(`/pages/stockIPO/ipoOrder?id=${upcoming.id}&channel=offline`, IpoOrderScreen);
    await screen.findByTestId('offline-applied');
    expect(text('offline-applied-lots')).toBe('100 lot');
    expect(screen.queryByTestId('order-lots-input')).toBeNull();
  });
});
