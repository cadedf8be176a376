import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../support/browser';
import { pgliteDataDir } from '../support/pglite-template';
import { startBroker } from '../support/process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The broker's data directory and port, for the operator CLI. */
    dataDir: string;
    port: string;
    /** The suite's Chromium, which each test file's phones connect to (tests/support/browser.ts). */
    browserEndpoint: string;
  }
}

/**
 * One broker for the browser suite: `npm start`'s own path, on a free port and a fresh data dir.
 * The data dir is the server suites' migrated PGlite template, copied (tests/support/pglite-template.ts):
 * the broker's first-start initdb in a child process plus the migrations took 13–22 s of the
 * suite's start on a loaded 2-core machine, from the template 4–7 s. The broker still migrates
 * (nothing to do) and seeds as on any start; a first start on an empty dir is tests/server/start.test.ts's.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await pgliteDataDir();
  // BIST and the bank-transfer window always open: live screens tick and the funding journey
  // can deposit whatever the hour the suite runs (CI ran it at 17:38 Istanbul, after hours).
  const broker = await startBroker({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    MARKET_ALWAYS_OPEN: '1',
    FUNDING_ALWAYS_OPEN: '1',
  });
  project.provide('baseURL', broker.url);
  project.provide('dataDir', dataDir);
  project.provide('port', new URL(broker.url).port);
  // One Chromium for every file: each file's process launched and closed its own before.
  const browser = await launchBrowserServer().catch(async (error: unknown) => {
    await broker.stop();
    throw error;
  });
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
