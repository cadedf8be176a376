import pg from 'pg';

/**
 * Who runs a piece of clock- or market-driven work in a cluster: the holder of a
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
  /**
   * Gives the lease up but goes on competing for it (a node owning more trading partitions
   * than its share hands one to a node with fewer: partition-balance.ts).
   */
  handOff?(): Promise<void>;
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

/**
 * A lease's statements are prepared once on its own connection (named): every node that does not
 * hold a lease tries it every `retryMs`, and planning the search for a silent holder each time
 * (pg_stat_activity is a view of several joins) cost PostgreSQL ~7× what running it prepared
 * does (~0.7 ms against ~0.1 a run; the try itself ~0.1 against ~0.05).
 */
const TRY_SQL = `select pg_try_advisory_lock(${LOCK_KEY_SQL}) as ok`;

/** A holder silent for this many of its proofs, and at least this long, has lost its lease. */
const STALE_RETRIES = 5;
const STALE_MIN_MS = 3_000;

/** How long a lease holder proving itself every `retryMs` may stay silent before it loses the lease. */
export function leaseStaleMs(retryMs: number): number {
  return Math.max(STALE_MIN_MS, STALE_RETRIES * retryMs);
}

/** Whether a lease is held, told to its listeners on each change. */
function heldState(name: string, log: LeaseLog) {
  const listeners = new Set<(held: boolean) => void>();
  let held = false;
  return {
    held: () => held,
    set(value: boolean): void {
      if (held === value) return;
      held = value;
      log.info({ lease: name, held: value }, value ? 'lease taken' : 'lease lost');
      for (const listener of [...listeners]) listener(value);
    },
    onChange(listener: (held: boolean) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A holder proves it is alive with a query every `retryMs` (advisoryLease). One that stopped
 * without dying (SIGSTOP, a paused VM, an event loop wedged for seconds) keeps its connection, and
 * so the lock, for as long as it stays stopped: every order waits on it. Its lease connection,
 * idle since its last proof for `staleMs`, is ended here; the database frees the lock and this
 * node's next try takes it. When the holder wakes its connection is gone, so it stops its
 * engines and follows; a batch it had open is refused by the epoch fence (fence.ts).
 */
async function evictSilentHolder(
  c: pg.Client,
  holder: { name: string; applicationName: string; staleMs: number; log: LeaseLog },
): Promise<void> {
  const { name, applicationName, staleMs, log } = holder;
  const res = await c.query<{ pid: number }>({
    name: 'seans-lease-evict',
    text: `select a.pid, pg_terminate_backend(a.pid) as ended
       from pg_stat_activity a
      where a.datname = current_database()
        and a.application_name = $1
        and a.pid <> pg_backend_pid()
        and a.state = 'idle'
        and a.state_change < now() - make_interval(secs => $2)
        and exists (select 1 from pg_locks l
                     where l.pid = a.pid and l.locktype = 'advisory' and l.granted)`,
    values: [applicationName, staleMs / 1000],
  });
  for (const row of res.rows)
    log.warn({ lease: name, pid: row.pid, silentMs: staleMs }, 'lease holder silent: its connection ended');
}

/** A lease's own connection (its lock lives as long as it does); `lost` hears its failure. */
async function leaseConnection(
  url: string,
  applicationName: string,
  lost: (c: pg.Client, error: unknown) => void,
): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, application_name: applicationName });
  c.on('error', (error) => lost(c, error));
  await c.connect();
  return c;
}

/**
 * Looking for a silent holder reads pg_stat_activity and pg_locks, which costs PostgreSQL several
 * times a plain query: every node that does not hold the lease would run it on each try, so it
 * runs once every third of `staleMs` instead (a stopped holder then loses the lease within 4/3 of
 * `staleMs`, not `staleMs`). True when `everyMs` have passed since it last said true.
 */
function spacedBy(everyMs: number, now: () => number): () => boolean {
  let last = -Infinity;
  return () => {
    if (now() - last < everyMs) return false;
    last = now();
    return true;
  };
}

export type AdvisoryLeaseOptions = {
  url: string;
  name: string;
  retryMs: number;
  log: LeaseLog;
  staleMs?: number;
  /** Whether to try for the lease now, while not holding it; always when absent. */
  shouldTry?: () => boolean;
  /** The clock that spaces the searches for a silent holder (Date.now when absent). */
  now?: () => number;
};

export function advisoryLease(opts: AdvisoryLeaseOptions): Lease {
  const { url, name, retryMs, log } = opts;
  const applicationName = `seans lease ${name}`;
  /** A holder not heard from for this long is taken for stopped (see evictSilentHolder). */
  const staleMs = opts.staleMs ?? leaseStaleMs(retryMs);
  const state = heldState(name, log);
  const { set } = state;
  const searchDue = spacedBy(Math.max(retryMs, staleMs / 3), opts.now ?? Date.now);
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

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
      client ??= await leaseConnection(url, applicationName, (c, error) => {
        if (client === c) drop(error);
      });
      const c = client;
      // A node whose turn it is not leaves the lease to another (partition-balance.ts).
      const turn = !opts.shouldTry || opts.shouldTry();
      if (!state.held() && turn) {
        const res = await c.query<{ ok: boolean }>({
          name: 'seans-lease-try',
          text: TRY_SQL,
          values: [name],
        });
        if (client === c && res.rows[0]?.ok && !stopped) set(true);
        else if (!res.rows[0]?.ok && searchDue())
          await evictSilentHolder(c, { name, applicationName, staleMs, log });
      } else if (state.held()) {
        // The lock lives as long as this connection: prove the connection still does.
        await c.query({ name: 'seans-lease-alive', text: 'select 1' });
      }
    } catch (error) {
      drop(error);
    }
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs);
  }

  /** Ending the connection frees the lock; no unlock round trip needed. */
  async function letGo(): Promise<void> {
    const c = client;
    client = null;
    set(false);
    if (c) await c.end().catch(() => {});
  }

  void attempt();

  return {
    name,
    held: state.held,
    onChange: state.onChange,
    async release() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await letGo();
    },
    async handOff() {
      if (!state.held() || stopped) return;
      await letGo();
    },
  };
}
