import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import enPull from '../../../locales/en-US/pull.json';
import trPull from '../../../locales/tr-TR/pull.json';
import { useTranslation } from '../../i18n/hook';
import { addNamespace } from '../../i18n/namespace';
import { attachPull, type PullPhase } from './pull-gesture';

// Loaded with the list screens that use it, not with the first screen.
addNamespace('pull', { 'tr-TR': trPull, 'en-US': enPull });

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

/** Above the list: an arrow that turns when letting go would refresh, and what will happen. */
function PullIndicator({
  phase,
  indicator,
  arrow,
}: {
  phase: PullPhase;
  indicator: RefObject<HTMLDivElement | null>;
  arrow: RefObject<SVGSVGElement | null>;
}) {
  const { t } = useTranslation('pull');
  const label = phase === 'armed' ? t('release') : phase === 'refreshing' ? t('refreshing') : t('pull');
  return (
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
  );
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
  const root = useRef<HTMLDivElement>(null);
  const indicator = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const arrow = useRef<SVGSVGElement>(null);
  const [phase, setPhase] = useState<PullPhase>('idle');
  const phaseRef = useRef<PullPhase>('idle');
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  });

  useEffect(() => {
    const [node, top, list] = [root.current, indicator.current, content.current];
    if (!node || !top || !list) return;
    return attachPull(node, top, list, {
      phase: () => phaseRef.current,
      setPhase: (next) => {
        phaseRef.current = next;
        setPhase(next);
      },
      refresh: () => refreshRef.current(),
      arrow: () => arrow.current,
    });
  }, []);

  return (
    <div ref={root} className="pull" style={ROOT} data-testid={testId} data-phase={phase}>
      <PullIndicator phase={phase} indicator={indicator} arrow={arrow} />
      <div ref={content} className="pull__content" style={COLUMN}>
        {children}
      </div>
    </div>
  );
}
