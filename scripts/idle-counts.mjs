// What the idle queue (src/routes/preload-queue.ts) must fetch, on a built client, before a tap to
// each tab finds its code here: for each starting screen, the target's files the start's first
// load has not loaded, their brotli bytes, the files the queue fetches until the target's are all
// in (its order, the start's own rows first) and the round trips that makes at five in flight.
// Deterministic: read from the build, no browser. Signed in, one language.
//   CLIENT_DIR=dist/client-x npx tsx scripts/idle-counts.mjs [tr-TR|en-US]
// The first load of a route is what the page's route-preload script links (run here with a stored
// session), the entry's, and the static imports of all of them, plus the start screen's own map
// entry (what its modules import as it renders).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { brotliCompressSync } from 'node:zlib';
import { IDLE_ROUTES, screenOf } from '../src/routes/idle-routes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.resolve(ROOT, process.env.CLIENT_DIR ?? path.join('dist', 'client'));
const LANG = process.argv[2] ?? 'tr-TR';
const IN_FLIGHT = 5;
const TEXTS_FILE = /\/texts-[^/]+-([a-z]{2}-[A-Z]{2})\.js$/;
const readsIt = (file) => (TEXTS_FILE.exec(file)?.[1] ?? LANG) === LANG;

const assets = readdirSync(path.join(CLIENT, 'assets'));
const one = (re) => `/assets/${assets.find((name) => re.test(name))}`;
const map = JSON.parse(readFileSync(path.join(CLIENT, one(/^idle-preload-.*\.json$/)), 'utf8'));
const read = (file) => readFileSync(path.join(CLIENT, file));
const brotli = new Map();
const kb = (file) => {
  if (!brotli.has(file)) brotli.set(file, brotliCompressSync(read(file)).length);
  return brotli.get(file);
};

/** A built script's static imports (`from"./x.js"`, `import"./x.js"`). */
function importsOf(file) {
  if (!file.endsWith('.js')) return [];
  const code = read(file).toString('utf8');
  return [...code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) =>
    path.posix.join(path.posix.dirname(file), m[1]),
  );
}
function withImports(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

/** The files the route-preload script links on `pathname` (the entry first), signed in. */
export function routePreloadLinks(pathname, signedIn = true) {
  const links = [];
  const timers = [];
  const element = () => ({});
  const storage = { userToken: signedIn ? JSON.stringify('t') : null, lang: JSON.stringify(LANG) };
  const context = {
    globalThis: {},
    location: { pathname, search: '', origin: 'http://x' },
    localStorage: { getItem: (key) => storage[key] ?? null },
    document: { createElement: element, head: { appendChild: (l) => links.push(l.href ?? l.src) } },
    performance: { now: () => 0 },
    MessageChannel: class {
      port1 = {};
      port2 = { postMessage: () => this.port1.onmessage?.() };
    },
    requestAnimationFrame: (f) => timers.push(f),
    setTimeout: (f) => timers.push(f),
    URLSearchParams,
    Worker: class {},
    fetch: () => ({ catch: () => undefined, then: () => ({ then: () => ({ catch: () => undefined }) }) }),
    Map,
    JSON,
    window: {},
  };
  context.globalThis = context;
  vm.runInNewContext(read(one(/^route-preload-.*\.js$/)).toString('utf8'), context);
  while (timers.length > 0) timers.shift()();
  return links;
}

const filesOf = (key) => (map.routes[key] ?? []).map((i) => map.files[i]).filter(readsIt);

function firstLoad(start) {
  const loaded = withImports(routePreloadLinks(start));
  for (const file of filesOf(start)) loaded.add(file);
  return loaded;
}

/** The queue's order from `start`: the start's own rows first (startQueue), the start itself skipped. */
function queueFrom(start) {
  const first = IDLE_ROUTES.filter((route) => route.from === start).map((route) => route.path);
  const rest = IDLE_ROUTES.map((route) => route.path).filter((key) => !first.includes(key));
  return [...first, ...rest].filter((key) => screenOf(key) !== start);
}

/** The target's files not loaded, and how many files the queue fetches until they are all in. */
export function count(start, target) {
  const loaded = firstLoad(start);
  const fetched = [];
  const mine = new Set();
  let until = 0;
  for (const key of queueFrom(start)) {
    for (const file of filesOf(key)) {
      if (loaded.has(file) || fetched.includes(file)) continue;
      fetched.push(file);
      if (screenOf(key) === target) {
        mine.add(file);
        until = fetched.length;
      }
    }
  }
  for (const key of Object.keys(map.routes))
    if (screenOf(key) === target) for (const f of filesOf(key)) if (!loaded.has(f)) mine.add(f);
  const bytes = [...mine].reduce((sum, file) => sum + kb(file), 0);
  return { files: mine.size, kb: bytes / 1000, until, trips: Math.ceil(until / IN_FLIGHT) };
}

const TAPS = [
  ['/pages/tabbar/markets', '/pages/tabbar/home'],
  ['/pages/tabbar/home', '/pages/tabbar/markets'],
  ['/pages/tabbar/home', '/pages/tabbar/mine'],
  ['/pages/tabbar/home', '/pages/tabbar/ipo'],
  ['/pages/tabbar/home', '/pages/tabbar/trade'],
  ['/pages/tabbar/markets', '/pages/tabbar/trade'],
  ['/pages/tabbar/mine', '/pages/user/assets'],
  ['/pages/tabbar/mine', '/pages/robot/list'],
  ['/pages/tabbar/home', '/pages/recharge/recharge'],
  ['/pages/tabbar/home', '/pages/withdraw/bankWithdraw'],
  ['/pages/tabbar/home', '/pages/recharge/bankRecord'],
  ['/pages/tabbar/home', '/pages/withdraw/withdrawRecord'],
];
const short = (p) => p.split('/').pop();
if (process.argv[1] === import.meta.filename) {
  console.log(
    `| tap | files | KB, brotli | files the queue fetches until it is in | round trips at ${IN_FLIGHT} |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [start, target] of TAPS) {
    const c = count(start, target);
    console.log(
      `| ${short(start)} → ${short(target)} | ${c.files} | ${c.kb.toFixed(1)} | ${c.until} | ${c.trips} |`,
    );
  }
  for (const route of ['/', '/pages/tabbar/trade', '/pages/user/assets']) {
    const links = routePreloadLinks(route);
    const all = withImports(links);
    const bytes = [...all].reduce((sum, f) => sum + read(f).length, 0);
    console.log(`first load of ${route}: ${all.size} files, ${bytes} bytes raw, ${links.length} links`);
  }
}
