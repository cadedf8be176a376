// What the hand-run trace tools (start-trace.ts, trade-trace.ts, first-bytes.ts) share: Lighthouse's
// slow 4G as DevTools applies it, a signed-in phone's browser, and the shapes of a Chromium trace's
// events and a CPU profile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../support/browser';
import type { CreatedUser } from '../support/browser-session';
import { operator } from '../support/operator';
import { bundledBroker, startBroker } from '../support/process';

/** Lighthouse's mobile network: 150 ms round trip, 1.6 Mbps down, 750 kbps up (its 0.9 factor). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};

/** A trace event (the protocol's types call each a map of strings; Chromium's hold numbers and nested args). */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, where the category records it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: { url?: string; functionName?: string; type?: string; candidateIndex?: number };
    name?: string;
  };
};
export type ProfileNode = {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber?: number };
  hitCount?: number;
};
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/**
 * A phone's browser (390×844, touch, a fresh profile) with `user`'s session stored for `lang`, its
 * cache off and DevTools' network domain on: the signed-in screen then loads cold, as a returning
 * user's first visit of the day. `close` ends the browser and removes its profile.
 */
export async function signedInPhone(
  base: string,
  user: CreatedUser,
  lang: string,
): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seans-phone-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const close = async () => {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/healthz`);
    await page.evaluate(
      (items) => {
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, JSON.stringify(v));
      },
      {
        lang,
        userAccountType: 'real',
        userToken: user.userToken,
        userTokenReal: user.userToken,
        userTokenDemo: user.userTokenDemo,
      },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    return { page, cdp, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The built client (`CLIENT_DIR`) served by the bundled broker on a throwaway PGlite, always
 * open, with a funded user whose identity is checked; `work` gets its address and the user, and
 * the broker and its data are gone afterwards.
 */
export async function withFundedBroker<T>(work: (base: string, user: CreatedUser) => Promise<T>): Promise<T> {
  const clientDir = process.env.CLIENT_DIR;
  if (!clientDir) throw new Error('CLIENT_DIR: the built client to serve');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-trace-data-'));
  const broker = await startBroker(
    {
      MARKET_ALWAYS_OPEN: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: path.resolve(clientDir),
    },
    120_000,
    await bundledBroker(),
  );
  try {
    const cli = { port: new URL(broker.url).port, dataDir };
    const user = (await operator(
      ['create-user', '--kyc', 'approved', '--name', 'Deneme Kişi'],
      cli,
    )) as CreatedUser;
    await operator(['fund', user.userId, '100000', '--reason', 'bench'], cli);
    return await work(broker.url, user);
  } finally {
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
