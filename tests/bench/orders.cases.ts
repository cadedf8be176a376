// order-capacity-pglite / order-capacity-pg / order-p99-pglite: POST /stock/order/buy|sell on
// loopback against the real broker process (server/main.ts, simulator market always open), on
// PGlite or on PostgreSQL, open loop at a fixed rate: requests leave on schedule whether or not
// earlier ones answered, so a slow commit shows as latency instead of quietly lowering the rate.
// Every order is acknowledged only once its batch is durable (the group-commit writer). Half
// market orders that fill against the simulated book (buys and sells in balance), half limit
// buys resting at the day's lower limit, over 10 users (demo accounts) and 4 stocks; the p99
// covers the sells too (they share the engine and path). Each order carries its own client
// order id, as the app's ticket sends one.
//
// The goal is a ratio (issue 19): absolute orders/s do not carry across machines, so each row's
// peer is the same database's single-row autocommit rate, measured from this process in the
// same run (tests/bench/autocommit.ts), and the capacity must reach a quarter of it: a whole
// durable order costing no more than four bare autocommits.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { operator } from '../support/operator';
import { bundledBroker, startBroker, type Started } from '../support/process';
import { pgliteAutocommit, postgresAutocommit, scratchDatabase } from './autocommit';
import type { Case } from './harness';
import { cpuMs } from './proc';

const SYMBOLS = ['GARAN', 'AKBNK', 'YKBNK', 'ISCTR'];
const USERS = 10;
const GOAL_MS = 20;
/** Order capacity ÷ the database's autocommit rate to reach. */
const GOAL_RATIO = 0.25;

type World = {
  broker: Started;
  dataDir: string;
  tokens: string[];
  lower: Map<string, string>;
  /** The PostgreSQL database the broker runs on (dropped by close), when not on PGlite. */
  database?: { url: string; drop: () => Promise<void> };
};

export type Target = 'pglite' | 'postgres';

/** The PostgreSQL server to make the broker's database on: DATABASE_URL, as the server tests use. */
function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'DATABASE_URL is not set (postgres://user:password@host:port/db to measure on PostgreSQL)',
    );
  return url;
}

export async function world(target: Target = 'pglite', nodeArgs: readonly string[] = []): Promise<World> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-bench-orders-'));
  const database = target === 'postgres' ? await scratchDatabase(adminUrl()) : undefined;
  let broker: Started;
  try {
    broker = await startBroker(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        LOG_LEVEL: 'warn',
        SCRYPT_N: '1024',
        MARKET_ALWAYS_OPEN: '1',
        CLIENT_DIR: '/nonexistent',
      },
      120_000,
      [...nodeArgs, ...(await bundledBroker())],
    );
  } catch (error) {
    await database?.drop();
    throw error;
  }
  const partial = { broker, dataDir, tokens: [] as string[], lower: new Map<string, string>() };
  const w: World = database ? { ...partial, database } : partial;
  try {
    await populate(w);
  } catch (error) {
    // A failed set-up must not leave a broker running or a database behind.
    await close(w);
    throw error;
  }
  return w;
}

/** Where the load goes: the broker(s) it spreads orders over, round robin, and its users. */
export type LoadTarget = { urls: readonly string[]; tokens: string[]; lower: Map<string, string> };

/** The load over one broker. */
export const single = (w: World): LoadTarget => ({ urls: [w.broker.url], tokens: w.tokens, lower: w.lower });

async function populate(w: World): Promise<void> {
  await populateOn(w.broker.url, w.dataDir, w);
}

/**
 * Ten demo users holding 20 of each stock, and each stock's lower limit (the resting price),
 * made through the broker at `url` (the operator CLI works beside it in `dataDir`).
 */
export async function populateOn(
  url: string,
  dataDir: string,
  into: Omit<LoadTarget, 'urls'>,
): Promise<void> {
  const broker = { url };
  const { tokens, lower } = into;
  const cli = { port: new URL(broker.url).port, dataDir };
  for (let i = 0; i < USERS; i++)
    tokens.push(((await operator(['create-user'], cli)) as { userTokenDemo: string }).userTokenDemo);
  for (const symbol of SYMBOLS) {
    const res = await fetch(`${broker.url}/ipxtrg-api/stock/index/info?symbol=${symbol}`);
    const body = (await res.json()) as { data: { lowerLimit: string } };
    lower.set(symbol, body.data.lowerLimit);
  }
  // Every user starts holding 20 of each stock, so the market sells always have shares.
  for (const token of tokens)
    for (const symbol of SYMBOLS) {
      const res = await fetch(`${broker.url}/ipxtrg-api/stock/order/buy`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accesstoken: token },
        body: `symbol=${symbol}&type=market&quantity=20`,
      });
      const body = (await res.json()) as { code: number; key?: string };
      if (body.code !== 0) throw new Error(`warm-up buy failed: ${body.key}`);
    }
}

export async function close(w: World): Promise<void> {
  await w.broker.stop();
  await w.database?.drop();
  // BENCH_KEEP_DATA=1 leaves the data directory for a look (tests/bench/profile-orders.ts).
  if (!process.env.BENCH_KEEP_DATA) await rm(w.dataDir, { recursive: true, force: true });
}

/**
 * The load generator's POST: node:http over kept-alive sockets. It shares this 2-core machine
 * with the broker, and fetch (undici) cost it several times the CPU per request, which showed
 * as latency the broker never saw (its own request-to-answer p99 was half the measured one).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function post(url: URL, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends the load's order number `n` and answers how long it took, with the refusal key or the
 * error when it was not placed. Groups of four for one user and stock: market buy, resting limit
 * buy, market sell, resting limit buy. Market buys and sells balance, so the load does not march
 * the price to its limit.
 */
export async function sendOrder(w: LoadTarget, n: number): Promise<{ ms: number; failure?: string }> {
  const group = Math.floor(n / 4);
  const symbol = SYMBOLS[group % SYMBOLS.length]!;
  const token = w.tokens[Math.floor(group / SYMBOLS.length) % USERS]!;
  const lower = w.lower.get(symbol);
  const fields = [
    `symbol=${symbol}&type=market&quantity=1`,
    `symbol=${symbol}&type=limit&quantity=1&price=${lower}&timeInForce=gtc`,
    `symbol=${symbol}&type=market&quantity=1`,
    `symbol=${symbol}&type=limit&quantity=1&price=${lower}&timeInForce=gtc`,
  ][n % 4]!;
  const side = n % 4 === 2 ? 'sell' : 'buy';
  // Like the app's ticket: every order carries a client order id of its own.
  const clientOrderId = `bench-${n}`;
  const started = performance.now();
  let failure: string | undefined;
  try {
    const text = await post(
      new URL(`${w.urls[n % w.urls.length]}/ipxtrg-api/stock/order/${side}`),
      { 'content-type': 'application/x-www-form-urlencoded', accesstoken: token },
      `${fields}&clientOrderId=${clientOrderId}`,
    );
    const body = JSON.parse(text) as { code: number; key?: string };
    if (body.code !== 0) failure = `${side}:${n % 4}:${body.key ?? body.code}`;
  } catch (error) {
    failure = `throw:${String((error as { cause?: unknown }).cause ?? error).slice(0, 80)}`;
  }
  return failure === undefined
    ? { ms: performance.now() - started }
    : { ms: performance.now() - started, failure };
}

/** Sends `rate` orders/s for `seconds`; answers the sorted latencies (ms) and failures. */
export async function load(w: LoadTarget, rate: number, seconds: number, offset: number) {
  const total = rate * seconds;
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const keys = new Map<string, number>();
  const inflight: Promise<void>[] = [];
  const send = async (i: number): Promise<void> => {
    const { ms, failure } = await sendOrder(w, offset + i);
    if (failure !== undefined) {
      failures++;
      keys.set(failure, (keys.get(failure) ?? 0) + 1);
      firstFailure ||= failure;
    }
    latencies.push(ms);
  };
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    while (sent < due) inflight.push(send(sent++));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inflight);
  latencies.sort((a, b) => a - b);
  if (keys.size > 0) firstFailure = JSON.stringify([...keys]);
  return { latencies, failures, firstFailure };
}

export const p99 = (sorted: number[]) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN;

/** The peer, on the same kind of database the broker runs on (its own scratch table). */
async function autocommit(w: World): Promise<number> {
  return w.database ? postgresAutocommit(w.database.url) : pgliteAutocommit();
}

/** A step of the search, with the broker's CPU per order over it (user + system, /proc). */
type Step = { rate: number; p99: number; failures: number; cpu: number };

/**
 * Highest open-loop rate (10 s a step) whose p99 stays ≤ 20 ms with no failure, on a ladder of
 * shares of the peer's rate, so the goal's own rate (0.25×) is always a step; stops at the first
 * step that misses. The peer is measured before and after the search (the broker idle, its
 * database open) and the higher of the two counts, so drift on a shared machine cannot flatter us.
 */
async function capacity(target: Target, label: string): Promise<{ ours: number; peer: number }> {
  const w = await world(target);
  try {
    const before = await autocommit(w);
    await load(single(w), 100, 3, 0); // warm-up: JIT, connections, first accounts
    const steps: Step[] = [];
    let offset = 1_000;
    // 0.275: the peer counts at the higher of its two readings, so a step at exactly 0.25 of the
    // first reading reads below the goal whenever the second is higher (0.2487 at 1,229 against
    // 4,915 then 4,942); the step above it says whether the goal holds through that drift.
    for (const share of [
      0.02, 0.03, 0.05, 0.07, 0.1, 0.125, 0.15, 0.2, 0.25, 0.275, 0.3, 0.4, 0.5, 0.75, 1,
    ]) {
      const rate = Math.max(1, Math.round(before * share));
      const cpuBefore = cpuMs(w.broker.child.pid!);
      const { latencies, failures } = await load(single(w), rate, 10, offset);
      const cpu = (cpuMs(w.broker.child.pid!) - cpuBefore) / (rate * 10);
      offset += rate * 10;
      steps.push({ rate, p99: p99(latencies), failures, cpu });
      if (failures > 0 || p99(latencies) > GOAL_MS) break;
    }
    const after = await autocommit(w);
    const ours = steps.filter((s) => s.failures === 0 && s.p99 <= GOAL_MS).at(-1)?.rate ?? 0;
    // What the goal's rate asks of the machine at the lowest CPU per order seen (the broker's
    // alone: on PostgreSQL its backends' share comes on top), against its cores. Batches grow
    // with the rate, so the highest steps cost least an order.
    const cheapest = Math.min(...steps.map((s) => s.cpu));
    const goalRate = GOAL_RATIO * Math.max(before, after);
    const stepsText = steps
      .map(
        (s) =>
          `${s.rate}/s p99 ${s.p99.toFixed(1)} ms${s.failures ? ` (${s.failures} failed)` : ''} ` +
          `(broker ${s.cpu.toFixed(2)} ms CPU/order)`,
      )
      .join(', ');
    const cores = (goalRate * cheapest) / 1000;
    console.log(
      `${label}: autocommit ${Math.round(before)} then ${Math.round(after)} rows/s; steps ${stepsText}; ` +
        `at the goal's ${Math.round(goalRate)}/s and ${cheapest.toFixed(2)} ms an order the broker ` +
        `alone needs ${cores.toFixed(2)} cores of this machine's ${availableParallelism()}`,
    );
    return { ours, peer: Math.max(before, after) };
  } finally {
    await close(w);
  }
}

export const cases: Case[] = [
  {
    kind: 'ratio',
    name: 'order-capacity-pglite',
    unit: 'orders/s',
    peerName: 'insert-autocommit',
    goal: GOAL_RATIO,
    note: 'highest open-loop order rate with p99 ≤ 20 ms and no failure, broker on PGlite; peer: PGlite single-row autocommit inserts/s (same run, same process as the load)',
    measure: () => capacity('pglite', 'order-capacity-pglite'),
  },
  {
    kind: 'ratio',
    name: 'order-capacity-pg',
    unit: 'orders/s',
    peerName: 'insert-autocommit',
    goal: GOAL_RATIO,
    note: 'the same on PostgreSQL (a scratch database on DATABASE_URL); peer: its single-row autocommit inserts/s over one connection',
    check: () => void adminUrl(),
    measure: () => capacity('postgres', 'order-capacity-pg'),
  },
  {
    kind: 'goal',
    name: 'order-p99-pglite',
    unit: 'ms',
    goal: GOAL_MS,
    better: 'lower',
    note: 'p99 of /stock/order/* for 30 s at the goal rate (0.25 × PGlite autocommit, measured first), broker on PGlite',
    measure: async () => {
      const w = await world();
      try {
        const rate = Math.round(GOAL_RATIO * (await autocommit(w)));
        await load(single(w), 100, 3, 0);
        const { latencies, failures, firstFailure } = await load(single(w), rate, 30, 1_000);
        // A refused or dropped order counts with the time it took: the p99 hides nothing.
        console.log(
          `order-p99-pglite: ${rate}/s, ${failures} of ${latencies.length} failed${failures ? `: ${firstFailure}` : ''}`,
        );
        return p99(latencies);
      } finally {
        await close(w);
      }
    },
  },
];
