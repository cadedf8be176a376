// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfflineIpo } from '../../domain/protocol/bulk';
import type { Ipo } from '../../domain/protocol/ipo';
import '../../src/i18n/setup';
import { findRoute, isTabPath } from '../../src/routes/table';
import IpoTabScreen from '../../src/screens/ipo/ipo-tab-screen';
import { setLanguage } from '../../src/state/prefs';
import {
  API,
  ipo,
  listedIpo,
  lotteryIpo,
  offlineIpo,
  ok,
  page,
  renderAt,
  T0,
  upcomingIpo,
} from './ipo-fixtures';

let today: Ipo[] = [];
let coming: Ipo[] = [];
let all: Ipo[] = [];
let reads = 0;
let todayFails = false;
let offlineToday: OfflineIpo[] = [];

const server = setupServer(
  http.get(`${API}/stock/index/new/today`, () => {
    reads++;
    return todayFails ? HttpResponse.error() : ok(page(today));
  }),
  http.get(`${API}/stock/index/new/list/coming`, () => ok(page(coming))),
  http.get(`${API}/stock/index/new/list`, () => ok(page(all))),
  http.get(`${API}/stock/index/offline/today`, () => ok(page(offlineToday))),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // Only the clock is virtual: msw and the screen's one-second timer run in real time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  today = [ipo(), lotteryIpo({ applied: true })];
  coming = [upcomingIpo()];
  all = [upcomingIpo(), ipo(), lotteryIpo(), listedIpo()];
  reads = 0;
  todayFails = false;
  offlineToday = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  server.resetHandlers();
  setLanguage('tr-TR');
});
afterAll(() => server.close());

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the IPO tab', () => {
  it('is a real screen of the tab bar, not the not-found screen', () => {
    const route = findRoute('/pages/tabbar/ipo');
    expect(route && 'screen' in route).toBe(true);
    expect(isTabPath('/pages/tabbar/ipo')).toBe(true);
    for (const path of ['ipoList', 'ipoDetail', 'ipoOrder', 'list', 'ipoRecord'])
      expect(findRoute(`/pages/stockIPO/${path}`), path).toBeDefined();
  });

  it('shows subscribing IPOs counting down to the close, upcoming to the start, and recent ones', async () => {
    renderAt('/pages/tabbar/ipo', IpoTabScreen);
    const todaySection = await screen.findByTestId('ipo-today');
    await within(todaySection).findByTestId('ipo-2');
    expect(text('ipo-2-status')).toBe('Talep topluyor');
    expect(text('ipo-2-countdown')).toBe('Talep toplamanın bitmesine 2 gün 03:04:05');
    expect(text('ipo-2')).toContain('₺18,40');
    expect(text('ipo-2')).toContain('6.500.000 lot');
    expect(text('ipo-2')).toContain('Eşit dağıtım');
    expect(text('ipo-3')).toContain('Kura · Talep verdiniz');
    const comingSection = await screen.findByTestId('ipo-coming');
    await within(comingSection).findByTestId('ipo-4');
    expect(text('ipo-4-status')).toBe('Yakında');
    expect(text('ipo-4-countdown')).toBe('Talep toplamanın başlamasına 5 gün 00:00:00');
    // Recent: only what closed or listed, from the full list.
    const recent = await screen.findByTestId('ipo-recent');
    await within(recent).findByTestId('ipo-1');
    expect(within(recent).queryByTestId('ipo-2')).toBeNull();
    expect(within(recent).getByTestId('ipo-1-status').textContent).toBe('İşlem görüyor');
    expect(screen.queryByTestId('ipo-1-countdown')).toBeNull();
    expect(screen.getByTestId('ipo-2').getAttribute('href')).toBe('/pages/stockIPO/ipoDetail?id=2');
    expect(screen.getByTestId('ipo-mine').getAttribute('href')).toBe('/pages/stockIPO/list');
  });

  it('points to the institutional tranches while one takes applications, and not otherwise', async () => {
    renderAt('/pages/tabbar/ipo', IpoTabScreen);
    await screen.findByTestId('ipo-2');
    expect(screen.queryByTestId('ipo-offline-entry')).toBeNull();
    cleanup();
    // MRYEN sits under "upcoming" while its offline window is open: the tab says so.
    offlineToday = [offlineIpo()];
    setLanguage('en-US');
    renderAt('/pages/tabbar/ipo', IpoTabScreen);
    const entry = await screen.findByTestId('ipo-offline-entry');
    expect(entry.getAttribute('href')).toBe('/pages/stockIPO/ipoList?channel=offline');
    expect(entry.textContent).toContain('Offline (institutional) bids open: 1 IPO');
  });

  it('ticks every second and re-reads the lists, without skeletons, when a countdown runs out', async () => {
    today = [ipo({ countdownUntil: T0 + 2000, subscribeEnd: T0 + 2000 })];
    renderAt('/pages/tabbar/ipo', IpoTabScreen);
    await screen.findByTestId('ipo-2-countdown');
    expect(text('ipo-2-countdown')).toBe('Talep toplamanın bitmesine 00:00:02');
    vi.setSystemTime(T0 + 1000);
    await waitFor(() => expect(text('ipo-2-countdown')).toBe('Talep toplamanın bitmesine 00:00:01'));
    const before = reads;
    today = [];
    vi.setSystemTime(T0 + 2500);
    // The server now says the window closed: the section empties, never flashing a skeleton.
    await waitFor(() => expect(reads).toBe(before + 1));
    expect(await screen.findByText('Şu an talep toplayan halka arz yok.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Talep toplayanlar' })).toBeNull();
  });

  it('shows empty states with the next step, and a failed section with retry, in English', async () => {
    setLanguage('en-US');
    today = [];
    coming = [];
    all = [];
    todayFails = true;
    renderAt('/pages/tabbar/ipo', IpoTabScreen);
    const todaySection = await screen.findByTestId('ipo-today');
    await within(todaySection).findByTestId('error-state');
    expect(await screen.findByText('No upcoming IPOs on the calendar.')).toBeTruthy();
    expect(await screen.findByText('No completed IPOs yet.')).toBeTruthy();
    todayFails = false;
    fireEvent.click(within(todaySection).getByTestId('retry'));
    expect(await screen.findByText('No IPO is accepting subscriptions right now.')).toBeTruthy();
    expect(screen.getByText('IPO')).toBeTruthy();
  });
});
