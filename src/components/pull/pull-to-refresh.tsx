import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import enPull from '../../../locales/en-US/pull.json';
import trPull from '../../../locales/tr-TR/pull.json';
import { useTranslation } from '../../i18n-hook';
import { addNamespace } from '../../i18n-namespace';
import { PULL_REST_PX, PULL_THRESHOLD_PX, pullDistance } from './pull-distance';

// Loaded with the list screens that use it, not with the first screen.
addNamespace('pull', { 'tr-TR': trPull, 'en-US': enPull });

type Phase = 'idle' | 'pulling' | 'armed' | 'refreshing';

// Styles set through the CSSOM (style props), which the CSP's style-src does not govern: a
// stylesheet of its own would add a file to every list screen's preload list in the first
// load's import map, which has no room left. The list keeps the spacing its screen gives.
const COLUMN: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 'inherit' };
const ROOT: CSSProperties = { ...COLUMN, position: 'relative' };
const INDICATOR: CSSProperties = {
  position: 'absolute',
  top: 0,
  right: 0,
  left: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 'var(--space-2)',
  height: 'var(--space-12)',
  color: 'var(--color-text-muted)',
  fontSize: 'var(--font-s)',
  pointerEvents: 'none',
  // Hidden above the list until a pull brings it down with it.
  transform: 'translateY(calc(-1 * var(--space-12)))',
  visibility: 'hidden',
};
const SETTLE = 'transform var(--duration-base) ease-out';

/** The element that scrolls the screen (the app's <main>), or the document's. */
function scrollerOf(node: HTMLElement): Element {
  return node.closest('.app-main') ?? document.scrollingElement ?? document.documentElement;
}

/**
 * Pull to refresh, as phone lists do it: at the top of the list a finger pulled down drags the
 * list with resistance, an indicator says whether letting go refreshes, and letting go past the
 * threshold runs the screen's own loader (`onRefresh`) while what is shown stays in place. The
 * drag moves the DOM node directly — a render per touchmove would drop frames on a phone — and
 * only the phase is state. Touch only: a mouse or keyboard user has the focus refetch already.
 */
export function PullToRefresh({
  onRefresh,
  children,
  testId = 'pull-to-refresh',
}: {
  onRefresh: () => Promise<unknown> | void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('pull');
  const root = useRef<HTMLDivElement>(null);
  const indicator = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const arrow = useRef<SVGSVGElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  });

  useEffect(() => {
    const node = root.current;
    const top = indicator.current;
    const list = content.current;
    if (!node || !top || !list) return;
    let startY: number | null = null;
    let startX = 0;
    let offset = 0;
    let settled: ReturnType<typeof setTimeout> | undefined;
    const set = (next: Phase) => {
      phaseRef.current = next;
      setPhase(next);
    };
    const move = (px: number, animate: boolean) => {
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
    };
    const start = (event: TouchEvent) => {
      // Only a pull that starts with the list at its top; a refresh already running is not restarted.
      if (phaseRef.current === 'refreshing' || event.touches.length !== 1) return;
      startY = scrollerOf(node).scrollTop <= 0 ? event.touches[0]!.clientY : null;
      startX = event.touches[0]!.clientX;
    };
    const drag = (event: TouchEvent) => {
      if (startY === null) return;
      const dy = event.touches[0]!.clientY - startY;
      const dx = event.touches[0]!.clientX - startX;
      if (offset === 0 && (dy <= 0 || Math.abs(dx) > dy)) {
        // A scroll up the list or a sideways swipe (tabs, chips), not a pull: left to the browser.
        startY = null;
        return;
      }
      // The page must not scroll or bounce under the finger while it pulls the list.
      if (event.cancelable) event.preventDefault();
      const px = pullDistance(dy);
      move(px, false);
      const next = px >= PULL_THRESHOLD_PX ? 'armed' : 'pulling';
      if (phaseRef.current !== next) set(next);
    };
    const end = () => {
      if (startY === null) return;
      startY = null;
      if (phaseRef.current !== 'armed') {
        move(0, true);
        set('idle');
        return;
      }
      set('refreshing');
      move(PULL_REST_PX, true);
      const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
      const spin = reduced
        ? null
        : arrow.current?.animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], {
            duration: 1000,
            iterations: Infinity,
          });
      void Promise.resolve()
        .then(() => refreshRef.current())
        .catch(() => undefined)
        .finally(() => {
          spin?.cancel();
          move(0, true);
          set('idle');
        });
    };
    node.addEventListener('touchstart', start, { passive: true });
    // Not passive: a pull cancels the page's own scroll.
    node.addEventListener('touchmove', drag, { passive: false });
    node.addEventListener('touchend', end);
    node.addEventListener('touchcancel', end);
    return () => {
      clearTimeout(settled);
      node.removeEventListener('touchstart', start);
      node.removeEventListener('touchmove', drag);
      node.removeEventListener('touchend', end);
      node.removeEventListener('touchcancel', end);
    };
  }, []);

  const label = phase === 'armed' ? t('release') : phase === 'refreshing' ? t('refreshing') : t('pull');
  return (
    <div ref={root} className="pull" style={ROOT} data-testid={testId} data-phase={phase}>
      <div ref={indicator} className="pull__indicator" style={INDICATOR} aria-hidden={phase === 'idle'}>
        <svg
          ref={arrow}
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          style={{
            transition: 'transform var(--duration-fast) ease-out',
            transform: phase === 'armed' ? 'rotate(180deg)' : undefined,
          }}
        >
          <path d="M12 4v14M6 12l6 6 6-6" />
        </svg>
        <span className="pull__label" role="status">
          {phase === 'idle' ? '' : label}
        </span>
      </div>
      <div ref={content} className="pull__content" style={COLUMN}>
        {children}
      </div>
    </div>
  );
}
