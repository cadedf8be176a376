// The reference phone every client measurement simulates. Lighthouse's simulated phone is this
// machine's CPU slowed by a fixed factor, so a fixed 4× scores a slow host lower and a fast one
// higher. Lighthouse's throttling guide picks the factor from the host's benchmarkIndex instead;
// ours is the phone that 4× on a ~2,000 host simulates: factor = benchmarkIndex ÷ 500, clamped
// to 1–8, measured in the same run as the measurement it throttles.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import WebSocket from 'ws';

/** The benchmarkIndex the reference phone's 4× was taken on, over that 4×. */
export const REFERENCE_INDEX_PER_X = 500;
const MIN_MULTIPLIER = 1;
const MAX_MULTIPLIER = 8;
/** Runs whose benchmarkIndex moved more than this share from the first run to the last are repeated. */
export const MAX_DRIFT = 0.25;

/** The CPU slowdown that turns a host of `benchmarkIndex` into the reference phone (two decimals). */
export function multiplierFor(benchmarkIndex: number): number {
  const raw = benchmarkIndex / REFERENCE_INDEX_PER_X;
  return Math.round(Math.min(MAX_MULTIPLIER, Math.max(MIN_MULTIPLIER, raw)) * 100) / 100;
}

/** Whether a set of runs, in order, moved too much between its first and last benchmarkIndex. */
export function drifted(indexes: readonly number[]): boolean {
  const first = indexes[0];
  const last = indexes[indexes.length - 1];
  if (first === undefined || last === undefined || !(first > 0)) return false;
  return Math.abs(last - first) / first > MAX_DRIFT;
}

/** Lighthouse's own benchmark, as source text for a page to evaluate. */
export const BENCHMARK_EXPRESSION = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;

type Evaluator = { evaluate: (expression: string) => Promise<unknown> };

/** The benchmarkIndex measured in a page (a Playwright page, before any throttling is applied). */
export async function benchmarkIndexIn(page: Evaluator): Promise<number> {
  const index = Number(await page.evaluate(BENCHMARK_EXPRESSION));
  if (!(index > 0)) throw new Error(`benchmarkIndex came out as ${index}`);
  return index;
}

type Cdp = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** A tab of its own in the Chromium with DevTools on `port`, driven over CDP and closed after `work`. */
export async function inNewTab<T>(port: number, work: (send: Cdp) => Promise<T>): Promise<T> {
  const base = `http://127.0.0.1:${port}`;
  const target = (await (await fetch(`${base}/json/new?about:blank`, { method: 'PUT' })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  let next = 0;
  const send: Cdp = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = (next += 1);
      const onMessage = (data: WebSocket.RawData) => {
        const answer = JSON.parse(String(data)) as {
          id?: number;
          result?: never;
          error?: { message: string };
        };
        if (answer.id !== id) return;
        socket.off('message', onMessage);
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve(answer.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return await work(send);
  } finally {
    socket.close();
    await fetch(`${base}/json/close/${target.id}`).catch(() => undefined);
  }
}

/** What an expression evaluated in the tab returned (by value). */
export async function evaluateIn(send: Cdp, expression: string): Promise<unknown> {
  const answer = (await send('Runtime.evaluate', {
    expression,
    returnByValue: true,
    awaitPromise: true,
  })) as {
    result?: { value?: unknown };
    exceptionDetails?: unknown;
  };
  if (answer.exceptionDetails)
    throw new Error(`evaluation failed: ${JSON.stringify(answer.exceptionDetails)}`);
  return answer.result?.value;
}

/**
 * The benchmarkIndex measured in a Chromium that Lighthouse will drive (DevTools on `port`), in a
 * tab of its own that is closed again, so the page Lighthouse loads shares the browser with nothing.
 */
export function benchmarkIndexAt(port: number): Promise<number> {
  return inNewTab(port, (send) => benchmarkIndexIn({ evaluate: (e) => evaluateIn(send, e) }));
}

/** How the rows of a measurement say which phone they ran on. */
export type PhoneContext = { benchmarkIndex: number; multiplier: number };

export const phoneText = (p: PhoneContext) =>
  `benchmarkIndex ${Math.round(p.benchmarkIndex)} → CPU ${p.multiplier}×`;
