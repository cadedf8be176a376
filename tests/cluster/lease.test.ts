import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { advisoryLease, LOCK_KEY_SQL, type Lease } from '../../server/cluster/lease';
import { emptyPgDatabase } from '../support/server';

// Partition ownership on a real PostgreSQL: one holder at a time, the next one
// within its retry period when the holder releases or its connection dies.
const log = { info: () => {}, warn: () => {} };
let db: { url: string; drop(): Promise<void> };
const leases: Lease[] = [];

const lease = (name: string, staleMs?: number) => {
  const l = advisoryLease({ url: db.url, name, retryMs: 100, log, ...(staleMs ? { staleMs } : {}) });
  leases.push(l);
  return l;
};

async function until(what: string, check: () => boolean, timeoutMs = 3_000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

beforeAll(async () => {
  db = await emptyPgDatabase('seans_lease');
});
afterAll(async () => {
  await Promise.all(leases.map((l) => l.release()));
  await db?.drop();
});

describe('advisory-lock leases', () => {
  it('gives a name to one holder; another name is independent', async () => {
    const a = lease('partition:x');
    await until('a holds', () => a.held());
    const b = lease('partition:x');
    const other = lease('partition:y');
    await until('the other name is held', () => other.held());
    await new Promise((r) => setTimeout(r, 400)); // several of b's tries
    expect(a.held()).toBe(true);
    expect(b.held()).toBe(false);
    await a.release();
    const waited = await until('b takes over', () => b.held());
    expect(waited).toBeLessThan(1_000);
  });

  it("tells its holder at once when the database ends the lease's connection, and the lease moves", async () => {
    const a = lease('partition:z');
    await until('a holds', () => a.held());
    const b = lease('partition:z');
    const heard: boolean[] = [];
    a.onChange((held) => heard.push(held));
    // What a dead holder looks like to PostgreSQL: its backend is gone.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'seans lease partition:z' and pid in (select pid from pg_locks where locktype = 'advisory' and granted)`,
    );
    await admin.end();
    await until('a hears it lost the lease', () => heard.includes(false));
    // Whoever tries first holds it next (a, reconnected, competes like anyone): one, never both.
    await until('someone holds it again', () => a.held() || b.held());
    for (let i = 0; i < 20; i++) {
      expect(a.held() && b.held()).toBe(false);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('takes the lease from a holder silent past staleMs, and not before', async () => {
    // A holder that stopped without dying: its connection holds the lock and says nothing.
    const silent = new pg.Client({ connectionString: db.url, application_name: 'seans lease partition:s' });
    await silent.connect();
    silent.on('error', () => {});
    await silent.query(`select pg_advisory_lock(${LOCK_KEY_SQL})`, ['partition:s']);
    const quietSince = Date.now();
    const staleMs = 900;
    const b = lease('partition:s', staleMs);
    await new Promise((r) => setTimeout(r, staleMs - 200));
    expect(b.held()).toBe(false);
    await until('b takes over', () => b.held(), 3_000);
    const tookMs = Date.now() - quietSince;
    expect(tookMs).toBeGreaterThanOrEqual(staleMs);
    // The silent connection idle staleMs, the next search (every staleMs / 3), the next try.
    expect(tookMs).toBeLessThan(staleMs + staleMs / 3 + 100 + 600);
    await silent.end().catch(() => {});
  });
});
