import { PULL_REST_PX, PULL_THRESHOLD_PX, pullDistance } from './pull-distance';

export type PullPhase = 'idle' | 'pulling' | 'armed' | 'refreshing';

/** What the gesture reads and drives on its component: the phase and the screen's own loader. */
export type PullHost = {
  phase: () => PullPhase;
  setPhase: (next: PullPhase) => void;
  refresh: () => Promise<unknown> | void;
  arrow: () => SVGSVGElement | null;
};

const SETTLE = 'transform var(--duration-base) ease-out';

/** The element that scrolls the screen (the app's <main>), or the document's. */
function scrollerOf(node: HTMLElement): Element {
  return node.closest('.app-main') ?? document.scrollingElement ?? document.documentElement;
}

/** Moves the indicator and the list together, straight on the DOM nodes. */
function slider(top: HTMLElement, list: HTMLElement) {
  let offset = 0;
  let settled: ReturnType<typeof setTimeout> | undefined;
  return {
    offset: () => offset,
    move(px: number, animate: boolean): void {
      offset = px;
      clearTimeout(settled);
      for (const el of [top, list]) el.style.transition = animate ? SETTLE : '';
      top.style.transform = `translateY(calc(${px}px - var(--space-12)))`;
      top.style.visibility = 'visible';
      list.style.transform = `translateY(${px}px)`;
      // At rest once the transition is over: a transform left on the list would make it the
      // containing block of its own fixed bars and sheets.
      if (px === 0)
        settled = setTimeout(() => {
          list.style.transform = '';
          top.style.visibility = 'hidden';
        }, 400);
    },
    dispose: () => clearTimeout(settled),
  };
}

/** Holds the list at rest height while the loader runs, the arrow turning unless motion is reduced. */
function refreshHeld(host: PullHost, slide: ReturnType<typeof slider>): void {
  host.setPhase('refreshing');
  slide.move(PULL_REST_PX, true);
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const spin = reduced
    ? null
    : host.arrow()?.animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], {
        duration: 1000,
        iterations: Infinity,
      });
  void Promise.resolve()
    .then(() => host.refresh())
    .catch(() => undefined)
    .finally(() => {
      spin?.cancel();
      slide.move(0, true);
      host.setPhase('idle');
    });
}

/**
 * Listens for a pull on `node`: `top` is the indicator, `list` the content dragged with it.
 * Returns what removes the listeners.
 */
export function attachPull(
  node: HTMLElement,
  top: HTMLElement,
  list: HTMLElement,
  host: PullHost,
): () => void {
  const slide = slider(top, list);
  let startY: number | null = null;
  let startX = 0;
  const start = (event: TouchEvent) => {
    // Only a pull that starts with the list at its top; a refresh already running is not restarted.
    if (host.phase() === 'refreshing' || event.touches.length !== 1) return;
    startY = scrollerOf(node).scrollTop <= 0 ? event.touches[0]!.clientY : null;
    startX = event.touches[0]!.clientX;
  };
  const drag = (event: TouchEvent) => {
    if (startY === null) return;
    const dy = event.touches[0]!.clientY - startY;
    const dx = event.touches[0]!.clientX - startX;
    if (slide.offset() === 0 && (dy <= 0 || Math.abs(dx) > dy)) {
      // A scroll up the list or a sideways swipe (tabs, chips), not a pull: left to the browser.
      startY = null;
      return;
    }
    // The page must not scroll or bounce under the finger while it pulls the list.
    if (event.cancelable) event.preventDefault();
    const px = pullDistance(dy);
    slide.move(px, false);
    const next = px >= PULL_THRESHOLD_PX ? 'armed' : 'pulling';
    if (host.phase() !== next) host.setPhase(next);
  };
  const end = () => {
    if (startY === null) return;
    startY = null;
    if (host.phase() === 'armed') return refreshHeld(host, slide);
    slide.move(0, true);
    host.setPhase('idle');
  };
  node.addEventListener('touchstart', start, { passive: true });
  // Not passive: a pull cancels the page's own scroll.
  node.addEventListener('touchmove', drag, { passive: false });
  node.addEventListener('touchend', end);
  node.addEventListener('touchcancel', end);
  return () => {
    slide.dispose();
    node.removeEventListener('touchstart', start);
    node.removeEventListener('touchmove', drag);
    node.removeEventListener('touchend', end);
    node.removeEventListener('touchcancel', end);
  };
}
