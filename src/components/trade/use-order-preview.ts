import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/request';
import { useErrorText } from '../content/state-views';

/** How long the ticket waits after the order last changed (a keystroke) before it asks its cost. */
export const PREVIEW_DEBOUNCE_MS = 350;

/**
 * Where the broker's price of an order stands; `last` keeps the answer for the same order while
 * it is asked again (the sheet opening on a book that may have moved), never another order's.
 */
export type PreviewState<T> =
  | { status: 'loading'; last: T | null }
  | { status: 'ready'; data: T; key: string }
  | { status: 'failed'; reason: string };

/**
 * The broker's preview of the order the ticket holds now (the /preview calls: the placing code's
 * own figures, nothing written). Asked PREVIEW_DEBOUNCE_MS after the order last changed, so typing
 * a quantity asks once; asked again at once when `fresh` turns on (the confirm sheet opens on a
 * book that may have moved since). An answer to an order changed since is dropped. Null while
 * there is no complete order to price. A failed preview says why and never blocks the order.
 */
export function useOrderPreview<R, T>(
  request: R | null,
  load: (request: R) => Promise<T>,
  fresh: boolean,
): PreviewState<T> | null {
  const errorText = useErrorText();
  const key = request === null ? null : JSON.stringify(request);
  const [state, setState] = useState<PreviewState<T> | null>(null);
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The newest loader and texts, read when the timer fires (a closure would hold the first ones).
  const latest = useRef({ load, errorText });
  latest.current = { load, errorText };

  const ask = (order: string | null, delay: number) => {
    const n = ++asked.current;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (order === null) return setState(null);
    setState((before) => ({
      status: 'loading',
      last: before?.status === 'ready' && before.key === order ? before.data : null,
    }));
    timer.current = setTimeout(() => {
      latest.current.load(JSON.parse(order) as R).then(
        (data) => {
          if (n === asked.current) setState({ status: 'ready', data, key: order });
        },
        (error: unknown) => {
          // An ended session is the app's to handle (it signs out), not this preview's.
          if (n !== asked.current || (isApiError(error) && error.kind === 'session')) return;
          setState({ status: 'failed', reason: latest.current.errorText(error) });
        },
      );
    }, delay);
  };

  useEffect(() => {
    ask(key, PREVIEW_DEBOUNCE_MS);
    // Asked once per order: the order's content, not a new `ask`, says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    if (fresh) ask(key, 0);
    // Only the sheet opening asks at once; the order's changes are the effect above's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh]);
  useEffect(
    () => () => {
      asked.current++;
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return state;
}
