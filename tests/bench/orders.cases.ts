// order-p99 / order-rate: POST /stock/order/buy on loopback against the real broker process
// (server/main.ts on PGlite, simulator market always open), open loop at a fixed rate: requests
// leave on schedule whether or not earlier ones answered, so a slow commit shows as latency
// instead of quietly lowering the rate. Every order is acknowledged only once its batch is
// durable (the group-commit writer). Half market orders that fill against the simulated book
// (buys and sells in balance), half limit buys resting at the day's lower limit, over 10 users
// (demo accounts) and 4 stocks; the p99 covers the sells too (they share the engine and path).
// Each order carries its own client order id, as the app's ticket sends one.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operator } from '../support/operator';
import { startBroker, type Started } from '../support/process';
import type { Case } from './harness';

const SYMBOLS = ['GARAN', 'AKBNK', 'YKBNK', 'ISCTR'];
const USERS = 10;
const GOAL_MS = 20;
const GOAL_RATE = 500;

type World = { broker: Started; dataDir: string; tokens: string[]; lower: Map<string, string> };

export async function world(nodeArgs: readonly string[] = []): Promise<World> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-bench-orders-'));
  const broker = await startBroker(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SCRYPT_N: '1024',
      MARKET_ALWAYS_OPEN: '1',
      CLIENT_DIR: '/nonexistent',
    },
    120_000,
    [...nodeArgs, '--import', 'tsx', 'server/main.ts'],
  );
  const cli = { port: new URL(broker.url).port, dataDir };
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++)
    tokens.push(((await operator(['create-user'], cli)) as { userTokenDemo: string }).userTokenDemo);
  const lower = new Map<string, string>();
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
  return { broker, dataDir, tokens, lower };
}

export async function close(w: World): Promise<void> {
  await w.broker.stop();
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

/** Sends `rate` orders/s for `seconds`; answers the sorted latencies (ms) and failures. */
export async function load(w: World, rate: number, seconds: number, offset: number) {
  const total = rate * seconds;
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const keys = new Map<string, number>();
  const inflight: Promise<void>[] = [];
  const send = async (i: number): Promise<void> => {
    const n = offset + i;
    // Groups of four for one user and stock: market buy, resting limit buy, market sell, resting
    // limit buy. Market buys and sells balance, so the load does not march the price to its limit.
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
    try {
      const text = await post(
        new URL(`${w.broker.url}/ipxtrg-api/stock/order/${side}`),
        { 'content-type': 'application/x-www-form-urlencoded', accesstoken: token },
        `${fields}&clientOrderId=${clientOrderId}`,
      );
      const body = JSON.parse(text) as { code: number; key?: string };
      if (body.code !== 0) {
        failures++;
        const key = `${side}:${n % 4}:${body.key ?? body.code}`;
        keys.set(key, (keys.get(key) ?? 0) + 1);
        firstFailure ||= body.key ?? String(body.code);
      }
    } catch (error) {
      failures++;
      const key = `throw:${String((error as { cause?: unknown }).cause ?? error).slice(0, 80)}`;
      keys.set(key, (keys.get(key) ?? 0) + 1);
      firstFailure ||= String(error);
    }
    latencies.push(performance.now() - started);
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

export const cases: Case[] = [
  {
    kind: 'goal',
    name: 'order-p99',
    unit: 'ms',
    goal: GOAL_MS,
    better: 'lower',
    note: 'p99 of /stock/order/buy at 500 orders/s for 30 s, broker process on PGlite, durable before the answer',
    measure: async () => {
      const w = await world();
      try {
        await load(w, 100, 3, 0); // warm-up: JIT, connections, first accounts
        const { latencies, failures, firstFailure } = await load(w, GOAL_RATE, 30, 1_000);
        // A refused or dropped order counts with the time it took: the p99 hides nothing.
        if (failures > 0)
          console.log(`order-p99: ${failures} of ${latencies.length} failed: ${firstFailure}`);
        return p99(latencies);
      } finally {
        await close(w);
      }
    },
  },
  {
    kind: 'goal',
    name: 'order-rate',
    unit: 'orders/s',
    goal: GOAL_RATE,
    better: 'higher',
    note: 'highest rate (25 … 2,000/s, 10 s a step) whose p99 stays ≤ 20 ms with no failure',
    measure: async () => {
      const w = await world();
      try {
        await load(w, 100, 3, 0);
        let best = 0;
        let offset = 1_000;
        for (const rate of [25, 50, 100, 150, 200, 300, 400, 500, 750, 1_000, 1_500, 2_000]) {
          const { latencies, failures } = await load(w, rate, 10, offset);
          offset += rate * 10;
          if (failures > 0 || p99(latencies) > GOAL_MS) break;
          best = rate;
        }
        return best;
      } finally {
        await close(w);
      }
    },
  },
];
