import { HttpResponse } from 'msw';
import type { UserProfile } from '../../domain/protocol/account';
import type { OfflineIpo } from '../../domain/protocol/bulk';
import type { Ipo, IpoApplication, IpoDetail } from '../../domain/protocol/ipo';
import { SAMPLE_STOCK_COSTS } from '../support/sample-market';
import { userProfile } from '../support/user-profile';

/**
 * Answers of the IPO endpoints, typed by the protocol (domain/protocol/ipo.ts) and shaped like the
 * server's seeded offerings (h-ipo-srv server/primary/ipo/seed.ts: EGEGD equal distribution, ANKYZ
 * lottery with 10-lot tickets, MRYEN upcoming, KPDTR listed), so the screens read what it sends.
 */
export const API = `${location.origin}/ipxtrg-api`;
export const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
export const refuse = (key: string, msg = '', params?: Record<string, unknown>) =>
  HttpResponse.json({ code: -1001, msg, key, data: null, ...(params ? { params } : {}) });
export const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 23 Nov 2026 12:00 in Istanbul (09:00 UTC): the tests' "now". */
export const T0 = Date.UTC(2026, 10, 23, 9, 0);
/** The server's default stock costs (server/settings.ts `stockCosts`). */
export const COSTS = SAMPLE_STOCK_COSTS;

export function ipo(extra: Partial<Ipo> = {}): Ipo {
  return {
    id: '2',
    symbol: 'EGEGD',
    name: 'Ege Doğal Gıda Sanayi A.Ş.',
    summary: 'Zeytinyağı, kuru meyve ve organik gıda üretimi ve ihracatı.',
    sector: 'Gıda',
    currency: 'TRY',
    issuePrice: '18.4',
    lotSize: 1,
    lotsRetail: '6500000',
    lotsInstitutional: '3500000',
    minLots: '1',
    maxLots: '50000',
    subscribeStart: T0 - DAY,
    // 2 days 3 h 4 min 5 s from T0: the countdown reads "2 gün 03:04:05".
    subscribeEnd: T0 + 2 * DAY + 3 * HOUR + 4 * 60_000 + 5_000,
    closedAt: null,
    allocationAt: T0 + 3 * DAY,
    refundAt: T0 + 3 * DAY + 6 * HOUR,
    listingAt: T0 + 5 * DAY,
    method: 'equal',
    ticketLots: null,
    paymentMode: 'hold',
    payBy: null,
    status: 'subscribing',
    countdownUntil: T0 + 2 * DAY + 3 * HOUR + 4 * 60_000 + 5_000,
    applicants: 160,
    requestedLots: '2500',
    allottedLots: null,
    listingPrice: '18.4',
    lotterySeed: null,
    applied: false,
    ...extra,
  };
}

export const lotteryIpo = (extra: Partial<Ipo> = {}): Ipo =>
  ipo({
    id: '3',
    symbol: 'ANKYZ',
    name: 'Anka Yazılım Teknolojileri A.Ş.',
    sector: 'Teknoloji',
    issuePrice: '42.5',
    lotsRetail: '1000',
    minLots: '10',
    maxLots: '10000',
    method: 'lottery',
    ticketLots: '10',
    applicants: 50,
    requestedLots: '1300',
    ...extra,
  });

export const upcomingIpo = (extra: Partial<Ipo> = {}): Ipo =>
  ipo({
    id: '4',
    symbol: 'MRYEN',
    name: 'Marmara Yenilenebilir Enerji A.Ş.',
    issuePrice: '27.2',
    subscribeStart: T0 + 5 * DAY,
    subscribeEnd: T0 + 8 * DAY,
    allocationAt: T0 + 8 * DAY + 2 * HOUR,
    refundAt: T0 + 9 * DAY,
    listingAt: T0 + 11 * DAY,
    status: 'upcoming',
    countdownUntil: T0 + 5 * DAY,
    applicants: 0,
    requestedLots: '0',
    applied: null,
    ...extra,
  });

/** MRYEN-like: the retail window opens in 3 days, so the offline one (5 days before) is open. */
export const offlineUpcoming = upcomingIpo({
  subscribeStart: T0 + 3 * DAY,
  lotsInstitutional: '6000000',
  minLots: '1',
});

/** `offlineUpcoming` as /stock/index/offline/list answers it: its institutional tranche open. */
export const offlineIpo = (extra: Partial<OfflineIpo['offline']> = {}): OfflineIpo => ({
  ...offlineUpcoming,
  offline: {
    status: 'open',
    opensAt: T0 - 2 * DAY,
    closesAt: T0 + 3 * DAY,
    lots: '6000000',
    minLots: '100',
    maxLots: '6000000',
    applicants: 0,
    requestedLots: '0',
    applied: false,
    ...extra,
  },
});

export const listedIpo = (extra: Partial<Ipo> = {}): Ipo =>
  ipo({
    id: '1',
    symbol: 'KPDTR',
    name: 'Kapadokya Turizm İşletmeleri A.Ş.',
    issuePrice: '11.6',
    subscribeStart: T0 - 10 * DAY,
    subscribeEnd: T0 - 8 * DAY,
    allocationAt: T0 - 7 * DAY,
    refundAt: T0 - 7 * DAY,
    listingAt: T0 - 5 * DAY,
    status: 'listed',
    countdownUntil: null,
    applicants: 3,
    requestedLots: '120',
    allottedLots: '120',
    ...extra,
  });

/**
 * The equal-distribution detail with a small pool so the estimate bites: pool 1000 lots; 100
 * applicants ask 5, 50 ask 20, 10 ask 100 (160 applicants, 2500 lots).
 */
export function detail(extra: Partial<IpoDetail> = {}): IpoDetail {
  return {
    ...ipo({ lotsRetail: '1000', maxLots: '50' }),
    demand: [
      { lots: '5', applicants: '100' },
      { lots: '20', applicants: '50' },
      { lots: '100', applicants: '10' },
    ],
    costs: COSTS,
    ...extra,
  };
}

/** The lottery detail: pool 1000 lots = 100 winning tickets; 30 hold 1 ticket, 20 hold 5 (130 tickets). */
export function lotteryDetail(extra: Partial<IpoDetail> = {}): IpoDetail {
  return {
    ...lotteryIpo(),
    demand: [
      { lots: '10', applicants: '30' },
      { lots: '50', applicants: '20' },
    ],
    costs: COSTS,
    ...extra,
  };
}

export function application(id: string, extra: Partial<IpoApplication> = {}): IpoApplication {
  return {
    id,
    ipoId: '2',
    symbol: 'EGEGD',
    name: 'Ege Doğal Gıda Sanayi A.Ş.',
    issuePrice: '18.4',
    lotSize: 1,
    paymentMode: 'hold',
    method: 'equal',
    status: 'applying',
    lots: '100',
    tickets: null,
    // 100 × 18.40 = 1840; commission 2.76, BSMV 0.14, exchange fee 0.06 → costs 2.96.
    amount: '1840',
    costs: '2.96',
    total: '1842.96',
    held: '1842.96',
    allottedLots: null,
    charged: '0',
    refunded: '0',
    auto: false,
    appliedAt: T0 - HOUR,
    allocatedAt: null,
    refundAt: T0 + 3 * DAY + 6 * HOUR,
    refundedAt: null,
    listingAt: T0 + 5 * DAY,
    listedAt: null,
    due: '0',
    payBy: null,
    paidAt: null,
    ...extra,
  };
}

export function profile(extra: Partial<UserProfile> = {}): UserProfile {
  return userProfile({ id: '7', createdAt: T0 - 30 * DAY, ...extra });
}

export const assets = (available: string) => ({
  accountType: 'real',
  balances: [{ wallet: 'stock', currency: 'TRY', available, frozen: '0', locked: '0', total: available }],
});

/** The screen as the router mounts it: its path in the context, wouter on the app's location. */
export { renderAtPath as renderAt } from '../support/render-screen';
