// nav-first-visit: a tap on a tab bar item, a drawer row or a Mine row, to the first meaningful
// content of the screen it opens (the screen's root in the page with no skeleton, busy mark or
// pending screen left in it: data shown), on the first visit of the session. Each tap is made
// in a fresh browser context (nothing cached) once the screen it starts from has loaded and the
// page has been idle, on the reference phone of the Lighthouse rows (tests/bench/phone.ts: the CPU
// slowdown chosen from the benchmarkIndex measured in that context just before) and slow 4G
// (150 ms round trip, 1.6 Mbps down, 750 kbps up), applied through DevTools. The row is the p95
// over the 5 tabs and 10 most used screens, goal 100 ms (ratio = 100 ÷ ours).
// nav-repeat-visit: the same taps again in the same page, back on the screen they start from: the
// screen's code is loaded, and its answers come at once from those of the first visit (served by
// the test, no network), so what is left is rendering. Its p95 is the floor the first visit's p95
// is held to (within FACTOR ×): what the first visit spends above it is our loading.
// The issue's goals, from the same taps (one pass serves every row): nav-tabs-top5, the p95 of the
// first visits to the 5 tabs and the 5 most used screens (TOP), goal 300 ms; nav-worst-over-floor,
// the screen whose first visit is the most times its own repeat visit, goal ≤ 2× (its note names
// it); nav-home-repeat, Home's repeat visit, goal 250 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { closeSharedBrowser, openPhone } from '../support/browser';
import { signInAs, type CreatedUser } from '../support/browser-session';
import { listed, timeOf, timesOf, worstOverFloor } from '../support/nav-rows';
import { operator } from '../support/operator';
import type { FloorCase, GoalCase } from './harness';
import { benchmarkIndexIn, multiplierFor, phoneText, type PhoneContext } from './phone';
import { startBenchBroker } from './ui/broker';
import { ensureClient } from './ui/driver';
import { percentile } from './ui/stats';
import { IDLE_MAP_META } from '../../src/routes/idle-map';

const GOAL_MS = 100;
/** The first visit may take this many times the repeat visit: its loading at most half as much again. */
const FACTOR = 1.5;
/** A tap to a tab or a most used screen, on a first visit: its code and first answer there before it. */
const TOP_GOAL_MS = 300;
/** Any one screen's first visit may take this many times its own repeat visit. */
const SCREEN_FACTOR = 2;
/** Home's own render, tapped again with its code loaded and its answers served at once. */
const HOME_AGAIN_GOAL_MS = 250;
const HOME = '/pages/tabbar/home';
const MINE = '/pages/tabbar/mine';

/**
 * From where, what to tap (after opening the drawer, when `drawer`), and the screen it opens;
 * `top`: a tab or one of the five most used screens (nav-tabs-top5).
 */
type Tap = { from: string; drawer?: true; tap: string; route: string; top?: true };
const tab = (name: string, route: string, from = HOME): Tap => ({
  from,
  tap: `[data-testid="tab-${name}"]`,
  route,
  top: true,
});
const drawer = (id: string, route: string, top?: true): Tap => ({
  from: HOME,
  drawer: true,
  tap: `[data-testid="${id}"]`,
  route,
  ...(top && { top }),
});

// The five most used screens past the tabs: the drawer's first three rows, money in and out and
// the record a deposit is checked on (the drawer lists them in the order people open them, as the
// idle preload fetches them: src/routes/idle-routes.ts), and Mine's two rows, the wallet that a
// deposit or a trade sends people to and the robots. Security, the bank cards, the funds detail
// and About are opened once in a while, not each session.
const TAPS: Tap[] = [
  tab('home', HOME, '/pages/tabbar/markets'),
  tab('ipo', '/pages/tabbar/ipo'),
  tab('markets', '/pages/tabbar/markets'),
  tab('trade', '/pages/tabbar/trade'),
  tab('mine', MINE),
  drawer('drawer-deposit', '/pages/recharge/recharge', true),
  drawer('drawer-withdraw', '/pages/withdraw/bankWithdraw', true),
  drawer('drawer-row-rechargeRecord', '/pages/recharge/bankRecord', true),
  drawer('drawer-row-withdrawRecord', '/pages/withdraw/withdrawRecord'),
  drawer('drawer-row-fundsDetail', '/pages/fundsDetail/stockFundsDetail'),
  drawer('drawer-row-bankList', '/pages/wallet/bankList'),
  drawer('drawer-row-security', '/pages/user/security'),
  drawer('drawer-row-about', '/pages/user/about'),
  { from: MINE, tap: '[data-testid="mine-row-assets"]', route: '/pages/user/assets', top: true },
  { from: MINE, tap: '[data-testid="mine-row-robots"]', route: '/pages/robot/list', top: true },
];
/** The tabs and the five most used screens. */
const TOP = TAPS.filter((tap) => tap.top).map((tap) => tap.route);

/**
 * NAV_TAPS (routes, comma-separated): only the taps that open these, to look into one screen's
 * tap without the 15 fresh browsers of the whole set. Its rows are then not the set's p95.
 */
function chosenTaps(): Tap[] {
  const only = process.env.NAV_TAPS?.split(',').filter((route) => route !== '');
  if (!only?.length) return TAPS;
  const chosen = TAPS.filter((tap) => only.includes(tap.route));
  if (chosen.length === 0) throw new Error(`NAV_TAPS names no tap: ${only.join(', ')}`);
  return chosen;
}

/** Slow 4G as Lighthouse's mobile profile has it (bytes per second). */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};

/** Milliseconds from the tap to the first frame that shows `route` with its content. */
async function tapToContent(page: Page, base: string, tap: Tap): Promise<number> {
  // Room for every request of the page (the browser keeps 250 by default), for codeFetchedSince.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(5_000));
  await page.goto(`${base}${tap.from}`);
  await page.locator(`[data-screen="${tap.from}"]`).waitFor();
  await page.waitForLoadState('networkidle');
  // Idle time a person spends reading before the tap (a few seconds, past the idle preload's
  // 3 s of quiet, src/routes/idle-preload.ts): what the app preloads in it counts.
  await page.waitForTimeout(4000);
  const before = await page.evaluate(() => performance.now());
  const ms = await tapOnce(page, tap);
  afterTap.set(tap.route, await codeFetchedSince(page, before, tap.route.split('?')[0]!));
  return ms;
}

/**
 * How many of the tapped screen's files in the idle preload's map (src/routes/idle-routes.ts, all
 * its parts) the network served from `since` on, not the browser's cache: the code the queue had
 * not fetched before the tap. A count that says what a tap's milliseconds on a loaded machine
 * cannot; the queue's own later links, for other screens, are not counted.
 */
function codeFetchedSince(page: Page, since: number, route: string): Promise<number> {
  return page.evaluate(
    async ({ at, route, meta }) => {
      type IdleMap = { files: string[]; routes: Record<string, number[]> };
      const held = (window as unknown as Record<string, IdleMap | undefined>)[meta];
      const href = document.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content;
      const map = held ?? (href ? ((await (await fetch(href)).json()) as IdleMap) : undefined);
      if (!map) return -1;
      const files = new Set(
        Object.entries(map.routes)
          .filter(([key]) => key.split('#')[0] === route)
          .flatMap(([, indices]) => indices.map((i) => map.files[i])),
      );
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.startTime >= at && entry.transferSize > 0 && files.has(new URL(entry.name).pathname),
      ).length;
    },
    { at: since, route, meta: IDLE_MAP_META },
  );
}

async function tapOnce(page: Page, tap: Tap): Promise<number> {
  if (tap.drawer) {
    await page.locator('[data-testid="drawer-open"]').click();
    await page.locator(`${tap.tap}`).waitFor({ state: 'visible' });
  }
  return page.evaluate(tapInPage(tap.tap, tap.route.split('?')[0]!)) as Promise<number>;
}

type Answer = { status: number; headers: Record<string, string>; body: Buffer };
const API = '/ipxtrg-api/';
const keyOf = (request: Request) => `${request.method()} ${request.url()} ${request.postData() ?? ''}`;

/** An answer's headers for serving its body as read (decoded): no encoding or length of the wire's. */
function plain(headers: Record<string, string>): Record<string, string> {
  const { 'content-encoding': _encoding, 'content-length': _length, ...rest } = headers;
  return rest;
}

/** Keeps every API answer the page gets from now on, by request (method, URL and body). */
function recordAnswers(page: Page): Map<string, Answer> {
  const answers = new Map<string, Answer>();
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith(API)) return;
    void response.body().then(
      (body) =>
        answers.set(keyOf(response.request()), {
          status: response.status(),
          headers: plain(response.headers()),
          body,
        }),
      () => undefined,
    );
  });
  return answers;
}

/**
 * The same tap again in the same page: back on the screen it starts from (in the app, as a back
 * press would), idle a second, then tapped with the answers of the first visit served at once.
 */
async function tapAgain(page: Page, tap: Tap, answers: Map<string, Answer>): Promise<number> {
  await page.evaluate((from) => history.pushState(null, '', from), tap.from);
  await page.locator(`[data-screen="${tap.from}"]`).waitFor();
  await page.waitForTimeout(1000);
  await page.route(
    (url) => url.pathname.startsWith(API),
    (route) => {
      const answer = answers.get(keyOf(route.request()));
      return answer ? route.fulfill(answer) : route.continue();
    },
  );
  try {
    return await tapOnce(page, tap);
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
}

/**
 * The page's side, as source text: tsx names the functions it compiles with a helper the page
 * does not have, so a compiled function cannot be handed to page.evaluate here.
 */
const tapInPage = (selector: string, route: string) => `new Promise((resolve, reject) => {
  const selector = ${JSON.stringify(selector)};
  const route = ${JSON.stringify(route)};
  const ready = () => {
    const root = document.querySelector('[data-screen="' + route + '"]');
    if (!root) return false;
    if (root.querySelector('.skeleton, [class*="skeleton"], [aria-busy="true"], .pending-screen')) return false;
    return (root.textContent || '').trim().length > 0;
  };
  const target = document.querySelector(selector);
  if (!target) return reject(new Error('nothing to tap: ' + selector));
  const at = performance.now();
  const timeout = setTimeout(() => reject(new Error(route + ': no content within 20 s')), 20000);
  const check = () => {
    if (!ready()) return requestAnimationFrame(check);
    // The frame that shows it: the next paint after the DOM has it.
    requestAnimationFrame(() => {
      clearTimeout(timeout);
      resolve(performance.now() - at);
    });
  };
  target.click();
  check();
})`;

const results = new Map<string, number>();
const repeats = new Map<string, number>();
/** Each first visit's files of its screen fetched after its tap (codeFetchedSince). */
const afterTap = new Map<string, number>();
/** Each tap's phone: the benchmarkIndex measured in its context and the slowdown it chose. */
const phones = new Map<string, PhoneContext>();
let run: Promise<void> | null = null;
/** Both rows come from one pass over the taps, whichever row asks first. */
const measured = () => (run ??= measureAll());

async function measureAll(): Promise<void> {
  const clientDir = process.env.UI_BENCH_CLIENT_DIR;
  if (!clientDir) await ensureClient((l) => console.log(l));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-nav-bench-'));
  const broker = await startBenchBroker(
    {
      MARKET_ALWAYS_OPEN: '1',
      FUNDING_ALWAYS_OPEN: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    clientDir ? path.resolve(clientDir) : undefined,
  );
  const cli = { port: new URL(broker.url).port, dataDir };
  try {
    const user = (await operator(
      ['create-user', '--kyc', 'approved', '--name', 'Deneme Kişi'],
      cli,
    )) as CreatedUser;
    await operator(['fund', user.userId, '100000', '--reason', 'bench'], cli);
    for (const tap of chosenTaps()) {
      const phone = await openPhone();
      try {
        await signInAs(phone.page, broker.url, user, 'tr-TR');
        const benchmarkIndex = await benchmarkIndexIn(phone.page);
        const multiplier = multiplierFor(benchmarkIndex);
        phones.set(tap.route, { benchmarkIndex, multiplier });
        const cdp = await phone.context.newCDPSession(phone.page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORK);
        const answers = recordAnswers(phone.page);
        results.set(tap.route, await tapToContent(phone.page, broker.url, tap));
        await phone.page.waitForLoadState('networkidle');
        repeats.set(tap.route, await tapAgain(phone.page, tap, answers));
      } finally {
        await phone.close();
      }
    }
  } finally {
    await closeSharedBrowser();
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const p95 = (of: Map<string, number>) => percentile([...of.values()], 95);
/** The rows' phone: the median benchmarkIndex over the taps, and the slowdown it chose. */
function phoneOfRun(): PhoneContext | undefined {
  const indexes = [...phones.values()].map((p) => p.benchmarkIndex).sort((a, b) => a - b);
  const middle = indexes[Math.floor(indexes.length / 2)];
  return middle === undefined ? undefined : { benchmarkIndex: middle, multiplier: multiplierFor(middle) };
}
const phonesText = () =>
  `reference phone: ${phoneOfRun() ? phoneText(phoneOfRun()!) : '--'} (per tap ` +
  `${[...phones.values()].map((p) => `${p.multiplier}×`).join(', ')})`;
const short = (route: string) => route.replace('/pages/', '');

const ALL_CASES: (GoalCase | FloorCase)[] = [
  {
    kind: 'goal',
    name: 'nav-first-visit',
    unit: 'ms',
    goal: GOAL_MS,
    better: 'lower',
    measure: async () => {
      await measured();
      return p95(results);
    },
    phone: phoneOfRun,
    get note() {
      return (
        `p95 of tap → first meaningful content over ${results.size} first visits (slow 4G), ms: ` +
        `${listed(results)}; its files fetched after the tap: ${listed(afterTap)}; ${phonesText()}`
      );
    },
  },
  {
    kind: 'floor',
    name: 'nav-repeat-visit',
    unit: 'ms',
    floorName: 'floor: the same taps again, code loaded and answers served at once',
    factor: FACTOR,
    measure: async () => {
      await measured();
      return { ours: p95(results), floor: p95(repeats) };
    },
    phone: phoneOfRun,
    get note() {
      return (
        `ours: nav-first-visit's p95; floor: p95 of the same ${repeats.size} taps again in the same page ` +
        `(same phone), ms: ${listed(repeats)}`
      );
    },
  },
  {
    kind: 'goal',
    name: 'nav-tabs-top5',
    unit: 'ms',
    goal: TOP_GOAL_MS,
    better: 'lower',
    measure: async () => {
      await measured();
      return percentile(timesOf(results, TOP), 95);
    },
    phone: phoneOfRun,
    get note() {
      return (
        `p95 of tap → first meaningful content over the first visits of the tabs and the five most used ` +
        `screens (${TOP.filter((route) => results.has(route)).length} of ${TOP.length} tapped), ms: ` +
        `${listed(results, TOP)}`
      );
    },
  },
  {
    kind: 'floor',
    name: 'nav-worst-over-floor',
    unit: 'ms',
    floorName: "floor: that screen's own tap again, code loaded and answers served at once",
    factor: SCREEN_FACTOR,
    measure: async () => {
      await measured();
      const worst = worstOverFloor(results, repeats);
      return { ours: worst.first, floor: worst.again };
    },
    phone: phoneOfRun,
    get note() {
      const worst = worstOverFloor(results, repeats);
      const phone = phones.get(worst.route);
      return (
        `the screen whose first visit is the most times its repeat visit, of ${repeats.size}: ` +
        `${short(worst.route)}, ${Math.round(worst.first)} ms first, ${Math.round(worst.again)} ms again ` +
        `(${worst.ratio.toFixed(2)}×${phone ? `, CPU ${phone.multiplier}×` : ''})`
      );
    },
  },
  {
    kind: 'goal',
    name: 'nav-home-repeat',
    unit: 'ms',
    goal: HOME_AGAIN_GOAL_MS,
    better: 'lower',
    measure: async () => {
      await measured();
      return timeOf(repeats, HOME);
    },
    phone: phoneOfRun,
    get note() {
      const first = results.get(HOME);
      return (
        `Home's own render: the tap from Markets again in the same page, code loaded and answers ` +
        `served at once (nav-repeat-visit's Home), ms; its first visit ` +
        `${first === undefined ? '--' : Math.round(first)} ms`
      );
    },
  },
];

/**
 * Under NAV_TAPS, the rows its taps cannot measure are left out rather than failed: a look into
 * the Trade tab's tap alone has no Home tap for `nav-home-repeat`.
 */
function measurable(name: string): boolean {
  const tapped = chosenTaps().map((tap) => tap.route);
  if (name === 'nav-home-repeat') return tapped.includes(HOME);
  if (name === 'nav-tabs-top5') return tapped.some((route) => TOP.includes(route));
  return true;
}
export const cases = ALL_CASES.filter((c) => measurable(c.name));
