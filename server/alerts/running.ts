import type { Bus } from '../bus/bus';
import { SUBJECTS } from '../cluster/subjects';
import type { Db } from '../db/client';
import type { AlertEngine } from './engine';
import type { StoredAlert } from './store';

/**
 * The alert engine watching a database's alerts, for the routes that add and delete them: the
 * engine runs with the clock-driven jobs (server/jobs.ts), on the process that owns the market.
 * Keyed by the database so several apps in one process (tests) each reach their own.
 */
const engines = new WeakMap<Db, AlertEngine>();

export function setAlertEngine(db: Db, engine: AlertEngine | null): void {
  if (engine) engines.set(db, engine);
  else engines.delete(db);
}

export function alertEngineOf(db: Db): AlertEngine | null {
  return engines.get(db) ?? null;
}

/** An alert committed or deleted on some node, for the engine of the partition's owner. */
type AlertChange = { op: 'add'; row: StoredAlert } | { op: 'remove'; id: bigint };

let bus: Bus | null = null;

/**
 * A cluster's bus (server/main.ts): a node that does not own the partition runs no engine, so an
 * alert added or deleted through it reaches the owner's engine over the bus, or it would go
 * unwatched (or keep firing) until the next takeover reloads the table.
 */
export function useAlertBus(next: Bus | null): void {
  bus = next;
}

/** The engine a starting owner runs hears the changes made on the other nodes; returns the unsubscribe. */
export function followAlertChanges(engine: AlertEngine): () => void {
  if (!bus) return () => undefined;
  return bus.subscribe(SUBJECTS.alerts, (message) => {
    const change = message as AlertChange;
    if (change.op === 'add') engine.add(change.row);
    else engine.remove(change.id);
  });
}

function tell(db: Db, change: AlertChange): void {
  const engine = engines.get(db);
  if (engine) {
    if (change.op === 'add') engine.add(change.row);
    else engine.remove(change.id);
  } else bus?.publish(SUBJECTS.alerts, change);
}

/** A new alert, committed: watched by this node's engine, or the owner's. */
export const alertAdded = (db: Db, row: StoredAlert) => tell(db, { op: 'add', row });
/** An alert deleted: forgotten by this node's engine, or the owner's. */
export const alertRemoved = (db: Db, id: bigint) => tell(db, { op: 'remove', id });
