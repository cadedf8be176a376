import type { Db } from '../db/client';
import type { AlertEngine } from './engine';

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
