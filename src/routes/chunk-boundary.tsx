import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkError } from './chunk-error';

type Props = {
  /** Rendered lazily, so after a retry it picks up the fresh lazy component. */
  render: () => ReactNode;
  onRetry: () => void;
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
    if (this.state.error !== null) return <ChunkError onRetry={this.retry} />;
    return this.props.render();
  }
}
