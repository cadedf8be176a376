import { useCallback, useEffect, useRef, useState } from 'react';
import { replayEndpoints } from '../../../domain/protocol/endpoints/replay';
import type { ReplayPatch, ReplayView } from '../../../domain/market-data/replay-feed';
import type { ReplayState } from '../../../domain/protocol/replay';
import { call } from '../../api/call';
import { ApiError } from '../../api/request';
import { followReplay, refreshReplay } from '../../market/replay-feed';

export type ReplayLoad =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; state: ReplayView }
  | { status: 'ended' };

type Action = (id: string) => Promise<ReplayState>;

/** What a patch from the worker makes of the screen, given what it showed. */
function nextLoad(now: ReplayLoad, patch: ReplayPatch): ReplayLoad {
  const shown = now.status === 'ready';
  if (patch.ended && shown) return { status: 'ended' };
  if (patch.view) return { status: 'ready', state: patch.view };
  if (patch.failed !== null && !shown)
    return { status: 'failed', error: new ApiError('business', '', { key: patch.failed }) };
  return now;
}

/**
 * A running replay, followed by the market-data worker: its state (clock, account) comes with the
 * patch that brings its frames into the chart, book and tape, so the clock shown is never behind
 * what they show. `act` runs a control, an order or a cancel, one at a time, then has the worker
 * read the replay again; a refusal comes back as `refusal` and changes nothing.
 */
export function useReplay(id: string | null) {
  const [load, setLoad] = useState<ReplayLoad>({ status: 'loading' });
  const [refusal, setRefusal] = useState<unknown>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const stop = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!id) return;
    setLoad({ status: 'loading' });
    const unfollow = followReplay(id, (patch) => setLoad((now) => nextLoad(now, patch)));
    stop.current = unfollow;
    return () => {
      stop.current = null;
      unfollow();
    };
  }, [id]);

  const run = useCallback(
    (step: (rid: string) => Promise<void>) => {
      if (!id) return Promise.resolve();
      const next = chain.current.then(() => step(id));
      chain.current = next;
      return next;
    },
    [id],
  );

  const act = (action: Action) =>
    run(async (rid) => {
      if (!stop.current) return;
      try {
        await action(rid);
        setRefusal(null);
      } catch (error) {
        setRefusal(error);
      }
      refreshReplay();
    });
  // Ended, the screen stops following at once: a read answered later must not show the replay again.
  const end = () =>
    run(async (rid) => {
      try {
        await call(replayEndpoints.end, { id: rid }, { silent: true });
        stop.current?.();
        stop.current = null;
        setLoad({ status: 'ended' });
      } catch (error) {
        setRefusal(error);
      }
    });
  const retry = () => {
    setLoad({ status: 'loading' });
    refreshReplay();
  };
  return { load, refusal, act, end, retry };
}
