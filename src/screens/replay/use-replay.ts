import { useCallback, useEffect, useRef, useState } from 'react';
import { replayEndpoints } from '../../../domain/protocol/endpoints/replay';
import type { ReplayState } from '../../../domain/protocol/replay';
import { call } from '../../api/call';
import { applyFrames, type FrameView } from './frame-view';

/** How often the screen asks for the replay's state (its clock, account and frames). */
export const REPLAY_POLL_MS = 500;

export type ReplayLoad =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; state: ReplayState }
  | { status: 'ended' };

type Action = (id: string) => Promise<ReplayState>;

/**
 * A running replay: its state read every REPLAY_POLL_MS, the frames of every answer applied to the
 * view, one request at a time (an order or a control waits for the read in flight, and the read
 * after it sees what it did). `act` runs a control, an order or a cancel; its refusal comes back
 * as `refusal` and changes nothing.
 */
export function useReplay(id: string | null) {
  const [load, setLoad] = useState<ReplayLoad>({ status: 'loading' });
  const [view, setView] = useState<FrameView>({});
  const [refusal, setRefusal] = useState<unknown>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const ended = useRef(false);

  const run = useCallback(
    (action: Action, user: boolean) => {
      if (!id) return Promise.resolve();
      const next = chain.current.then(async () => {
        if (ended.current) return;
        try {
          const state = await action(id);
          setView((v) => applyFrames(v, state.frames));
          setLoad({ status: 'ready', state });
          if (user) setRefusal(null);
        } catch (error) {
          if (user) setRefusal(error);
          else setLoad((now) => (now.status === 'ready' ? now : { status: 'failed', error }));
        }
      });
      chain.current = next;
      return next;
    },
    [id],
  );

  const read = useCallback(
    () => run((rid) => call(replayEndpoints.state, { id: rid }, { silent: true }), false),
    [run],
  );

  useEffect(() => {
    if (!id) return;
    void read();
    const timer = setInterval(() => void read(), REPLAY_POLL_MS);
    return () => clearInterval(timer);
  }, [id, read]);

  const act = (action: Action) => run(action, true);
  // In the chain too: a read sent before the end must not answer after it and show the replay again.
  const end = () => {
    if (!id) return Promise.resolve();
    const next = chain.current.then(async () => {
      try {
        await call(replayEndpoints.end, { id }, { silent: true });
        ended.current = true;
        setLoad({ status: 'ended' });
      } catch (error) {
        setRefusal(error);
      }
    });
    chain.current = next;
    return next;
  };
  const retry = () => {
    setLoad({ status: 'loading' });
    void read();
  };
  return { load, view, refusal, act, end, retry };
}
