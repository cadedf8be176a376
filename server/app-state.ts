import type { Bus } from './bus/bus';
import type { Db } from './db/client';
import { createUserEvents, type UserEvents } from './events';
import { createSessionCache, type SessionCache } from './auth/session-cache';
import { createAlertRunner, type AlertRunner } from './alerts/running';

/**
 * What one app holds in memory beside its database: the user-event bus its sockets listen to,
 * the sessions it has vouched for, its running alert engine and its requests in flight. Made by `buildApp`, so two apps
 * in one process (tests, a restart) share none of it.
 */
export type AppState = {
  readonly events: UserEvents;
  readonly sessions: SessionCache;
  readonly alerts: AlertRunner;
  /** Requests running under an idempotency key here, so a copy waits on them (server/http/once.ts). */
  readonly requestsRunning: Map<string, Promise<void>>;
  /**
   * Replays running here, by user (server/replay/registry.ts, the one reader, knows their type:
   * naming it here would tie this module to the trading code a replay uses).
   */
  readonly replays: Map<bigint, unknown>;
  close(): void;
};

/** A cluster node's state travels over its `bus`; without one it stays in this process. */
export function createAppState(bus: Bus | null): AppState {
  const events = createUserEvents(bus);
  const sessions = createSessionCache(bus);
  return {
    events,
    sessions,
    alerts: createAlertRunner(bus),
    requestsRunning: new Map(),
    replays: new Map(),
    close() {
      events.close();
      sessions.close();
    },
  };
}

/**
 * Each app's state, found from the database handle the app passes down to every route, job and
 * engine (a transaction's work reaches it through its job context, server/trading/writer.ts).
 * Keyed weakly by that handle, so it goes with the app's database and no two apps share an entry.
 */
const byDatabase = new WeakMap<Db, AppState>();

/** The app that runs on `db` now has `state` (buildApp); a later app on the same handle replaces it. */
export function bindAppState(db: Db, state: AppState): AppState {
  byDatabase.set(db, state);
  return state;
}

/**
 * The state of the app running on `db`. Code run on a database without an app (scripts, tests
 * that call a service directly) gets one of its own, in-process, kept for that handle.
 */
export function appStateOf(db: Db): AppState {
  let state = byDatabase.get(db);
  if (!state) byDatabase.set(db, (state = createAppState(null)));
  return state;
}

export const eventsOf = (db: Db): UserEvents => appStateOf(db).events;
