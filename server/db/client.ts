import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as content from './schema/content';
import * as kyc from './schema/kyc';
import * as market from './schema/market';
import * as ledger from './schema/ledger';
import * as system from './schema/system';
import * as trading from './schema/trading';
import * as users from './schema/users';

/** drizzle's view of every table of every area. */
const schema = { ...users, ...system, ...ledger, ...kyc, ...content, ...market, ...trading };

/** The one database type the rest of the server sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (a restart, failover, or an admin terminating
    // backends) is reported here; unheard, node-postgres would crash the process. The pool
    // replaces the connection on the next query, so saying so is all there is to do.
    pool.on('error', (error) => {
      console.error(`PostgreSQL dropped an idle connection (${error.message}); the pool will reconnect.`);
    });
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
  const client = await PGlite.create({ dataDir: options.dataDir });
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return { db, kind: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}
