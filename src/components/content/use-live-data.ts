import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';

/** Focus and visibilitychange both fire when a user comes back; one refetch is enough. */
const REFETCH_GAP_MS = 2000;

export type LiveState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: unknown }
  | { status: 'ready'; data: T; error: undefined };

export type LiveData<T> = LiveState<T> & {
  reload: () => void;
  /**
   * Reads again behind what is shown (after an action moved the data: a balance after an order):
   * no skeleton, a failure keeps what is shown, and only the newest read's answer is applied.
   * Settles when the read has (a pull to refresh shows it running until then); undefined before
   * the first read.
   */
  refresh: () => Promise<void> | undefined;
  /** Local changes (an item marked read) without waiting for the next answer. */
  update: (change: (data: T) => T) => void;
};

const LOADING = { status: 'loading', data: undefined, error: undefined } as const;

/**
 * Runs `start` once the next frame has painted, or at once in a hidden page (which paints no frame).
 * React runs the effects of a tap's update before the browser paints it, and starting a screen's
 * requests costs the main thread (~90 ms of a tab switch on a 4× slowed CPU: six fetch calls and
 * their loaders), so the new screen's skeleton waited for them. Returns a cancel.
 */
function afterPaint(start: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') {
    start();
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A task queued from a frame callback runs after that frame's paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(start, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Loads a screen's data and keeps it fresh (DESIGN.md "is this data fresh?"): again when `key`
 * changes, when the account changes (the session's token or account type), and when the user
 * returns to the page (focus or visibility). A background refetch keeps what is shown if it fails.
 * `load` should be silent: the screen shows its own error state.
 */
export function useLiveData<T>(key: string, load: () => Promise<T>, enabled = true): LiveData<T> {
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const { userToken, userAccountType } = useSnapshot(session);
  const [state, setState] = useState<LiveState<T>>(LOADING);
  const [attempt, setAttempt] = useState(0);
  const backgroundRun = useRef<(() => Promise<void>) | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let sequence = 0;
    let lastRun = 0;
    /** A read; a failure keeps what is shown if anything is (a background read after the first). */
    const run = () => {
      const mine = ++sequence;
      lastRun = Date.now();
      return loadRef.current().then(
        (data) => {
          if (live && mine === sequence) setState({ status: 'ready', data, error: undefined });
        },
        (error: unknown) => {
          if (!live || mine !== sequence) return;
          setState((current) =>
            current.status === 'ready' ? current : { status: 'error', data: undefined, error },
          );
        },
      );
    };
    const refetch = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastRun > REFETCH_GAP_MS) run();
    };
    // What is shown is for the old key or account: the skeleton replaces it at once; the read
    // starts after the paint (the skeleton is what the paint shows).
    setState(LOADING);
    const cancelFirst = afterPaint(run);
    backgroundRun.current = run;
    window.addEventListener('focus', refetch);
    document.addEventListener('visibilitychange', refetch);
    return () => {
      live = false;
      cancelFirst();
      backgroundRun.current = null;
      window.removeEventListener('focus', refetch);
      document.removeEventListener('visibilitychange', refetch);
    };
  }, [key, userToken, userAccountType, attempt, enabled]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(() => backgroundRun.current?.(), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((current) =>
      current.status === 'ready' ? { ...current, data: change(current.data) } : current,
    );
  }, []);
  return { ...state, reload, refresh, update };
}
