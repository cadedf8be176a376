import '../../styles/market.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { StreamHealth } from '../../../domain/market-data/contract';
import { market } from '../../state/market';

/** One stream's health (by topicKey), read as one leaf: it changes only when the stream flips. */
export function useStreamHealth(key: string | null): StreamHealth | undefined {
  const streams = useSnapshot(market).streams;
  return key === null ? undefined : streams[key];
}

/** Whether the figures of this stream are not to be trusted as live (dim them, say so). */
export function isStale(health: StreamHealth | undefined): boolean {
  return health?.state === 'stale' || health?.state === 'refused';
}

/**
 * "Stale · 6 s" (or "Not available: <reason> Retrying…") beside the figures of a stream that
 * stopped. The seconds tick on the DOM node, not through React: the worker posts a flip, never
 * a per-second patch, so the figures around it don't re-render as the age grows.
 */
export function StreamNote({
  health,
  testId,
  className = '',
}: {
  health: StreamHealth | undefined;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation('market');
  const label = useRef<HTMLSpanElement>(null);
  const stale = isStale(health);

  useEffect(() => {
    const node = label.current;
    if (!node || !health || !stale) return;
    const write = () => {
      if (health.state === 'refused') {
        const reason = t(health.reason ?? 'MALFORMED_REQUEST', { ns: 'errors', max: 200 });
        node.textContent = t('stream.refused', { reason });
        return;
      }
      if (health.heard === 0) {
        // Never heard: no age to tell (it was the seconds since 1970).
        node.textContent = t('stream.stale');
        node.parentElement?.removeAttribute('data-age');
        return;
      }
      const seconds = Math.max(0, Math.floor((Date.now() - health.heard) / 1_000));
      node.textContent = t('stream.stale_age', { seconds: String(seconds) });
      node.parentElement?.setAttribute('data-age', String(seconds));
    };
    write();
    const timer = setInterval(write, 1_000);
    return () => clearInterval(timer);
  }, [health, stale, t]);

  if (!stale) return null;
  return (
    <p className={`stream-note ${className}`} role="status" data-testid={testId} data-state={health!.state}>
      <span className="stream-note__dot" aria-hidden="true" />
      <span ref={label}>{t('stream.stale')}</span>
    </p>
  );
}
