import { compareDecimals } from '../../market/sort';

// One query list, read on every flash: matchMedia() parses its query and builds a new list each
// call, which showed in start-up profiles when the first quotes moved many cells at once.
let motionQuery: MediaQueryList | null | undefined;

function reducedMotion(): boolean {
  if (motionQuery === undefined)
    motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  return motionQuery !== null && motionQuery.matches;
}

/**
 * Flashes a cell green or red after a price move, on the DOM node (ARCHITECTURE rule 5): no state,
 * so no second render. Two identical keyframe sets take turns, because switching the animation's
 * name restarts it without the forced reflow a remove/add of one class needs.
 */
export function flashChange(element: HTMLElement | null, before: string, after: string): void {
  if (!element || reducedMotion()) return;
  const order = compareDecimals(after, before);
  if (order === null || order === 0) return;
  const direction = order > 0 ? 'up' : 'down';
  const turn = element.dataset.flash?.endsWith('1') ? '2' : '1';
  element.dataset.flash = `${direction}${turn}`;
}
