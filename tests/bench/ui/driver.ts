import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { closeSharedBrowser, openPhone } from '../../support/browser';
import { ROOT } from '../../support/process';
import { startBenchBroker } from './broker';
import { median, percentile, snapToFrames } from './stats';
import { startCpuProfile, type CpuProfileStop } from './profile';
import { BENCH_LINES, storeSession, userWithOrderLines } from './order-lines-user';
import type { CreatedUser } from '../../support/browser-session';

/**
 * Drives the built app in headless Chromium against a broker running the bench market profile
 * and measures, in the page, frame intervals, long tasks, tick → paint and row renders per
 * ticker change. Each run splits its time between the live screens: the Markets tab (200
 * tickers at 10 Hz), one instrument screen (its book at 20 Hz, ~50 trades/s) and, for a coin,
 * that instrument's kline screen signed in with ten of the user's order lines on its chart.
 */
export type UiOptions = {
  runs: number;
  /** Measured seconds per run, split evenly between the screens. */
  seconds: number;
  /** After the measured runs, one more with a CPU profile of each screen: where time goes. */
  profile?: boolean;
  log?: (line: string) => void;
};

/** What one window of the probe returns (tests/bench/ui/probe.js). */
type Window = {
  seconds: number;
  frames: number[];
  tickToPaint: number[];
  tickToApply: number[];
  applyToPaint: number[];
  longTaskMs: number | null;
  longTasks: number;
  renders: Record<string, number>;
  rows: number;
  benchOn: boolean;
  rowChanges: number;
  allChanges: number;
};

export type UiRun = {
  frameP95: number;
  tickToPaintP95: number;
  longTaskMs: number;
  rendersPerChange: number;
  /** For the report: what the run saw. */
  detail: string;
};

export type UiResult = {
  frameP95: number;
  tickToPaintP95: number;
  longTaskMs: number;
  rendersPerChange: number;
  runs: UiRun[];
  chromium: string;
};

/** The instrument that carries the bench profile's 20 Hz book and trade tape (server/market/simulator). */
export const BENCH_SYMBOL = process.env.UI_BENCH_SYMBOL ?? 'BTCUSDT';
const BENCH_MARKET = process.env.UI_BENCH_MARKET ?? 'coin';

/** Which elements the probe watches: ticker rows (renders, changes) and timed price text. */
type Track = { selector: string; attr?: string; prefix?: string; symbol?: string };
type ProbeConfig = { rows: Required<Omit<Track, 'symbol'>>; track: Track[] };

const ROWS = { selector: 'li.ticker-row', attr: 'data-testid', prefix: 'ticker-row-' };

/** Screens in the order a run visits them. */
/** UI_BENCH_KLINE_LINES=0: the kline screen as a guest, with no lines (what the lines cost, by difference). */
const KLINE_LINES = process.env.UI_BENCH_KLINE_LINES !== '0';

type Screen = {
  name: string;
  path: string;
  ready: string;
  countRenders: boolean;
  probe: ProbeConfig;
  /** Measured signed in as the user with order lines (the others as a guest, as before). */
  signedIn?: boolean;
};
const SCREENS: Screen[] = [
  {
    name: 'markets',
    path: '/pages/tabbar/markets?segment=stocks',
    ready: ROWS.selector,
    countRenders: true,
    probe: { rows: ROWS, track: [ROWS] },
  },
  {
    name: 'instrument',
    path: `/pages/${BENCH_MARKET}/index?symbol=${BENCH_SYMBOL}`,
    ready: '[data-testid="book"]',
    countRenders: false,
    probe: { rows: ROWS, track: [{ selector: '[data-testid="quote-price"]', symbol: BENCH_SYMBOL }] },
  },
  ...(BENCH_MARKET === 'coin'
    ? [
        {
          name: 'kline',
          path: `/pages/coin/coinKline?symbol=${BENCH_SYMBOL}`,
          // The chart's ten lines are listed (for screen readers) once they are drawn.
          ready: KLINE_LINES
            ? `[data-testid="order-lines"] li:nth-child(${BENCH_LINES})`
            : '[data-testid="kline-chart"][data-loaded]',
          countRenders: false,
          signedIn: KLINE_LINES,
          probe: { rows: ROWS, track: [{ selector: '[data-testid="quote-price"]', symbol: BENCH_SYMBOL }] },
        },
      ]
    : []),
];
const WARM_UP_MS = 3_000;

type ClientBuild = { buildClient: () => boolean; clientIsStale: () => boolean };

/** Builds dist/client when its sources are newer (also used by the Lighthouse cases). */
export async function ensureClient(log: (line: string) => void): Promise<void> {
  // An untyped .mjs: imported by URL and typed here.
  const script = pathToFileURL(path.join(ROOT, 'scripts', 'client-build.mjs')).href;
  const { buildClient, clientIsStale } = (await import(script)) as ClientBuild;
  if (!clientIsStale()) return;
  log('building the client…');
  if (!buildClient()) throw new Error('the client build failed');
}

async function measureWindow(
  page: Page,
  url: string,
  screen: (typeof SCREENS)[number],
  ms: number,
  profile: boolean,
): Promise<{ window: Window; profile: string | null }> {
  await page.goto(url);
  await page
    .locator(screen.ready)
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 })
    .catch(() => {
      throw new Error(`${screen.name}: no element matches ${screen.ready} at ${url} within 30 s`);
    });
  await page.waitForTimeout(WARM_UP_MS);
  let stopProfile: CpuProfileStop | null = null;
  if (profile) stopProfile = await startCpuProfile(page);
  await page.evaluate((config) => globalThis.__seansProbe.start(config), screen.probe);
  await page.waitForTimeout(ms);
  const window = await page.evaluate(() => globalThis.__seansProbe.stop() as unknown);
  return { window: window as Window, profile: stopProfile ? await stopProfile() : null };
}

function summarise(windows: { screen: string; window: Window; countRenders: boolean }[]): UiRun {
  const frames = windows.flatMap((w) => w.window.frames);
  const ticks = windows.flatMap((w) => w.window.tickToPaint);
  const counted = windows.filter((w) => w.countRenders);
  const renders = counted.reduce((n, w) => n + (w.window.renders['ticker-row'] ?? 0), 0);
  const changes = counted.reduce((n, w) => n + w.window.rowChanges, 0);
  const detail = windows
    .map(
      ({ screen, window: w }) =>
        `${screen}: ${w.seconds.toFixed(1)} s, ${w.rows} rows, ${w.frames.length} frames ` +
        `(raw p95 ${percentile(w.frames, 95).toFixed(1)} ms, in frames ${percentile(snapToFrames(w.frames), 95).toFixed(1)}, max ${Math.max(...w.frames).toFixed(1)}), ` +
        `${w.tickToPaint.length} ticks painted (p50 ${percentile(w.tickToPaint, 50).toFixed(1)}, ` +
        `p95 ${percentile(w.tickToPaint, 95).toFixed(1)} ms; server t → applied p50/p95 ` +
        `${percentile(w.tickToApply, 50).toFixed(1)}/${percentile(w.tickToApply, 95).toFixed(1)}, applied → ` +
        `paint ${percentile(w.applyToPaint, 50).toFixed(1)}/${percentile(w.applyToPaint, 95).toFixed(1)}), ` +
        `${w.longTasks} long tasks ` +
        `${(w.longTaskMs ?? Number.NaN).toFixed(0)} ms, renders ${JSON.stringify(w.renders)}, ` +
        `changes to rows ${w.rowChanges} / all ${w.allChanges}`,
    )
    .join('\n    ');
  for (const { screen, window: w } of windows) {
    if (!w.benchOn)
      throw new Error(`${screen}: the app's bench counters are off (src/market/render-stats.ts)`);
    if (w.longTaskMs === null) throw new Error('this Chromium reports no long tasks');
  }
  // A silent page would pass every goal: no data is a failure, with where to look.
  if (changes === 0)
    throw new Error('no ticker change reached a row: is noteTickerChange called in applyPatch?');
  if (renders === 0) throw new Error("no row rendered: is noteRender('ticker-row') called in TickerRow?");
  if (ticks.length === 0) throw new Error('no ticker change was painted: are the screens live?');
  return {
    frameP95: percentile(snapToFrames(frames), 95),
    tickToPaintP95: percentile(ticks, 95),
    longTaskMs: windows.reduce((n, w) => n + (w.window.longTaskMs ?? 0), 0),
    rendersPerChange: changes > 0 ? renders / changes : Number.NaN,
    detail,
  };
}

/** Runs the whole benchmark: broker, browser, `runs` runs; the median of each metric. */
export async function measureUi(options: UiOptions): Promise<UiResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  // UI_BENCH_CLIENT_DIR: a client built elsewhere (e.g. while others rebuild dist/client).
  const clientDir = process.env.UI_BENCH_CLIENT_DIR;
  if (!clientDir) await ensureClient(log);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-ui-bench-'));
  const broker = await startBenchBroker(
    {
      MARKET_PROFILE: 'bench',
      MARKET_ALWAYS_OPEN: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    clientDir ? path.resolve(clientDir) : undefined,
  );
  const phone = await openPhone();
  const user: CreatedUser | null = SCREENS.some((s) => s.signedIn)
    ? await userWithOrderLines(broker.url, { port: new URL(broker.url).port, dataDir }, BENCH_SYMBOL)
    : null;
  // the screens must stay free of long tasks "while another process loads the machine".
  // A busy loop in its own process takes one core for the whole measurement, as a phone's other
  // apps and the OS do; Chromium, the broker and this process share what is left.
  const load = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    await phone.context.addInitScript({ path: path.join(import.meta.dirname, 'probe.js') });
    const cdp = await phone.context.newCDPSession(phone.page);
    const { product: chromium } = await cdp.send('Browser.getVersion');
    await cdp.detach();
    const runs: UiRun[] = [];
    const perScreenMs = (options.seconds * 1000) / SCREENS.length;
    // With `profile`, one extra run after the measured ones: the profiler's own cost stays out.
    const total = options.runs + (options.profile ? 1 : 0);
    for (let run = 0; run < total; run += 1) {
      const profile = run === options.runs;
      const windows = [];
      for (const screen of SCREENS) {
        // A signed-in screen is never the first: the page is on the broker's origin by then.
        if (screen.signedIn) await storeSession(phone.page, broker.url, user);
        const result = await measureWindow(
          phone.page,
          `${broker.url}${screen.path}`,
          screen,
          perScreenMs,
          profile,
        );
        if (screen.signedIn) await storeSession(phone.page, broker.url, null);
        windows.push({ screen: screen.name, window: result.window, countRenders: screen.countRenders });
        if (result.profile) log(`  CPU profile, ${screen.name} (self time):\n${result.profile}`);
      }
      if (profile) break;
      const summary = summarise(windows);
      log(
        `  run ${run + 1}/${options.runs}: frame p95 ${summary.frameP95.toFixed(1)} ms, tick→paint p95 ` +
          `${summary.tickToPaintP95.toFixed(1)} ms, long tasks ${summary.longTaskMs.toFixed(0)} ms, ` +
          `renders/change ${summary.rendersPerChange.toFixed(3)}\n    ${summary.detail}`,
      );
      runs.push(summary);
    }
    return {
      frameP95: median(runs.map((r) => r.frameP95)),
      tickToPaintP95: median(runs.map((r) => r.tickToPaintP95)),
      longTaskMs: median(runs.map((r) => r.longTaskMs)),
      rendersPerChange: median(runs.map((r) => r.rendersPerChange)),
      runs,
      chromium,
    };
  } finally {
    load.kill('SIGKILL');
    await phone.close();
    await closeSharedBrowser();
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

declare global {
  var __seansProbe: { start(config: ProbeConfig): void; stop(): unknown };
}
