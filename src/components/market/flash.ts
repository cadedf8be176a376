import { compareDecimals } from '../../market/sort';

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
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
