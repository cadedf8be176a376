import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { ownerOf } from './account-owner';
import type * as Kept from './kept-answers';

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
const ready = <T>(data: T): LiveState<T> => ({ status: 'ready', data, error: undefined });

/**
 * The kept answers' module, loaded with the first answer to keep: a first load has nothing kept
 * to show, so it carries none of it, and by a screen's next visit it is here.
 */
let kept: typeof Kept | null = null;
const keptModule = () => import('./kept-answers').then((module) => (kept = module));

export type LiveOptions = {
  /**
   * Keeps the last answer across visits (kept-answers.ts): a screen opened again shows it in its
   * first render and reads again behind it, as a refresh does. For the few reads of the screens
   * people go back and forth to (Home's lists and portfolio). The kept answers' module loads with
   * the first answer to keep; a function (one for the page's life: it is the effect's dependency)
   * says when instead: the spot ticket's largest paint, which the module's request otherwise
   * counted toward.
   */
  keep?: boolean | ((keep: () => void) => unknown);
  /** The clock the kept answers' age is read on. */
  now?: () => number;
};

/**
 * Runs `start` once the next frame has painted, or at once in a hidden page (which paints no frame).
 * React runs the effects of a tap's update before the browser paints it, and starting a screen's
 * requests costs the main thread (~90 ms of a tab switch on a 4× slowed CPU: six fetch calls and
 * their loaders), so the new screen's skeleton waited for them. Returns a cancel.
 */
export function afterPaint(start: () => void): () => void {
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
export function useLiveData<T>(
  key: string,
  load: () => Promise<T>,
  enabled = true,
  { keep = false, now = Date.now }: LiveOptions = {},
): LiveData<T> {
  const latest = useRef({ load, now });
  useLayoutEffect(() => {
    latest.current = { load, now };
  });
  const { userToken, userAccountType } = useSnapshot(session);
  const owner = ownerOf({ userAccountType, userToken });
  const [state, setState] = useState<LiveState<T>>(() => {
    const found = keep && enabled ? kept?.keptAnswer<T>(key, owner, latest.current.now()) : null;
    return found ? ready(found.data) : LOADING;
  });
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
      return latest.current.load().then(
        (data) => {
          if (!live || mine !== sequence) return;
          setState(ready(data));
          const keepIt = () =>
            void keptModule().then((m) => m.keepAnswer(key, owner, data, latest.current.now()));
          if (keep === true) keepIt();
          else if (keep) keep(keepIt);
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
    // What is shown is for the old key or account: the skeleton (or this one's kept answer)
    // replaces it at once; the read starts after the paint (the skeleton is what the paint shows).
    const found = keep ? kept?.keptAnswer<T>(key, owner, latest.current.now()) : null;
    setState((current) =>
      !found
        ? LOADING
        : current.status === 'ready' && current.data === found.data
          ? current
          : ready(found.data),
    );
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
  }, [key, owner, attempt, enabled, keep]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(() => backgroundRun.current?.(), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((current) =>
      current.status === 'ready' ? { ...current, data: change(current.data) } : current,
    );
  }, []);
  return { ...state, reload, refresh, update };
}
