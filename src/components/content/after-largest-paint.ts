import { afterPaint } from './use-live-data';

/**
 * How long after the frame that showed a screen its largest paint may still be reported: a
 * loaded phone presents that frame 20–50 ms after its animation-frame callback, a loaded machine
 * under Lighthouse up to ~700 ms (a text waits for its font, the compositor for the CPU), and
 * the entry comes after the presentation. A screen whose paint was not the page's largest gets
 * no entry and waits this long.
 */
export const LARGEST_PAINT_WAIT_MS = 1_000;
/** requestIdleCallback's deadline: a page that is never idle still starts the work, later. */
const IDLE_TIMEOUT_MS = 300;
/** How long a screen's hold (holdPageStart) may keep the page's own start waiting at most. */
export const PAGE_HOLD_MAX_MS = 3_000;
/** Input that means the user is about to need what `start` loads: it starts at once. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

export type LargestPaintHost = {
  /**
   * Whether the page shows the screen its document was loaded on: only then is its paint the
   * load's largest paint. A screen opened by an in-app tap gets no entry (the page's largest
   * paint was the first screen's, and a trusted tap ends the reporting).
   */
  firstScreen: () => boolean;
  /** The page's clock (performance.now()'s): entries at or after it count as this screen's paint. */
  now: () => number;
  /** Calls back with each largest-contentful-paint entry's start time and element; returns how to stop. */
  observe: (onEntry: (startTime: number, element: Element | null) => void) => () => void;
  /** Calls back once the page is idle, at the latest after `timeoutMs`; returns a cancel. */
  idle: (run: () => void, timeoutMs: number) => () => void;
  /** Calls back after `ms`; returns a cancel. */
  wait: (run: () => void, ms: number) => () => void;
  /** Calls back at the user's first input; returns how to stop. */
  onInput: (run: () => void) => () => void;
  /** Calls back once the next frame has painted; returns a cancel. */
  afterFrame: (run: () => void) => () => void;
};

function observeLargestPaint(onEntry: (startTime: number, element: Element | null) => void): () => void {
  if (typeof PerformanceObserver !== 'function') return () => undefined;
  if (!PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) return () => undefined;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LargestContentfulPaint[])
      onEntry(entry.startTime, entry.element);
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  return () => observer.disconnect();
}

function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

function onFirstInput(run: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INPUT_EVENTS) removeEventListener(type, fire, options);
  };
  const fire = () => {
    stop();
    run();
  };
  for (const type of INPUT_EVENTS) addEventListener(type, fire, options);
  return stop;
}

/** The document's own URL's path (the navigation entry's), against where the app is now. */
export function onFirstScreen(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return !entry || new URL(entry.name).pathname === location.pathname;
}

const BROWSER: LargestPaintHost = {
  firstScreen: onFirstScreen,
  now: () => performance.now(),
  observe: observeLargestPaint,
  idle: whenIdle,
  wait: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  onInput: onFirstInput,
  afterFrame: afterPaint,
};

/** Any largest paint: the page's own start (src/main.tsx), not a screen's. */
const ANY_PAINT = () => true;
const holds = new Set<object>();
const held = new Set<() => void>();

/**
 * Holds what the page starts after its first largest paint (the default `ours`: the market
 * worker, src/main.tsx) until the caller releases it, at most PAGE_HOLD_MAX_MS. For a screen whose
 * largest paint waits for its answers (the spot ticket's funding line, the wallet's balances):
 * the tab's title or a skeleton painted first, the page went idle while the answers and the code
 * were on their way, and the worker's ~20 KB left before the screen's own paint. The user's first
 * input still starts it at once. Returns the release; call it once the screen's paint is behind it.
 */
export function holdPageStart(): () => void {
  const hold = {};
  holds.add(hold);
  return () => {
    if (!holds.delete(hold) || holds.size > 0) return;
    for (const run of [...held]) run();
  };
}

/**
 * Runs `start` once the screen just rendered has had its largest paint recorded, and the page is
 * idle: what it loads (a chunk, zod's schemas) then never counts toward that paint. One frame
 * after the render was not enough: a loaded machine presents the frame late, and what left
 * before the presentation counted toward it. `ours` tells the screen's own paint from an earlier
 * part's painted in the same late frame (the navbar's title). The user's first input starts it at
 * once; a hidden page, which paints nothing, at once too; a screen opened by an in-app tap, once
 * its frame has painted. Returns a cancel.
 */
export function afterLargestPaint(
  start: () => void,
  ours: (element: Element | null) => boolean = ANY_PAINT,
  host: LargestPaintHost = BROWSER,
): () => void {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') {
    start();
    return () => undefined;
  }
  // Opened by a tap: no largest paint to wait for; once its frame has painted, as before.
  if (!host.firstScreen()) return host.afterFrame(start);
  const since = host.now();
  const stops: (() => void)[] = [];
  let done = false;
  const stopAll = () => {
    for (const stop of stops.splice(0)) stop();
  };
  const go = () => {
    if (done) return;
    done = true;
    stopAll();
    start();
  };
  let holding = false;
  const goUnlessHeld = () => {
    if (done || holding) return;
    if (ours !== ANY_PAINT || holds.size === 0) {
      go();
      return;
    }
    holding = true;
    held.add(go);
    stops.push(() => held.delete(go));
    stops.push(host.wait(go, PAGE_HOLD_MAX_MS));
  };
  let waiting = false;
  const toIdle = () => {
    if (done || waiting) return;
    waiting = true;
    stops.push(host.idle(goUnlessHeld, IDLE_TIMEOUT_MS));
  };
  stops.push(host.onInput(go));
  stops.push(
    host.afterFrame(() => {
      stops.push(
        host.observe((startTime, element) => {
          if (startTime >= since && ours(element)) toIdle();
        }),
      );
      stops.push(host.wait(toIdle, LARGEST_PAINT_WAIT_MS));
    }),
  );
  return () => {
    done = true;
    stopAll();
  };
}
