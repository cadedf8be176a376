import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkErrorMessage } from './chunk-error';
import { isChunkFailure, type LazyScreen } from './lazy-with-retry';
import { LoadedSlot } from './loaded-slot';

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
    if (error !== null)
      return (
        // In the panel's place, keeping the screen and its switch; retried by itself every few
        // seconds and when the browser is back online, so it recovers without a tap.
        <ChunkErrorMessage onRetry={this.retry} load={panel.preload} testId="panel-chunk-error" />
      );
    return <LoadedSlot screen={panel} pending={fallback} />;
  }
}
