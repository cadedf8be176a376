import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n-hook';
import type { LazyScreen } from './lazy-with-retry';

/** How often a panel whose code did not arrive tries again by itself (the broker may be back). */
export const PANEL_RETRY_MS = 3_000;

/**
 * A panel's code that did not arrive (the broker was down as the user switched to it): the error
 * in the panel's place, keeping the screen and its switch, with Retry — and retried by itself
 * every few seconds and when the browser is back online, so it recovers without a tap.
 */
function PanelChunkError({ onRetry, load }: { onRetry: () => void; load: () => Promise<boolean> }) {
  const { t } = useTranslation();
  useEffect(() => {
    let cancelled = false;
    const attempt = () =>
      void load().then((loaded) => {
        if (loaded && !cancelled) onRetry();
      });
    const timer = setInterval(attempt, PANEL_RETRY_MS);
    window.addEventListener('online', attempt);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', attempt);
    };
  }, [load, onRetry]);
  return (
    <div className="state-message" data-testid="panel-chunk-error" role="alert">
      <p className="state-message__title">{t('chunk_error.title')}</p>
      <p className="state-message__body">{t('chunk_error.body')}</p>
      <button type="button" className="button button--secondary" data-testid="chunk-retry" onClick={onRetry}>
        {t('action.retry')}
      </button>
    </div>
  );
}

type Props = { panel: LazyScreen; fallback: ReactNode };

/**
 * One lazily loaded panel of a screen (the trade tab's coin tickets): loading shows `fallback`;
 * a chunk that fails shows its error in the panel's place rather than the route's screen-wide one.
 */
export class LazyPanel extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private readonly retry = () => {
    this.props.panel.retry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { panel, fallback } = this.props;
    if (this.state.error !== null) return <PanelChunkError onRetry={this.retry} load={panel.preload} />;
    const Panel = panel.current();
    return (
      <Suspense fallback={fallback}>
        <Panel />
      </Suspense>
    );
  }
}
