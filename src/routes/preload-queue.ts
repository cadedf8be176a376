import { DRAWER_KEY, IDLE_ROUTES, screenOf } from './idle-routes';

/**
 * What the queue asks of the app, handed in by idle-preload.ts rather than imported: this chunk
 * then shares no module with the first load's, whose chunks stay as they were.
 */
export type QueueHost = {
  /** Whether the user may open `path` and it has not loaded yet (a guest's account screen sends them to login). */
  wants: (path: string) => boolean;
  /** Resolves once no screen is being opened. */
  settled: () => Promise<void>;
  /** The build's route → files map as fetched (unchecked), null in development or when it failed. */
  map: () => Promise<unknown>;
  /** The language the user reads: of a screen's text files (both languages'), only its are fetched. */
  lang: () => string;
};
let host: QueueHost = {
  wants: () => false,
  settled: () => Promise.resolve(),
  map: () => Promise.resolve(null),
  lang: () => '',
};
/** A text file's language (vite-plugins/one-language.ts names them `texts-<hash>-<lang>.js`). */
const TEXTS_FILE = /\/texts-[^/]+-([a-z]{2}-[A-Z]{2})\.js$/;
const read = (file: string) => (TEXTS_FILE.exec(file)?.[1] ?? host.lang()) === host.lang();

export function setHost(next: QueueHost): void {
  host = next;
}

/**
 * The idle preload's queue, loaded once the app is idle or a screen is wanted (idle-preload.ts
 * starts it; the first load carries none of it). Fetches the code of the screens people open next (idle-routes.ts) while they read the first one,
 * so a tap finds it in the browser's cache instead of fetching it, a round trip or more each on a
 * phone network. `modulepreload` fetches and compiles without running anything; the modules run
 * when the screen is opened, as before.
 *
 * A few files at a time, in the browser's idle time and never while a screen is being opened. A
 * screen wanted sooner (a finger over its link, the drawer opened) goes to the front.
 */
/** requestIdleCallback's deadline: a page that is never idle still preloads, later. */
const IDLE_TIMEOUT_MS = 300;

type ChunkMap = { files: readonly string[]; routes: Readonly<Record<string, readonly number[]>> };

function isChunkMap(value: unknown): value is ChunkMap {
  if (typeof value !== 'object' || value === null) return false;
  const { files, routes } = value as Record<string, unknown>;
  if (!Array.isArray(files) || !files.every((file) => typeof file === 'string' && file.startsWith('/')))
    return false;
  if (typeof routes !== 'object' || routes === null) return false;
  return Object.values(routes).every(
    (indices) =>
      Array.isArray(indices) && indices.every((i) => Number.isInteger(i) && i >= 0 && i < files.length),
  );
}

let map: Promise<ChunkMap | null> | null = null;

/** The build's map (vite-plugins/idle-preload.ts), checked; null when there is none. */
function chunkMap(): Promise<ChunkMap | null> {
  map ??= host.map().then((value) => (isChunkMap(value) ? value : null));
  return map;
}

function allowed(key: string): boolean {
  return key === DRAWER_KEY || host.wants(screenOf(key));
}

const linked = new Set<string>();

/**
 * One file's link, resolved once it has arrived or failed (a failure is the screen's to report).
 * `low`: idle work, which a screen's own requests overtake in the browser's queue.
 */
function link(file: string, low: boolean): Promise<void> {
  if (linked.has(file)) return Promise.resolve();
  linked.add(file);
  return new Promise((resolve) => {
    const element = document.createElement('link');
    if (file.endsWith('.css')) {
      element.rel = 'preload';
      element.as = 'style';
    } else {
      element.rel = 'modulepreload';
    }
    // As Vite's own preloads and imports ask: a different mode would be a second download.
    element.crossOrigin = '';
    if (low) element.fetchPriority = 'low';
    element.href = file;
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => resolve(), { once: true });
    document.head.appendChild(element);
  });
}

/** The files of `path` not linked yet; none for a screen the user may not open or has loaded. */
async function filesOf(path: string): Promise<string[]> {
  if (!allowed(path)) return [];
  const chunks = await chunkMap();
  if (!chunks) return [];
  return (chunks.routes[path] ?? [])
    .map((i) => chunks.files[i] as string)
    .filter((f) => !linked.has(f) && read(f));
}

/**
 * At most this many idle files in flight: the browser opens six connections to a host (HTTP/1.1),
 * and a tap's first request must find one free rather than wait behind the preload. Five, not the
 * three this began with: a tab's code is ~10-30 small files, a round trip each on slow 4G, and at
 * three the ~1.5 s between the queue's start and a reader's first tap held ~4 round trips, so a tap
 * to Home from Markets (29 files) or to the Trade ticket from Home (30 files ahead of it) fetched
 * the rest after the tap. The connections three left free were for the tabs' answers, which are now
 * asked before the tap (keepTabsWarm) at a higher priority than these `low` links, as a tap's own
 * requests are: the browser gives them each connection these free first.
 */
const IN_FLIGHT = 5;
let order: string[] = IDLE_ROUTES.map((route) => route.path);
const queue: string[] = [];
/** The screen whose files `queue` holds. */
let current: string | undefined;
let started = false;
let workers = 0;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/** Takes the next screen's files while the queue is empty; undefined when all are taken. */
async function nextFile(): Promise<string | undefined> {
  while (queue.length === 0 && order.length > 0) {
    current = order.shift() as string;
    queue.push(...(await filesOf(current)));
  }
  return queue.shift();
}

async function work(): Promise<void> {
  workers += 1;
  try {
    for (;;) {
      // A screen being opened comes first: its code, then a breath for its answers.
      await host.settled();
      await whenIdle();
      const file = await nextFile();
      if (file === undefined) return;
      await link(file, true);
    }
  } finally {
    workers -= 1;
  }
}

function pump(): void {
  if (!started) return;
  while (workers < IN_FLIGHT && (queue.length > 0 || order.length > 0)) void work();
}

/** Moves `paths` to the front, before the rest of the screen under way. */
function wanted(paths: readonly string[]): void {
  const rest = queue.length > 0 && current !== undefined ? [current] : [];
  queue.length = 0;
  order = [...paths, ...rest, ...order].filter((path, at, all) => all.indexOf(path) === at);
  pump();
}

/** Starts on the idle app: what the current screen leads to first (the Mine tab's rows on Mine). */
export function startQueue(): void {
  started = true;
  void chunkMap();
  wanted(IDLE_ROUTES.filter((route) => route.from === location.pathname).map((route) => route.path));
}

/** The drawer opened: the page has been used, and its rows are what comes next. */
export function drawerOpened(): void {
  started = true;
  void chunkMap();
  wanted(IDLE_ROUTES.filter((route) => route.drawer).map((route) => route.path));
}

/** A link under the finger: its screen's code now, as the screen's own requests would be. */
export function preloadNow(path: string): void {
  for (const route of IDLE_ROUTES)
    if (screenOf(route.path) === path)
      void filesOf(route.path).then((files) => files.forEach((file) => void link(file, false)));
}
