import { Component, Suspense, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n-hook';
import { ChunkTimeoutError, type LazyScreen } from './lazy-with-retry';

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
 * A failed load of the panel's code (Chromium "Failed to fetch dynamically imported module",
 * Firefox "error loading dynamically imported module", Safari "Importing a module script
 * failed"), or of its stylesheet, which Vite loads first ("Unable to preload CSS for …": with
 * the broker down that is the first request to fail) — not an error of the panel itself.
 */
function isChunkFailure(error: unknown): boolean {
  if (error instanceof ChunkTimeoutError) return true;
  if (!(error instanceof Error)) return false;
  return (
    (error instanceof TypeError && /module/i.test(error.message)) || /^Unable to preload/.test(error.message)
  );
}

/**
 * One lazily loaded panel of a screen (the trade tab's coin tickets): loading shows `fallback`;
 * a chunk that fails shows its error in the panel's place rather than the route's screen-wide one.
 */
export class LazyPanel extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Panel failed', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.panel.retry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { panel, fallback } = this.props;
    const { error } = this.state;
    // A panel that threw is the route's to show (its screen-wide error): retrying a loaded
    // module every few seconds would only remount the same fault.
    if (error !== null && !isChunkFailure(error)) throw error;
    if (error !== null) return <PanelChunkError onRetry={this.retry} load={panel.preload} />;
    const Panel = panel.current();
    return (
      <Suspense fallback={fallback}>
        <Panel />
      </Suspense>
    );
  }
}
