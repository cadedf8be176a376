import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ROOT } from '../paths';
import { guardCommits } from './commit-guard';
import * as content from './schema/content';
import * as ico from './schema/ico';
import * as kyc from './schema/kyc';
import * as market from './schema/market';
import * as primary from './schema/primary';
import * as ledger from './schema/ledger';
import * as system from './schema/system';
import * as trading from './schema/trading';
import * as users from './schema/users';

/** drizzle's view of every table of every area. */
const schema = {
  ...users,
  ...system,
  ...ledger,
  ...kyc,
  ...content,
  ...market,
  ...trading,
  ...primary,
  ...ico,
};

/** The one database type the rest of the server sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/**
 * drizzle passes these type parsers (identity: it parses timestamps and numerics itself) with
 * every PGlite query, and PGlite merges per-query parsers into its whole default table on every
 * call: ~0.13 ms a statement, over half of a simple statement's cost, measured on the order path.
 * Installing them once on the instance and dropping the per-query copy answers the same values.
 */
const identity = (value: unknown) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, identity],
  ),
);

type QueryOptions = { parsers?: unknown } & Record<string, unknown>;

/** The client as drizzle sees it: the same instance, minus the per-query parser copy. */
function withoutQueryParsers<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (prop === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) => {
          if (options?.parsers === undefined) return method.call(target, query, params, options);
          const { parsers: _dropped, ...rest } = options;
          void _dropped;
          return method.call(target, query, params, rest);
        };
      if (prop === 'transaction')
        return (fn: (tx: object) => unknown) =>
          method.call(target, (tx: object) => fn(withoutQueryParsers(tx)));
      return method.bind(target);
    },
  });
}

const run = promisify(execFile);

const MIGRATIONS = path.join(ROOT, 'server', 'db', 'migrations');

export type PgliteOptions = {
  kind: 'pglite';
  dataDir: string;
  /**
   * PostgreSQL's buffer cache inside PGlite's WebAssembly memory (PostgreSQL's default is
   * 128MB). Below the default because every page of it ends up resident: at 128MB the idle
   * broker's WebAssembly memory was 152 MB of RSS, at 32MB 49 MB. The sandbox's tables are
   * small, and a page not cached here comes from the OS page cache through PGlite's file system.
   */
  sharedBuffers?: string;
  /**
   * Where a new data directory is made (initdb): `child` (the default) in a process of its own
   * that ends when it is done. In the broker's own process, initdb leaves ~430 MB of WebAssembly
   * memory and heap copies as garbage that an idle process may never collect (the broker sat at
   * ~850 MB RSS after its first start, ~460 MB after a restart). `in-process` saves the child's
   * ~0.5 s, for short-lived databases such as the tests'.
   */
  initdb?: 'child' | 'in-process';
};

export type DatabaseOptions =
  | PgliteOptions
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** The server ends a transaction whose client has sent nothing for this long (a cluster node's). */
      idleInTransactionMs?: number;
    };

/** See PgliteOptions.sharedBuffers. */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Makes a new PGlite data directory in a child process and closes it: the process's exit gives
 * back everything initdb allocated. (A worker thread was tried first: its isolate went, but
 * glibc kept the ~120 MB it had malloc'd, in the thread's arena.) The child loads PGlite's
 * CommonJS build alone, without this process's loaders (tsx), since it needs nothing else.
 */
async function initdbInChild(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(process.argv[1]).PGlite.create({ dataDir: process.argv[2] }).then((db) => db.close())`;
  await run(process.execPath, ['-e', script, pglite, dataDir], { env: { PATH: process.env.PATH ?? '' } });
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.idleInTransactionMs
        ? { idle_in_transaction_session_timeout: options.idleInTransactionMs }
        : {}),
    });
    // An idle connection dropped by the server (a restart, failover, or an admin terminating
    // backends) is reported here; unheard, node-postgres would crash the process. The pool
    // replaces the connection on the next query, so saying so is all there is to do.
    pool.on('error', (error) => {
      console.error(`PostgreSQL dropped an idle connection (${error.message}); the pool will reconnect.`);
    });
    // A connection in use ended by the server between two statements (idleInTransactionMs, an
    // admin) is reported on the connection, where nobody listens while it is checked out:
    // unheard, that too crashed the process. Its next statement fails, and its caller hears so.
    pool.on('connect', (client) => client.on('error', () => {}));
    guardCommits(pool);
    try {
      const db = drizzlePg({ client: pool, schema });
      await migratePg(db, { migrationsFolder: MIGRATIONS });
      return { db, kind: 'postgres', close: () => pool.end() };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  await mkdir(options.dataDir, { recursive: true });
  if ((options.initdb ?? 'child') === 'child' && !existsSync(path.join(options.dataDir, 'PG_VERSION')))
    await initdbInChild(options.dataDir);
  const client = await PGlite.create({
    dataDir: options.dataDir,
    parsers: DRIZZLE_PARSERS,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ],
  });
  try {
    // A new 16 MB WAL segment is zero-filled by default: at 500 orders/s that is a COMMIT that
    // took 46–51 ms (measured) every ~8 s, a whole batch of orders waiting on it. PGlite issues
    // no fsync, so the zeroes bought nothing; the segment is still created and written in full
    // as it is used. One backend, so the session's setting is the database's.
    await client.exec('set wal_init_zero = off');
    const db = drizzlePglite({ client: withoutQueryParsers(client), schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return { db, kind: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}
