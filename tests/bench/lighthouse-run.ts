// One Lighthouse run of a page in a fresh Chromium (its own profile), settled before the load, on
// the reference phone for the benchmarkIndex measured in it then (tests/bench/phone.ts): what each
// `lh-*` case of lighthouse.cases.ts repeats.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../support/browser';
import type { CreatedUser } from '../support/browser-session';
import { browserEnv, stopBrowser } from './browser-exit';
import { settle } from './browser-settle';
import { benchmarkIndexAt, evaluateIn, inNewTab, multiplierFor } from './phone';

const LIGHTHOUSE = path.join(import.meta.dirname, 'node_modules', '.bin', 'lighthouse');
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/**
 * `index`: the benchmarkIndex measured in the run's browser before the load, which chose
 * `multiplier`; `cpu`: the one Lighthouse measured itself during the run; `settledMs`: how long the
 * fresh browser took to go quiet before the load.
 */
export type Run = {
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
export async function lighthouseOnce(url: string, user: CreatedUser | null): Promise<Run> {
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
