import { compareDecimals } from '../../market/sort';

// One query list, read on every flash: matchMedia() parses its query and builds a new list each
// call, which showed in start-up profiles when the first quotes moved many cells at once.
let motionQuery: MediaQueryList | null | undefined;

function reducedMotion(): boolean {
  if (motionQuery === undefined)
    motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  return motionQuery !== null && motionQuery.matches;
}

/** How long a cell stays tinted after its price moves, at most. */
export const FLASH_MS = 300;
/**
 * Tints due to go out within this much of a sweep go out with it: the cells one burst of quotes
 * lit go out together, in the frame of a later quote when there is one.
 */
const SWEEP_SLACK_MS = 75;

// Lit cells and when each goes out, in that order: a new tint always ends after the ones already
// lit (the clock only moves forward), so a sweep stops at the first cell not yet due.
const lit = new Map<HTMLElement, number>();
let sweepTimer: ReturnType<typeof setTimeout> | null = null;

function now(): number {
  return performance.now();
}

function takeOffDue(at: number): void {
  for (const [element, until] of lit) {
    if (until - at > SWEEP_SLACK_MS) return;
    delete element.dataset.flash;
    lit.delete(element);
  }
}

// The fallback for a screen whose quotes stopped: without a later quote, this takes the tints off.
function onSweepTimer(): void {
  sweepTimer = null;
  const at = now();
  takeOffDue(at);
  armSweep(at);
}

function armSweep(at: number): void {
  if (sweepTimer !== null) return;
  for (const until of lit.values()) {
    sweepTimer = setTimeout(onSweepTimer, until - at);
    return;
  }
}

/**
 * Tints a cell green or red for a moment after a price move, on the DOM node (ARCHITECTURE rule
 * 5): no state, so no second render. The tint is a plain background, set and taken off with no
 * animation: restarting a CSS animation, even one the compositor runs, cost the main thread several
 * frames of style recalculation and a layer-tree commit each time, which on a screen of moving
 * quotes was half of the page's work at rest. Called from a layout effect, the tint lands in the
 * frame that paints the new digits, and tints due by then go out in that same frame.
 */
export function flashChange(element: HTMLElement | null, before: string, after: string): void {
  if (!element || reducedMotion()) return;
  const order = compareDecimals(after, before);
  if (order === null || order === 0) return;
  const direction = order > 0 ? 'up' : 'down';
  const at = now();
  takeOffDue(at);
  // Writing the same value again would still invalidate the cell's style.
  if (element.dataset.flash !== direction) element.dataset.flash = direction;
  // Re-inserted so the map stays in the order tints go out.
  lit.delete(element);
  lit.set(element, at + FLASH_MS);
  armSweep(at);
}
