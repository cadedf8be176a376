import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkError } from './chunk-error';
import { isChunkFailure } from '../components/chunks/lazy-with-retry';

type Props = {
  /** Rendered lazily, so after a retry it picks up the fresh lazy component. */
  render: () => ReactNode;
  onRetry: () => void;
  /** Loads the screen's code again; resolves whether it is loaded (LazyScreen.preload). */
  preload?: () => Promise<boolean>;
};
type State = { error: unknown };

/**
 * Catches a screen chunk that failed to load (or a screen that threw) and offers Retry,
 * so a failure never leaves a blank page (SPEC §8).
 */
export class ChunkBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    // Only a screen whose code did not arrive is retried by itself: one that threw would throw again.
    if (error !== null)
      return (
        <ChunkError onRetry={this.retry} load={isChunkFailure(error) ? this.props.preload : undefined} />
      );
    return this.props.render();
  }
}
