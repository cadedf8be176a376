import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBroker } from '../support/process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The broker's data directory and port, for the operator CLI. */
    dataDir: string;
    port: string;
  }
}

/** One broker for the browser suite: `npm start`'s own path, on a free port and a fresh data dir. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-browser-'));
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
  return async () => {
    await broker.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
