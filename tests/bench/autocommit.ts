// The order benchmarks' peer (issue 19): the database's own single-row autocommit rate, measured
// from this process in the same run as the orders. Absolute orders/s do not carry across
// machines (PGlite's autocommit ran ~10,000/s on one machine of our kind and ~2,000/s on
// another), so the order capacity is reported as a share of what the same database does with
// the simplest durable write there is: one small row, one transaction, one at a time.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What the peer runs: a table of one small row per transaction, as an order's rows are small. */
const TABLE =
  'create table bench_autocommit (id bigint generated always as identity primary key, v int not null)';
const INSERT = 'insert into bench_autocommit (v) values ($1)';

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/** Inserts one row per statement, sequentially, for `seconds` (after a 0.5 s warm-up); rows/s. */
async function rate(query: Query, seconds: number): Promise<number> {
  await query(TABLE);
  let i = 0;
  const warm = performance.now() + 500;
  while (performance.now() < warm) await query(INSERT, [i++]);
  const start = performance.now();
  const end = start + seconds * 1000;
  let n = 0;
  while (performance.now() < end) {
    await query(INSERT, [i++]);
    n++;
  }
  return (n * 1000) / (performance.now() - start);
}

/**
 * PGlite's rate: a fresh data directory, configured as the broker opens its own (server/db/client.ts
 * turns `wal_init_zero` off), each insert its own implicit transaction.
 */
export async function pgliteAutocommit(seconds = 3): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-bench-autocommit-'));
  const db = await PGlite.create({ dataDir });
  try {
    await db.exec('set wal_init_zero = off');
    return await rate((text, params) => db.query(text, params), seconds);
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL's rate over one connection, on a table in the database at `url` (a logged table). */
export async function postgresAutocommit(url: string, seconds = 3): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop table if exists bench_autocommit');
    const answer = await rate((text, params) => client.query(text, params), seconds);
    await client.query('drop table bench_autocommit');
    return answer;
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the PostgreSQL server at `adminUrl` (as tests/support/server.ts makes
 * them), for the broker under test and the peer alike; `drop` removes it, connections and all.
 */
export async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `seans_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
