import type { Bus } from '../bus/bus';
import { SUBJECTS } from '../cluster/subjects';
import type { StoredAlert } from './store';

/**
 * What the runner needs of an engine (server/alerts/engine.ts): said here, not imported, since
 * the engine tells users through the app's state that holds this runner.
 */
type AlertEngine = {
  add(row: StoredAlert): void;
  remove(id: bigint): void;
  settled(): Promise<void>;
};

/** An alert committed or deleted on some node, for the engine of the partition's owner. */
type AlertChange = { op: 'add'; row: StoredAlert } | { op: 'remove'; id: bigint };

/** One app's alert runner: created with the app (server/app-state.ts), never shared with another. */
export type AlertRunner = ReturnType<typeof createAlertRunner>;

/**
 * The alert engine watching this app's alerts, for the routes that add and delete them: the
 * engine runs with the clock-driven jobs (server/jobs.ts), on the process that owns the market.
 * On a cluster node (`bus`) a node that does not own the partition runs no engine, so an alert
 * added or deleted through it reaches the owner's engine over the bus, or it would go unwatched
 * (or keep firing) until the next takeover reloads the table.
 */
export function createAlertRunner(bus: Bus | null) {
  let engine: AlertEngine | null = null;

  function tell(change: AlertChange): void {
    if (engine) {
      if (change.op === 'add') engine.add(change.row);
      else engine.remove(change.id);
    } else bus?.publish(SUBJECTS.alerts, change);
  }

  return {
    /** The engine this app runs (null: none, or it stopped). */
    use(next: AlertEngine | null): void {
      engine = next;
    },
    engine: (): AlertEngine | null => engine,
    /** The engine a starting owner runs hears the changes made on the other nodes; returns the unsubscribe. */
    follow(running: AlertEngine): () => void {
      if (!bus) return () => undefined;
      return bus.subscribe(SUBJECTS.alerts, (message) => {
        const change = message as AlertChange;
        if (change.op === 'add') running.add(change.row);
        else running.remove(change.id);
      });
    },
    /** A new alert, committed: watched by this node's engine, or the owner's. */
    added: (row: StoredAlert) => tell({ op: 'add', row }),
    /** An alert deleted: forgotten by this node's engine, or the owner's. */
    removed: (id: bigint) => tell({ op: 'remove', id }),
  };
}
