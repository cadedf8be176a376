import type { Bus } from '../bus/bus';
import { SUBJECTS } from '../cluster/subjects';
import type { StoredAlert } from './store';

/**
 * What the runner needs of an engine (server/alerts/engine.ts): said here, not imported, since
 * the engine tells users through the app's state that holds this runner.
 */
type AlertEngine = {
  add(row: StoredAlert): void;
  /** Whether the engine watched it. */
  remove(id: bigint): boolean;
  settled(): Promise<void>;
};

/** An engine this app runs, and the symbols it watches (a cluster partition's; all in one process). */
type Running = { engine: AlertEngine; holds: (symbol: string) => boolean };

/** An alert committed or deleted on some node, for the engine of the partition's owner. */
type AlertChange = { op: 'add'; row: StoredAlert } | { op: 'remove'; id: bigint };

/** One app's alert runner: created with the app (server/app-state.ts), never shared with another. */
export type AlertRunner = ReturnType<typeof createAlertRunner>;

const everySymbol = () => true;

/**
 * The alert engines watching this app's alerts, for the routes that add and delete them: an
 * engine runs with the clock-driven jobs (server/jobs.ts) of a market this process owns, one per
 * trading partition it owns in a cluster. An alert added or deleted here goes to the engine of its
 * symbol's partition: this node's when it owns that partition, else the owner's over the bus, or
 * it would go unwatched (or keep firing) until the next takeover reloads the table.
 */
export function createAlertRunner(bus: Bus | null) {
  const engines = new Set<Running>();

  function added(row: StoredAlert): void {
    let heard = false;
    for (const running of engines)
      if (running.holds(row.symbol)) {
        running.engine.add(row);
        heard = true;
      }
    if (!heard) bus?.publish(SUBJECTS.alerts, { op: 'add', row } satisfies AlertChange);
  }

  function removed(id: bigint): void {
    let heard = false;
    // The route knows only the id: an engine that never watched it answers false.
    for (const running of engines) heard = running.engine.remove(id) || heard;
    if (!heard) bus?.publish(SUBJECTS.alerts, { op: 'remove', id } satisfies AlertChange);
  }

  return {
    /** Starts telling `engine` the changes to its symbols' alerts; returns the stop. */
    use(engine: AlertEngine, holds: (symbol: string) => boolean = everySymbol): () => void {
      const running = { engine, holds };
      engines.add(running);
      return () => void engines.delete(running);
    },
    /** The first engine this app runs (null: none, or they stopped). */
    engine: (): AlertEngine | null => engines.values().next().value?.engine ?? null,
    /** Resolves once every engine this app runs (one a partition it owns) saved and told its fires so far. */
    async settled(): Promise<void> {
      await Promise.all([...engines].map((running) => running.engine.settled()));
    },
    /** The engine a starting owner runs hears the changes made on the other nodes; returns the unsubscribe. */
    follow(engine: AlertEngine, holds: (symbol: string) => boolean = everySymbol): () => void {
      if (!bus) return () => undefined;
      return bus.subscribe(SUBJECTS.alerts, (message) => {
        const change = message as AlertChange;
        if (change.op === 'remove') engine.remove(change.id);
        else if (holds(change.row.symbol)) engine.add(change.row);
      });
    },
    /** A new alert, committed: watched by this node's engine of its partition, or the owner's. */
    added,
    /** An alert deleted: forgotten by the engine that watched it, here or on the owner. */
    removed,
  };
}
