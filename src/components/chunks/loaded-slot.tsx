import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { LazyScreen } from './lazy-with-retry';

/**
 * Renders `screen` once its code has arrived and `pending` until then, without suspending on it.
 * A screen that suspended showed its Suspense fallback, and React then holds back whatever replaces
 * a fallback until 300 ms after the fallback appeared (its throttle of Suspense retries): every
 * first visit of a screen in the app took ~310 ms from the tap, where its chunks had arrived in
 * ~50. The state update as the load settles is an ordinary one, shown at once.
 * A failed load is thrown, for the boundary around the slot to show with its Retry
 * (ChunkBoundary, LazyPanel), which mounts a new slot that loads again; an `optional` part (a row
 * a screen does without) stays `pending` instead, as a screen is not taken down for it.
 */
export function LoadedSlot({
  screen,
  pending,
  optional = false,
}: {
  screen: LazyScreen;
  pending: ReactNode;
  optional?: boolean;
}) {
  const ready = screen.isLoaded();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (ready) return;
    let live = true;
    screen.load().then(
      () => {
        if (live) setArrived(true);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [screen, ready]);
  if (failure) {
    if (optional) return pending;
    throw failure.error;
  }
  if (!ready) return pending;
  const Screen = screen.current();
  // What the screen itself suspends on (a lazy part of it without a boundary of its own).
  return (
    <Suspense fallback={pending}>
      <Screen />
    </Suspense>
  );
}
