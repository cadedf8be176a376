// Lighthouse mobile performance: the built app served by the broker, five screens, 5 runs
// each. Two rows a screen: the median (goal 95) and the worst run (goal 90), ratio = score ÷
// goal (at least 1 meets it), so a goal holds on every run of a machine, not on a lucky one.
// The note gives LCP, TBT and FCP of the median and the worst run. Every run simulates the same
// reference phone (tests/bench/phone.ts): its CPU slowdown is chosen from the benchmarkIndex
// measured in its own browser just before the load, so the score no longer follows the host.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { operator } from '../support/operator';
import type { CreatedUser } from '../support/browser-session';
import { browserEnv, stopBrowser } from './browser-exit';
import type { FloorCase, GoalCase } from './harness';
import { klineFloorNote, withKlineFloor, worstTbt } from './kline-floor';
import {
  benchmarkIndexAt,
  drifted,
  evaluateIn,
  inNewTab,
  multiplierFor,
  phoneText,
  type PhoneContext,
} from './phone';
import { startBenchBroker } from './ui/broker';
import { ensureClient } from './ui/driver';

const RUNS = 5;
const GOAL_MEDIAN = 95;
const GOAL_WORST = 90;
const LIGHTHOUSE = path.join(import.meta.dirname, 'node_modules', '.bin', 'lighthouse');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `signedIn`: the screen is a user's (the session stored in the browser before the load). */
const SCREENS = [
  { name: 'lh-home', path: '/pages/tabbar/home', signedIn: false },
  { name: 'lh-markets', path: '/pages/tabbar/markets', signedIn: false },
  { name: 'lh-kline', path: '/pages/stock/stockKline?symbol=THYAO', signedIn: false },
  { name: 'lh-trade', path: '/pages/tabbar/trade', signedIn: true },
  { name: 'lh-assets', path: '/pages/user/assets', signedIn: true },
] as const;
/** A set of runs whose benchmarkIndex drifted is measured again, at most this many more times. */
const REPEATS = 2;

/**
 * `index`: the benchmarkIndex measured in the run's browser before the load, which chose
 * `multiplier`; `cpu`: the one Lighthouse measured itself during the run; `settledMs`: how long the
 * fresh browser took to go quiet before the load.
 */
type Run = {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  cpu: number;
  index: number;
  multiplier: number;
  settledMs: number;
};
type Report = {
  finalDisplayedUrl?: string;
  categories: { performance: { score: number | null } };
  environment?: { benchmarkIndex?: number };
  audits: Record<string, { numericValue?: number }>;
};

/** CPU time (clock ticks) of every process of the Chromium using `profile`; undefined without /proc. */
async function chromiumTicks(profile: string): Promise<number | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!(await readFile(`/proc/${entry}/cmdline`, 'utf8')).includes(profile)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

const SETTLE_STEP_MS = 500;
/** At most this much CPU (clock ticks, 10 ms each) in a step counts as quiet: 10 % of one core. */
const QUIET_TICKS = 5;
const SETTLE_MAX_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the browser's own start-up work is done, so that it does not share the machine's
 * two cores with the page under test: Chromium 156.0.8078.108 builds its omnibox popup (a WebUI
 * renderer) at start, 1.3–2.1 s of CPU here, which Lighthouse's CLI, loading the page the moment
 * the browser answers, measured as the page's own blocking time (docs/benchmarks-history.md).
 * Returns how long it waited.
 */
async function settle(profile: string): Promise<number> {
  const start = Date.now();
  let last = await chromiumTicks(profile);
  if (last === undefined) {
    await sleep(5_000); // no /proc: a fixed wait longer than the start-up work measured
    return Date.now() - start;
  }
  let quietSteps = 0;
  while (quietSteps < 2 && Date.now() - start < SETTLE_MAX_MS) {
    await sleep(SETTLE_STEP_MS);
    const now: number = (await chromiumTicks(profile)) ?? last;
    quietSteps = now - last <= QUIET_TICKS ? quietSteps + 1 : 0;
    last = now;
  }
  return Date.now() - start;
}

function lighthouseCli(url: string, port: number, multiplier: number, keepStorage: boolean): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(LIGHTHOUSE, [
      url,
      `--port=${port}`,
      '--form-factor=mobile',
      '--only-categories=performance',
      `--throttling.cpuSlowdownMultiplier=${multiplier}`,
      // A signed-in screen needs the session written into the origin's storage before the load.
      ...(keepStorage ? ['--disable-storage-reset'] : []),
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${err.slice(-500)}`);
        resolve(JSON.parse(out) as Report);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** Writes the app's session for `user` into the origin's storage, in a tab of its own. */
async function storeSession(port: number, base: string, user: CreatedUser): Promise<void> {
  await inNewTab(port, async (send) => {
    await send('Page.enable');
    await send('Page.navigate', { url: `${base}/healthz` });
    // The navigation's document, not about:blank: wait for the origin to be the broker's.
    for (let i = 0; i < 100 && (await evaluateIn(send, 'location.origin')) !== base; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const items = {
      lang: 'tr-TR',
      userAccountType: 'real',
      userToken: user.userToken,
      userTokenReal: user.userToken,
      userTokenDemo: user.userTokenDemo,
    };
    await evaluateIn(
      send,
      `Object.entries(${JSON.stringify(items)}).forEach(([k, v]) => localStorage.setItem(k, JSON.stringify(v)))`,
    );
  });
}

/**
 * LH_REPORT_DIR: each run's whole Lighthouse report is written there too (treemap, bootup-time,
 * long-tasks, the LCP element…), to find out what a score is made of.
 */
let reportCount = 0;
async function keepReport(url: string, report: Report): Promise<void> {
  const dir = process.env.LH_REPORT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  reportCount += 1;
  const name = new URL(url).pathname.replaceAll('/', '_').replace(/^_/, '');
  await writeFile(path.join(dir, `${name}-${reportCount}.json`), JSON.stringify(report));
}

/**
 * One Lighthouse run in a fresh browser (its own profile), started and settled before the load,
 * on the reference phone for the benchmarkIndex measured in it then.
 */
async function lighthouseOnce(url: string, user: CreatedUser | null): Promise<Run> {
  const profile = await mkdtemp(path.join(tmpdir(), 'seans-lh-'));
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile,
    envVars: browserEnv(profile),
    logLevel: 'silent',
  });
  try {
    const settledMs = await settle(profile);
    if (user) await storeSession(chrome.port, new URL(url).origin, user);
    const index = await benchmarkIndexAt(chrome.port);
    const multiplier = multiplierFor(index);
    const report = await lighthouseCli(url, chrome.port, multiplier, user !== null);
    await keepReport(url, report);
    // A signed-in screen without its session lands on the login screen: that would be measured instead.
    const landed = report.finalDisplayedUrl ? new URL(report.finalDisplayedUrl).pathname : '';
    if (landed !== new URL(url).pathname) throw new Error(`${url} landed on ${landed}`);
    const score = report.categories.performance.score;
    if (score === null) throw new Error(`lighthouse gave no score for ${url}`);
    const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
    return {
      score: score * 100,
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
      cpu: report.environment?.benchmarkIndex ?? NaN,
      index,
      multiplier,
      settledMs,
    };
  } finally {
    // Gone before the next run's browser starts and before the harness looks for leftovers.
    await stopBrowser(chrome, profile);
    await rm(profile, { recursive: true, force: true });
  }
}

/** A user with money, on the broker at `url` whose data lives in `dataDir`. */
async function fundedUser(url: string, dataDir: string): Promise<CreatedUser> {
  const cli = { port: new URL(url).port, dataDir };
  const user = (await operator(
    ['create-user', '--kyc', 'approved', '--name', 'Deneme Kişi'],
    cli,
  )) as CreatedUser;
  await operator(['fund', user.userId, '100000', '--reason', 'bench'], cli);
  return user;
}

/**
 * A broker of its own per case, so `--only` can pick any one of them. LH_BROKER_URL and
 * LH_BROKER_DATA_DIR: a broker already running instead (started by hand on a loaded machine,
 * where one started here may not answer within the harness's two minutes).
 */
async function withBroker<T>(work: (url: string, user: CreatedUser) => Promise<T>): Promise<T> {
  const running = process.env.LH_BROKER_URL;
  if (running) return work(running, await fundedUser(running, process.env.LH_BROKER_DATA_DIR ?? ''));
  // UI_BENCH_CLIENT_DIR: a client built elsewhere, as for the UI cases (tests/bench/ui/driver.ts).
  const clientDir = process.env.UI_BENCH_CLIENT_DIR;
  if (!clientDir) await ensureClient((line) => console.log(line));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-lh-bench-'));
  const broker = await startBenchBroker(
    { MARKET_ALWAYS_OPEN: '1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    clientDir ? path.resolve(clientDir) : undefined,
  );
  try {
    return await work(broker.url, await fundedUser(broker.url, dataDir));
  } finally {
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (x: number) => `${Math.round(x)} ms`;
const metrics = (r: Run) => `LCP ${ms(r.lcp)}, TBT ${ms(r.tbt)}, FCP ${ms(r.fcp)}`;

/** Each screen's runs, measured once for both its rows (whichever `--only` picks first). */
const measured = new Map<string, Promise<Run[]>>();
/** How many sets of runs each screen took before its benchmarkIndex held (1 = the first). */
const sets = new Map<string, number>();

async function runSet(url: string, user: CreatedUser | null): Promise<Run[]> {
  const all: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) all.push(await lighthouseOnce(url, user));
  return all;
}

/** A page's runs, lowest score first, recorded in `sets` under `name`. */
async function measureSet(name: string, url: string, user: CreatedUser | null): Promise<Run[]> {
  let all = await runSet(url, user);
  let count = 1;
  // A machine that sped up or slowed down across the set measured two phones: measure again
  // rather than average them.
  while (drifted(all.map((r) => r.index)) && count <= REPEATS) {
    all = await runSet(url, user);
    count += 1;
  }
  sets.set(name, count);
  return all.sort((a, b) => a.score - b.score);
}

function runsOf(screen: (typeof SCREENS)[number]): Promise<Run[]> {
  let runs = measured.get(screen.name);
  if (!runs) {
    runs = withBroker((base, user) =>
      measureSet(screen.name, `${base}${screen.path}`, screen.signedIn ? user : null),
    );
    measured.set(screen.name, runs);
  }
  return runs;
}
/** The phone a screen's rows carry: the median benchmarkIndex and the multiplier it chose. */
const phones = new Map<string, PhoneContext>();
function phoneOf(name: string, runs: Run[]): PhoneContext {
  const byIndex = [...runs].sort((a, b) => a.index - b.index);
  const middle = byIndex[Math.floor(byIndex.length / 2)] as Run;
  const phone = { benchmarkIndex: middle.index, multiplier: middle.multiplier };
  phones.set(name, phone);
  return phone;
}
const median = (runs: Run[]) => runs[Math.floor(runs.length / 2)] as Run;
const worst = (runs: Run[]) => runs[0] as Run;
const notes = new Map<string, string>();

const screenCases: GoalCase[] = SCREENS.flatMap((s) => [
  {
    kind: 'goal' as const,
    name: s.name,
    unit: 'score',
    goal: GOAL_MEDIAN,
    better: 'higher' as const,
    measure: async () => {
      const runs = await runsOf(s);
      const phone = phoneOf(s.name, runs);
      notes.set(
        s.name,
        `${s.path}: Lighthouse mobile performance, median of ${RUNS} (scores ` +
          `${runs.map((r) => Math.round(r.score)).join(', ')}); median run ${metrics(median(runs))}; ` +
          `reference phone: ${phoneText(phone)} (runs: ${runs.map((r) => `${Math.round(r.index)}→${r.multiplier}×`).join(', ')}; ` +
          `Lighthouse's own benchmarkIndex ${runs.map((r) => Math.round(r.cpu)).join(', ')}); ` +
          `${sets.get(s.name) === 1 ? 'first set held' : `measured ${sets.get(s.name)} times, the index drifted`}; ` +
          `browser quiet after ${runs.map((r) => ms(r.settledMs)).join(', ')}`,
      );
      return median(runs).score;
    },
    phone: () => phones.get(s.name),
    get note() {
      return notes.get(s.name);
    },
  },
  {
    kind: 'goal' as const,
    name: `${s.name}-worst`,
    unit: 'score',
    goal: GOAL_WORST,
    better: 'higher' as const,
    measure: async () => {
      const runs = await runsOf(s);
      phoneOf(`${s.name}-worst`, runs);
      notes.set(
        `${s.name}-worst`,
        `the worst of the same ${RUNS} runs: ${metrics(worst(runs))}, CPU ${worst(runs).multiplier}×`,
      );
      return worst(runs).score;
    },
    phone: () => phones.get(`${s.name}-worst`),
    get note() {
      return notes.get(`${s.name}-worst`);
    },
  },
]);

const KLINE = SCREENS.find((s) => s.name === 'lh-kline')!;
/**
 * How many times the floor's blocking time the kline screen may have: the screen's own work (its
 * render, the quote header, the legend) may add at most half again the chart's own.
 */
const KLINE_FACTOR = 1.5;

/**
 * The kline screen's worst-run TBT beside lightweight-charts' alone (tests/bench/kline-floor.ts),
 * both on the phone each run calibrates: lh-kline's own runs, not the screen loaded again.
 */
const klineTbt: FloorCase = {
  kind: 'floor',
  name: 'lh-kline-tbt',
  unit: 'ms',
  floorName: 'floor: lightweight-charts alone, the same chart on a bare page',
  factor: KLINE_FACTOR,
  measure: async () => {
    const ours = await runsOf(KLINE);
    const floor = await withKlineFloor(async (url, bytes) => {
      const runs = await measureSet('lh-kline-floor', url, null);
      notes.set('lh-kline-tbt', klineFloorNote(ours, runs, bytes));
      return runs;
    });
    phones.set('lh-kline-tbt', phoneOf(KLINE.name, ours));
    return { ours: worstTbt(ours).tbt, floor: worstTbt(floor).tbt };
  },
  phone: () => phones.get('lh-kline-tbt'),
  get note() {
    const note = notes.get('lh-kline-tbt');
    const count = sets.get('lh-kline-floor');
    return note && count !== undefined && count > 1
      ? `${note}; the floor measured ${count} times, the index drifted`
      : note;
  },
};

export const cases: (GoalCase | FloorCase)[] = [...screenCases, klineTbt];
