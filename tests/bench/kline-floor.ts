// The kline screen's blocking time beside its floor: lightweight-charts alone, the same chart on a
// bare static page (kline-floor-page/), loaded by Lighthouse as the kline screen is. The page is built
// with the app's Vite into a temp dir and served from this process, so nothing outlives the case.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { FLOOR_SEED, RESET_BARS, floorData } from './kline-floor-data';

const PAGE_DIR = path.join(import.meta.dirname, 'kline-floor-page');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The page built into `outDir`; returns the bytes of its script. */
async function buildPage(outDir: string): Promise<number> {
  const output = await build({
    root: PAGE_DIR,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    define: { __KLINE_FLOOR__: JSON.stringify(floorData()) },
    build: { outDir, emptyOutDir: true },
  });
  const results = Array.isArray(output) ? output : [output];
  let bytes = 0;
  for (const result of results)
    if ('output' in result)
      for (const chunk of result.output) if (chunk.type === 'chunk') bytes += chunk.code.length;
  return bytes;
}

/** Serves `dir`'s files on 127.0.0.1 (a free port) until `close`. */
async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, name.endsWith('/') ? `${name}index.html` : name);
    const send = async () => {
      if (!file.startsWith(dir) || !(await stat(file)).isFile()) throw new Error('not a file');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    };
    send().catch(() => {
      response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the floor server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `work` with the floor page built and served at the URL it is given; the server and the build are
 * gone however `work` ends. `scriptBytes`: the page's script as built (lightweight-charts and the bars).
 */
export async function withKlineFloor<T>(work: (url: string, scriptBytes: number) => Promise<T>): Promise<T> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'seans-kline-floor-'));
  try {
    const bytes = await buildPage(outDir);
    const server = await serveStatic(outDir);
    try {
      return await work(server.url, bytes);
    } finally {
      await server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** What the row needs of a Lighthouse run (lighthouse.cases.ts's `Run`). */
export type TbtRun = { tbt: number; multiplier: number };

/** The run of a set with the most blocking time: the one a "worst run" goal is about. */
export function worstTbt(runs: readonly TbtRun[]): TbtRun {
  const worst = runs.reduce<TbtRun | undefined>(
    (a, r) => (a === undefined || r.tbt > a.tbt ? r : a),
    undefined,
  );
  if (!worst) throw new Error('no runs');
  return worst;
}

/** The note of the row: both sets' TBTs and multipliers. */
export function klineFloorNote(
  ours: readonly TbtRun[],
  floor: readonly TbtRun[],
  scriptBytes: number,
): string {
  const set = (runs: readonly TbtRun[]) =>
    `worst ${Math.round(worstTbt(runs).tbt)} ms at ${worstTbt(runs).multiplier}× (runs ` +
    `${runs.map((r) => `${Math.round(r.tbt)} ms at ${r.multiplier}×`).join(', ')})`;
  return (
    `Lighthouse TBT, ours: lh-kline's runs, ${set(ours)}; floor: lightweight-charts alone on a bare page ` +
    `(the screen's chart, panes and series, the newest bars of ${RESET_BARS} seeded ones, seed ${FLOOR_SEED}; ` +
    `script ${Math.round(scriptBytes / 1024)} KB), ${set(floor)}`
  );
}
