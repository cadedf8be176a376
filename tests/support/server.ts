import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { OWNED_JOBS } from '../../server/jobs';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { pgliteDataDir } from './pglite-template';
import type { RouteDef } from '../../server/http/route';
import type { LogStream } from '../../server/http/log-redact';
import type { AppConfig } from '../../server/app-config';
import type { FundingConfig, MarketConfig, SecurityConfig } from '../../server/config';
import type { OutboundConfig } from '../../server/http/outbound/client';
import type { MarketSource } from '../../server/market/source';

/** A seeded simulator, BIST always open so tests see live trading whatever the day. */
export const testMarket: MarketConfig = {
  seed: 42,
  alwaysOpen: true,
  coins: 'simulator',
  profile: 'default',
  historySaveMs: 30_000,
};

/** Cheap hashing and generous limits, so tests are fast; throttling tests lower the limits. */
export const testSecurity: SecurityConfig = {
  scryptN: 2 ** 10,
  sessionTtlHours: 24,
  loginFailuresPerAccount: 1000,
  loginFailuresPerIp: 10_000,
  codeTtlSeconds: 600,
  codeResendSeconds: 1,
  codeMaxAttempts: 5,
  passkeys: { rpId: 'localhost', rpName: 'Seans', origins: null },
};

/** Funding open at any hour so tests pass whatever the day; the simulators look often. */
export const testFunding: FundingConfig = { alwaysOpen: true, simulatorIntervalMs: 200 };

/** A whole app config for tests (a server, a cluster partition): quiet, no client, the test settings. */
export function testConfig(
  overrides: {
    clientDir?: string | null;
    dataDir?: string;
    security?: Partial<SecurityConfig>;
    market?: Partial<MarketConfig>;
    funding?: Partial<FundingConfig>;
    outbound?: OutboundConfig;
  } = {},
): AppConfig {
  return {
    logLevel: 'silent',
    clientDir: overrides.clientDir ?? null,
    bodyLimit: 64 * 1024,
    dataDir: overrides.dataDir ?? tmpdir(),
    security: { ...testSecurity, ...overrides.security },
    market: { ...testMarket, ...overrides.market },
    funding: { ...testFunding, ...overrides.funding },
    outbound: overrides.outbound ?? { allowLoopback: false },
  };
}

export type DbTarget = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server we may create databases on. */
export function dbTargets(): DbTarget[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** An empty database on the PostgreSQL server DATABASE_URL names (the caller migrates it). */
export async function emptyPgDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        // An autovacuum worker in the database can refuse FORCE to a role without
        // pg_signal_backend (.ci/run grants it); it finishes soon, so try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            return;
          } catch (error) {
            if (attempt >= 10) throw error;
            await new Promise((r) => setTimeout(r, 300));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** A fresh, migrated, seeded database of the given kind, and how to throw it away. */
export async function freshDatabase(
  target: DbTarget,
): Promise<{ database: Database; dispose: () => Promise<void>; name?: string }> {
  if (target === 'pglite') {
    const dataDir = await pgliteDataDir();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await seed(database.db);
    return {
      database,
      dispose: async () => {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name, url, drop } = await emptyPgDatabase('seans_test');
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  await seed(database.db);
  return {
    database,
    name,
    dispose: async () => {
      await database.close();
      await drop();
    },
  };
}

export type TestServer = {
  url: string;
  api: (path: string) => string;
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's name (PGlite has none). */
  databaseName?: string;
  close: () => Promise<void>;
};

/** The real broker app listening on a free loopback port, over a fresh database. */
export async function startServer(
  target: DbTarget,
  options: {
    extraRoutes?: readonly RouteDef[];
    security?: Partial<SecurityConfig>;
    dataDir?: string;
    operatorKey?: string;
    market?: Partial<MarketConfig>;
    funding?: Partial<FundingConfig>;
    /** The guard of requests to users' URLs: a push service on loopback, a resolver's table. */
    outbound?: OutboundConfig;
    /** A source the test drives (tests/support/scripted-source.ts) instead of a configured one. */
    source?: MarketSource;
    /** Virtual time for the trading engines (funding, expiries); the real clock when absent. */
    clock?: { now(): number };
    /** Owned jobs (server/jobs.ts, by name) the server does not start: the test runs their passes by hand. */
    withoutJobs?: readonly string[];
    /** A built client to serve beside the API; none when absent. */
    clientDir?: string;
    /** Writes what the database holds before the app starts (what a restart finds). */
    beforeApp?: (db: Database['db']) => Promise<unknown>;
    /** Logs at this level into `logStream` (tests that read the log); silent when absent. */
    logLevel?: string;
    logStream?: LogStream;
  } = {},
): Promise<TestServer> {
  const { withoutJobs } = options;
  const unknownJob = withoutJobs?.find((name) => !OWNED_JOBS.some((job) => job.name === name));
  if (unknownJob) throw new Error(`no owned job is named ${unknownJob}`);
  const { database, dispose, name } = await freshDatabase(target);
  await options.beforeApp?.(database.db);
  const app = await buildApp({
    config: { ...testConfig(options), ...(options.logLevel ? { logLevel: options.logLevel } : {}) },
    db: database.db,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.operatorKey ? { operatorKey: options.operatorKey } : {}),
    ...(options.source ? { market: options.source } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(withoutJobs ? { jobs: OWNED_JOBS.filter((job) => !withoutJobs.includes(job.name)) } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    api: (p) => `${url}/ipxtrg-api${p}`,
    app,
    database,
    ...(name ? { databaseName: name } : {}),
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

/** A form-encoded POST, as the client sends it. */
export function postForm(
  url: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}
