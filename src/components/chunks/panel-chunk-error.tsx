import { Component, type ErrorInfo, type ReactNode } from 'react';
import enPanelError from '../../../locales/en-US/panel-error.json';
import trPanelError from '../../../locales/tr-TR/panel-error.json';
import { useTranslation } from '../../i18n/hook';
import { addNamespace } from '../../i18n/namespace';
import { useRetryUntilLoaded } from './retry-until-loaded';
import { isChunkFailure, type LazyScreen } from './lazy-with-retry';
import { LoadedSlot } from './loaded-slot';
import { Button } from '../button';

// In this module's chunk, both languages (a few words, under the build's size for a file of their
// own): the panel's error is shown when files do not arrive, and a text file would not either.
addNamespace('panelError', { 'tr-TR': trPanelError, 'en-US': enPanelError });

/**
 * A panel's code that did not arrive (the broker was down as the user switched to it): the error
 * in the panel's place, saying that part (not the page) could not be loaded, keeping the screen
 * and its switch, with Retry — and retried by itself every few seconds and when the browser is
 * back online, so it recovers without a tap.
 */
export function PanelChunkError({ onRetry, load }: { onRetry: () => void; load: () => Promise<boolean> }) {
  const { t } = useTranslation();
  useRetryUntilLoaded(load, onRetry);
  return (
    <div className="state-message" data-testid="panel-chunk-error" role="alert">
      <p className="state-message__title">{t('title', { ns: 'panelError' })}</p>
      <p className="state-message__body">{t('chunk_error.body')}</p>
      <Button testId="chunk-retry" onClick={onRetry}>
        {t('action.retry')}
      </Button>
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
    return <LoadedSlot screen={panel} pending={fallback} />;
  }
}
