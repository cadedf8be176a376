import type { AlertFired } from '../../domain/protocol/alert-fired';
import { announceAlert, wanted, writeAlertNotice } from './deliver';
import type { AlertEngineDeps, Known } from './engine-types';
import { readSettings, saveAlertState } from './store';

export type AlertState = { armed: boolean; restingUntil: number | null; firedAt: number | null };

/**
 * Fires and re-arms, written in the order the ticks made them (one queue: a re-arm saved before
 * the fire it follows would leave the alert fired), then told. `settled` is what tests and
 * shutdown wait on.
 */
export function createSettleQueue(deps: AlertEngineDeps, known: ReadonlyMap<string, Known>) {
  const inflight = new Set<Promise<unknown>>();
  let queue: Promise<unknown> = Promise.resolve();

  function track(work: Promise<unknown>): void {
    const run = work
      .catch((error: unknown) => deps.log.error({ err: error }, 'alert not saved or told'))
      .finally(() => inflight.delete(run));
    inflight.add(run);
  }

  return {
    /** Saves the alert's new state, then (a fire) tells its owner; in order, after what came before. */
    settle(id: string, state: AlertState, fired: AlertFired | null): void {
      const meta = known.get(id);
      if (!meta) return;
      // After what came before, whether it was saved or not: chained on a refused write, every
      // later fire of this engine would be skipped, never saved nor told.
      queue = queue
        .catch(() => undefined)
        .then(async () => {
          const settings = fired ? await readSettings(deps.db, meta.owner.userId) : null;
          const told = fired && settings && wanted(settings, fired.kind) ? fired : null;
          // The fire, its message and its push commit together: an owner killed after the commit
          // leaves the push in the outbox for the next owner's sweep, and nothing is told twice.
          const notice = await deps.db.transaction(async (tx) => {
            await saveAlertState(tx, BigInt(id), state);
            return (
              told && writeAlertNotice(tx, meta.owner, told, meta.windowMinutes, deps.trading.clock.now())
            );
          });
          if (!told || !notice) return;
          announceAlert(deps.db, meta.owner, told, notice);
          track(deps.pushes.send([notice.pushId]));
        });
      track(queue);
    },
    async settled(): Promise<void> {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
  };
}
export type SettleQueue = ReturnType<typeof createSettleQueue>;
