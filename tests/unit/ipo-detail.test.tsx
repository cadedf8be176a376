// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { IpoDetail } from '../../domain/protocol/ipo';
import '../../src/i18n/setup';
import IpoDetailScreen from '../../src/screens/ipo/ipo-detail-screen';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { screenHooks } from '../support/screen-hooks';
import {
  API,
  detail,
  ipo,
  listedIpo,
  lotteryDetail,
  ok,
  page,
  refuse,
  renderAt,
  T0,
  upcomingIpo,
} from './ipo-fixtures';

let answer: IpoDetail | null = detail();
let listQueries: string[] = [];

const server = setupServer(
  http.get(`${API}/stock/index/new/info`, () => (answer ? ok(answer) : refuse('IPO_NOT_FOUND'))),
  http.get(`${API}/stock/index/new/list`, ({ request }) => {
    listQueries.push(new URL(request.url).search);
    return ok(page([upcomingIpo(), ipo(), listedIpo()]));
  }),
);

screenHooks(server, {
  now: T0,
  signedIn: false,
  reset: () => {
    answer = detail();
    listQueries = [];
  },
});

const HOUR_MS = 3_600_000;
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('IPO detail', () => {
  it('shows the prospectus, the calendar in Istanbul time, the live demand and the countdown', async () => {
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    await screen.findByTestId('ipo-detail');
    expect(text('ipo-status')).toBe('Talep topluyor');
    expect(text('ipo-price')).toBe('₺18,40');
    expect(text('ipo-lots-retail')).toBe('1.000 lot');
    expect(text('ipo-method')).toBe('Eşit dağıtım (BIST)');
    // T0 − 1 day = 22.11.2026 12:00 Istanbul; the end is T0 + 2 d 3 h 4 min 5 s = 25.11.2026 15:04.
    expect(text('ipo-window')).toBe('22.11.2026 12:00 – 25.11.2026 15:04');
    expect(text('ipo-refund-at')).toBe('26.11.2026 18:00');
    expect(text('ipo-applicants')).toBe('160');
    expect(text('ipo-countdown')).toBe('Talep toplamanın bitmesine 2 gün 03:04:05');
    expect(screen.getByTestId('ipo-demand').closest('section')?.querySelector('h2')?.textContent).toBe(
      'Canlı talep',
    );
  });

  it("titles a closed IPO's demand as its result, not as live, in both languages", async () => {
    answer = { ...detail(), ...listedIpo(), allottedLots: '1000' };
    renderAt('/pages/stockIPO/ipoDetail?id=1', IpoDetailScreen);
    await screen.findByTestId('ipo-detail');
    const title = () => screen.getByTestId('ipo-demand').closest('section')?.querySelector('h2')?.textContent;
    expect(title()).toBe('Talep sonucu');
    // Its shares trade: the bar leads to the stock, beside why there is no applying.
    expect(text('ipo-apply-closed')).toBe('Talep toplama kapandı');
    expect(text('ipo-see-stock')).toBe('KPDTR hissesine git');
    expect(screen.getByTestId('ipo-see-stock').getAttribute('href')).toBe('/pages/stock/index?symbol=KPDTR');
    cleanup();
    setLanguage('en-US');
    renderAt('/pages/stockIPO/ipoDetail?id=1', IpoDetailScreen);
    await screen.findByTestId('ipo-detail');
    expect(title()).toBe('Final demand');
    expect(text('ipo-see-stock')).toBe('Go to KPDTR');
  });

  it('gives the allocation date of an early close: at once, not the scheduled one', async () => {
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    await screen.findByTestId('ipo-detail');
    // Scheduled: T0 + 3 days = 26.11.2026 12:00 Istanbul.
    expect(text('ipo-allocation-at')).toBe('26.11.2026 12:00');
    cleanup();
    // The operator closed it an hour ago: the broker's pass allocates on its next run.
    answer = { ...detail(), closedAt: T0 - HOUR_MS, status: 'allocating' };
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    await screen.findByTestId('ipo-detail');
    expect(text('ipo-allocation-at')).toBe('23.11.2026 11:00');
    // Its own row, not a second "Talep toplama" beside the scheduled window.
    expect(text('ipo-closed-early')).toBe('23.11.2026 11:00');
    const calendar = screen.getByTestId('ipo-calendar').textContent ?? '';
    expect(calendar.match(/Talep toplama/g)).toHaveLength(1);
    expect(calendar).toContain('Erken kapanış');
  });

  it('estimates the lots from the live demand at the smallest and largest request', async () => {
    signIn();
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    await screen.findByTestId('ipo-estimate');
    // Hand-computed in ipo-figures.test.ts: 1 lot → 1; 50 lots → share 8.
    expect(text('ipo-estimate-1')).toBe('1 lot');
    expect(text('ipo-estimate-50')).toBe('8 lot');
    expect(screen.getByTestId('ipo-apply').getAttribute('href')).toBe('/pages/stockIPO/ipoOrder?id=2');
    expect(text('ipo-apply')).toBe('Talep ver');
  });

  it('says "1 lot", not "1 lots", in English, and "lots" from 2 up', async () => {
    setLanguage('en-US');
    signIn();
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    const estimate = await screen.findByTestId('ipo-estimate');
    expect(text('ipo-estimate-1')).toBe('1 lot');
    expect(text('ipo-estimate-50')).toBe('8 lots');
    expect(within(estimate).getByText('If you apply for 1 lot')).toBeTruthy();
    expect(within(estimate).getByText('If you apply for 50 lots')).toBeTruthy();
    expect(text('ipo-lots-retail')).toBe('1,000 lots');
  });

  it('states the rule the lots left over go by: one each in application time, in both languages', async () => {
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    await screen.findByTestId('ipo-detail');
    expect(screen.getByTestId('ipo-rules').getAttribute('data-rule')).toBe('application_time');
    expect(text('ipo-rules')).toContain(
      'Eşit bölünemeyen artan lotlar bu yatırımcılara başvuru zamanı sırasıyla birer lot olarak verilir.',
    );
    expect(text('ipo-rules')).not.toMatch(/oran/);
    cleanup();
    setLanguage('en-US');
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    await screen.findByTestId('ipo-detail');
    expect(text('ipo-rules')).toContain(
      'The lots left that cannot be split equally go one each to those applicants, in order of application time.',
    );
    expect(text('ipo-rules')).not.toMatch(/pro rata|proportion/);
  });

  it('gives a lottery its tickets and chance, in English', async () => {
    setLanguage('en-US');
    answer = lotteryDetail({ minLots: '20', maxLots: '20' });
    renderAt('/pages/stockIPO/ipoDetail?id=3', IpoDetailScreen);
    await screen.findByTestId('ipo-estimate');
    expect(text('ipo-estimate-20')).toBe(
      '15.15 lots on average (2 tickets, each winning with 75.75% chance)',
    );
    expect(text('ipo-method')).toBe('Lottery (10 lots per ticket)');
    expect(text('ipo-rules')).toContain('every 10 lots you ask for is one ticket');
    expect(screen.getByText('1 share')).toBeTruthy();
    // A guest is asked to sign in by the same button.
    expect(text('ipo-apply')).toBe('Sign in to apply');
  });

  it('says why one cannot apply: not open yet, or already applied', async () => {
    answer = { ...detail(), ...upcomingIpo() };
    const view = renderAt('/pages/stockIPO/ipoDetail?id=4', IpoDetailScreen);
    expect((await screen.findByTestId('ipo-apply-closed')).textContent).toBe('Talep toplama henüz başlamadı');
    expect(screen.queryByTestId('ipo-estimate')).toBeNull();
    view.unmount();
    answer = detail({ applied: true });
    renderAt('/pages/stockIPO/ipoDetail?id=2', IpoDetailScreen);
    expect((await screen.findByTestId('ipo-applied')).textContent).toBe('Bu halka arz için talep verdiniz');
    expect(screen.queryByTestId('ipo-apply')).toBeNull();
  });

  it('shows the refusal of an unknown id by its key, with the way to the list (a retry cannot find it)', async () => {
    answer = null;
    renderAt('/pages/stockIPO/ipoDetail?id=99', IpoDetailScreen);
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('Halka arz bulunamadı.');
    expect(within(error).queryByTestId('retry')).toBeNull();
    const back = within(error).getByTestId('error-back');
    expect([back.textContent, back.getAttribute('href')]).toEqual([
      'Tüm halka arzlar',
      '/pages/stockIPO/ipoList',
    ]);
  });

  it('without an id shows the IPOs to choose from, not an error', async () => {
    renderAt('/pages/stockIPO/ipoDetail', IpoDetailScreen);
    const chooser = await screen.findByTestId('ipo-chooser');
    await within(chooser).findByTestId('ipo-4');
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(within(chooser).getByTestId('ipo-2').getAttribute('href')).toBe('/pages/stockIPO/ipoDetail?id=2');
    expect(listQueries[0]).toBe('?page=1&size=20');
  });
});

function signIn() {
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
}
