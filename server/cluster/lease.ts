import pg from 'pg';

/**
 * Who runs a piece of clock- or market-driven work in a cluster (issue 19): the holder of a
 * lease. On PostgreSQL a lease is a session advisory lock on a connection of its own, so the
 * database itself ends it when the holder dies: kill -9 closes the socket, PostgreSQL ends the
 * backend and frees the lock, and the next node's try takes it (within `retryMs`). A node that
 * loses its connection (network, database restart) stops its work at once, before anyone else
 * can have started it, and competes again once reconnected.
 */
export type Lease = {
  readonly name: string;
  held(): boolean;
  /** Called with true when the lease is taken and false when it is lost; returns the unsubscribe. */
  onChange(listener: (held: boolean) => void): () => void;
  /** Gives the lease up (shutdown): listeners hear `false` first. */
  release(): Promise<void>;
};

export type LeaseLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** One process, no cluster: the lease is held from the start and never lost. */
export function soleLease(name: string): Lease {
  let released = false;
  return {
    name,
    held: () => !released,
    onChange: () => () => {},
    async release() {
      released = true;
    },
  };
}

/** The 64-bit advisory lock key of a lease name: stable across nodes and versions. */
export const LOCK_KEY_SQL = `('x' || substr(md5($1), 1, 16))::bit(64)::bigint`;

export function advisoryLease(opts: { url: string; name: string; retryMs: number; log: LeaseLog }): Lease {
  const { url, name, retryMs, log } = opts;
  const listeners = new Set<(held: boolean) => void>();
  let client: pg.Client | null = null;
  let held = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const set = (value: boolean) => {
    if (held === value) return;
    held = value;
    log.info({ lease: name, held: value }, value ? 'lease taken' : 'lease lost');
    for (const listener of [...listeners]) listener(value);
  };

  const drop = (reason: unknown) => {
    const old = client;
    client = null;
    set(false);
    if (old) void old.end().catch(() => {});
    if (reason) log.warn({ lease: name, err: String(reason) }, 'lease connection lost');
  };

  async function attempt(): Promise<void> {
    if (stopped) return;
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: url, application_name: `seans lease ${name}` });
        c.on('error', (error) => {
          if (client === c) drop(error);
        });
        await c.connect();
        client = c;
      }
      const c = client;
      if (!held) {
        const res = await c.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY_SQL}) as ok`, [
          name,
        ]);
        if (client === c && res.rows[0]?.ok && !stopped) set(true);
      } else {
        // The lock lives as long as this connection: prove the connection still does.
        await c.query('select 1');
      }
    } catch (error) {
      drop(error);
    }
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs);
  }

  void attempt();

  return {
    name,
    held: () => held,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async release() {
      stopped = true;
      if (timer) clearTimeout(timer);
      set(false);
      const c = client;
      client = null;
      // Ending the connection frees the lock; no unlock round trip needed.
      if (c) await c.end().catch(() => {});
    },
  };
}
