import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { callApi, signInAs, type CreatedUser } from '../support/browser-session';
import { openPhone, screen, type Phone } from '../support/browser';
import { operator } from '../support/operator';

// A trader keeps the app open for hours, going from screen to screen. Going round the streaming
// screens must leave nothing behind: after a GC the page on a screen with no streams has the DOM
// nodes and listeners it had after the first round, and the socket holds none of the screens'
// subscriptions (each screen's streams are released when it unmounts, and the worker unsubscribes
// them after its teardown delay).
const base = inject('baseURL');
const cli = { port: inject('port'), dataDir: inject('dataDir') };
const PIN = '246810';
/** A screen with no live streams, where each round ends. */
const REST = '/pages/user/about';
/** workers/market-data.ts TEARDOWN_MS, and a second for the unsub frames to go out. */
const TEARDOWN_WAIT_MS = 5_000 + 1_000;
const ROUNDS = 3;
/**
 * How far a later round may end above the first. Measured, rounds end at exactly the same counts
 * after a GC (15 rounds at 336 nodes and 199 listeners each; this test's 3 at 315 and 186), while
 * one listener left behind per visit of one screen adds 2 by round 3 and one screen's DOM kept
 * alive is hundreds of nodes (the coin screen ~450). The slack absorbs one stray text node or
 * listener, nothing a screen leaves behind once per visit.
 */
const NODES_SLACK = 10;
const LISTENERS_SLACK = 1;

type Sample = { nodes: number; listeners: number; documents: number; heapMB: number };

/** The public streams the page's socket is subscribed to, by `ch|symbol`, from its sent frames. */
function watchSubscriptions(page: Page): Set<string> {
  const open = new Set<string>();
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('sub"')) return;
      const frame = JSON.parse(payload) as { op?: string; ch?: string; symbol?: string };
      if (frame.symbol === undefined) return; // private channels stay for the session
      const key = `${frame.ch}|${frame.symbol}`;
      if (frame.op === 'sub') open.add(key);
      if (frame.op === 'unsub') open.delete(key);
    }),
  );
  return open;
}

async function go(page: Page, path: string): Promise<void> {
  // In-app navigation, as a link does (src/paths/navigation.ts): the app stays loaded all along.
  await page.evaluate((to) => history.pushState({ seansDepth: 1 }, '', to), path);
  await screen(page, path.split('?')[0]!);
}

/**
 * The page's counts once whatever the last screen had in flight has finished. A round can end
 * with that screen's last request or frame still holding its detached DOM (one CI run sampled 459
 * nodes after round 2, then 322 again after round 3), so this samples until two in a row agree,
 * for up to 5 s, and keeps the smallest of each. What a screen leaves behind stays in every sample.
 */
async function settledSample(cdp: CDPSession): Promise<Sample> {
  let least = await sample(cdp);
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = await sample(cdp);
    const same = next.nodes === least.nodes && next.listeners === least.listeners;
    least = {
      nodes: Math.min(least.nodes, next.nodes),
      listeners: Math.min(least.listeners, next.listeners),
      documents: Math.min(least.documents, next.documents),
      heapMB: Math.min(least.heapMB, next.heapMB),
    };
    if (same) break;
  }
  return least;
}

async function sample(cdp: CDPSession): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN;
  return {
    nodes: value('Nodes'),
    listeners: value('JSEventListeners'),
    documents: value('Documents'),
    heapMB: Math.round(value('JSHeapUsedSize') / 10_485.76) / 100,
  };
}

let phone: Phone;
let cdp: CDPSession;
let subscriptions: Set<string>;

beforeAll(async () => {
  const user = (await operator(['create-user'], cli)) as CreatedUser;
  for (const wallet of ['coin', 'contract'])
    await operator(
      ['fund', user.userId, '1000', '--reason', 'long session', '--wallet', wallet, '--currency', 'USDT'],
      cli,
    );
  await callApi(base, user.userToken, '/user/update/tradepwd', {
    password: PIN,
    confirmPassword: PIN,
    loginPassword: user.password,
  });
  // An open contract position: the contract ticket follows its mark and recomputes its PnL.
  for (let attempt = 1; ; attempt++) {
    try {
      const order = {
        symbol: 'BTCUSDT',
        side: 'long',
        leverage: '5',
        margin: '40',
        acceptRisk: '1',
        tradePassword: PIN,
      };
      await callApi(base, user.userToken, '/coin/contract/order/add', order);
      break;
    } catch (error) {
      // The simulated book is momentarily too thin at times (NO_LIQUIDITY, contract-journey.test.ts).
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  phone = await openPhone();
  const { page } = phone;
  await signInAs(page, base, user, 'tr-TR');
  await page.evaluate(() => localStorage.setItem('systemTradeType', JSON.stringify('contract')));
  subscriptions = watchSubscriptions(page);
  cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${base}${REST}`);
  await screen(page, REST);
});
afterAll(async () => {
  await cdp?.detach().catch(() => undefined);
  await phone?.close();
});

/** The screens a round goes through, each with what shows it is up (for the streaming ones: live). */
const SCREENS: [path: string, ready: (page: Page) => Promise<unknown>][] = [
  ['/pages/tabbar/home', (page) => page.locator('[data-screen] [data-testid]').first().waitFor()],
  ['/pages/tabbar/markets', (page) => page.locator('[data-screen] [data-testid]').first().waitFor()],
  ['/pages/stock/index?symbol=THYAO', () => until('ticker|THYAO')],
  ['/pages/stock/stockKline?symbol=THYAO', (page) => chartDrawn(page)],
  ['/pages/coin/index?symbol=BTCUSDT', () => until('book|BTCUSDT', 'trades|BTCUSDT')],
  ['/pages/coin/coinKline?symbol=BTCUSDT', (page) => chartDrawn(page)],
  ['/pages/tabbar/trade', (page) => page.getByTestId('position').first().waitFor({ timeout: 15_000 })],
  ['/pages/tabbar/mine', () => Promise.resolve()],
  ['/pages/stockIPO/ipoList', () => Promise.resolve()],
  ['/pages/stock/option?symbol=THYAO', () => Promise.resolve()],
  ['/pages/robot/list', () => Promise.resolve()],
];

const until = (...keys: string[]) =>
  expect.poll(() => keys.every((key) => subscriptions.has(key)), { timeout: 10_000 }).toBe(true);
const chartDrawn = (page: Page) =>
  page.locator('[data-testid="kline-chart"]:not([data-bars="0"])').waitFor({ timeout: 15_000 });

describe('a long session going round the streaming screens', () => {
  it(`after ${ROUNDS} rounds the DOM, the listeners and the socket's subscriptions are back where they were`, async () => {
    const { page } = phone;
    const rounds: Sample[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [path, ready] of SCREENS) {
        await go(page, path);
        await ready(page);
      }
      await go(page, REST);
      rounds.push(await settledSample(cdp));
    }
    // Every screen was left: once the worker's teardown delay is over, no public stream is held.
    await expect.poll(() => [...subscriptions], { timeout: TEARDOWN_WAIT_MS + 4_000 }).toEqual([]);
    console.log('long session rounds', JSON.stringify(rounds));
    const [first, ...later] = rounds;
    for (const [index, round] of later.entries()) {
      const which = `round ${index + 2} against round 1: ${JSON.stringify(round)} vs ${JSON.stringify(first)}`;
      expect(round.nodes, which).toBeLessThanOrEqual(first!.nodes + NODES_SLACK);
      expect(round.listeners, which).toBeLessThanOrEqual(first!.listeners + LISTENERS_SLACK);
      expect(round.documents, which).toBeLessThanOrEqual(first!.documents);
    }
  });
});
