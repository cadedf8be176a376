// order-cpu / order-cpu-pg: POST /stock/order/buy|sell on loopback against the real broker
// process (server/main.ts, simulator market always open), on PGlite or on PostgreSQL, open loop
// at a fixed rate: requests leave on schedule whether or not earlier ones answered. Every order
// is acknowledged only once its batch is durable (the group-commit writer). Half market orders
// that fill against the simulated book (buys and sells in balance), half limit buys resting at
// the day's lower limit, over 10 users (demo accounts) and 4 stocks. Each order carries its own
// client order id, as the app's ticket sends one.
//
// The row is the broker's CPU per acknowledged order (user + system from /proc over the load),
// beside the floor of this machine measured in the same run: the CPU per request of a bare
// node:http server answering the same generator's same requests at the same rate with a fixed
// envelope (fastify, validation, auth, matching, the ledger and the database are what ours adds).
// Goal: at most 5 × the floor. On PostgreSQL the database's own backends are not counted.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operator } from '../support/operator';
import { bundledBroker, startBroker, type Started } from '../support/process';
import { scratchDatabase } from './scratch-database';
import type { FloorCase } from './harness';
import { cpuMs } from './proc';

const SYMBOLS = ['GARAN', 'AKBNK', 'YKBNK', 'ISCTR'];
const USERS = 10;
/** The rate both servers are loaded at (orders/s), and for how long (s). */
const RATE = Number(process.env.ORDER_CPU_RATE ?? 200);
const SECONDS = 10;
const FACTOR = 5;

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

/**
 * The bare server: node:http in a process of its own, reading each request's body and answering
 * the envelope of an accepted order. What any HTTP server in Node costs this generator.
 */
const BARE = `
const http = require('node:http');
const answer = JSON.stringify({ code: 0, msg: 'ok', data: { id: '1', status: 'filled' } });
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(answer);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

type Measured = { cpu: number; p99: number; failures: number; firstFailure: string };

/** CPU ms per request of `pid` while `target` takes RATE requests/s for SECONDS. */
async function cpuPerRequest(pid: number, target: LoadTarget, offset: number): Promise<Measured> {
  const before = cpuMs(pid);
  const { latencies, failures, firstFailure } = await load(target, RATE, SECONDS, offset);
  return { cpu: (cpuMs(pid) - before) / (RATE * SECONDS), p99: p99(latencies), failures, firstFailure };
}

async function bareFloor(like: LoadTarget): Promise<Measured> {
  const child = spawn(process.execPath, ['-e', BARE], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve(Number(m)));
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    const target = { ...like, urls: [`http://127.0.0.1:${port}`] };
    await load(target, 100, 3, 0); // warm-up, as for the broker
    return await cpuPerRequest(child.pid!, target, 1_000);
  } finally {
    child.kill('SIGKILL');
  }
}

const notes = new Map<string, string>();

async function orderCpu(target: Target, name: string): Promise<{ ours: number; floor: number }> {
  const w = await world(target);
  try {
    await load(single(w), 100, 3, 0); // warm-up: JIT, connections, first accounts
    const ours = await cpuPerRequest(w.broker.child.pid!, single(w), 1_000);
    if (ours.failures > 0) throw new Error(`${ours.failures} orders failed: ${ours.firstFailure}`);
    const bare = await bareFloor(single(w));
    notes.set(
      name,
      `broker CPU per acknowledged order at ${RATE}/s for ${SECONDS} s (${target === 'postgres' ? 'PostgreSQL, its backends not counted' : 'PGlite'}): ` +
        `${ours.cpu.toFixed(3)} ms, order p99 ${ours.p99.toFixed(1)} ms; floor: bare node:http, the same requests, ` +
        `${bare.cpu.toFixed(3)} ms a request, p99 ${bare.p99.toFixed(1)} ms`,
    );
    return { ours: ours.cpu, floor: bare.cpu };
  } finally {
    await close(w);
  }
}

export const cases: FloorCase[] = [
  {
    kind: 'floor',
    name: 'order-cpu',
    unit: 'ms CPU/order',
    floorName: 'floor: bare node:http',
    factor: FACTOR,
    measure: () => orderCpu('pglite', 'order-cpu'),
    get note() {
      return notes.get('order-cpu');
    },
  },
  {
    kind: 'floor',
    name: 'order-cpu-pg',
    unit: 'ms CPU/order',
    floorName: 'floor: bare node:http',
    factor: FACTOR,
    check: () => void adminUrl(),
    measure: () => orderCpu('postgres', 'order-cpu-pg'),
    get note() {
      return notes.get('order-cpu-pg');
    },
  },
];
