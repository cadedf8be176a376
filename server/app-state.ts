import type { Bus } from './bus/bus';
import type { Db } from './db/client';
import { createUserEvents, type UserEvents } from './events';
import { createSessionCache, type SessionCache } from './auth/session-cache';
import { createAlertRunner, type AlertRunner } from './alerts/running';
import { randomPinKey, type PinKey } from './accounts/pin-hash';

/**
 * What one app holds in memory beside its database: the user-event bus its sockets listen to,
 * the sessions it has vouched for, its running alert engine, its PIN key and its requests in flight. Made by `buildApp`, so two apps
 * in one process (tests, a restart) share none of it.
 */
export type AppState = {
  readonly events: UserEvents;
  readonly sessions: SessionCache;
  readonly alerts: AlertRunner;
  /** The key this app hashes and verifies PINs with (its data directory's, or `PIN_KEY`). */
  readonly pinKey: PinKey;
  /** Requests running under an idempotency key here, so a copy waits on them (server/http/once.ts). */
  readonly requestsRunning: Map<string, Promise<void>>;
  /**
   * Replays running here, by user (server/replay/registry.ts, the one reader, knows their type:
   * naming it here would tie this module to the trading code a replay uses).
   */
  readonly replays: Map<bigint, unknown>;
  close(): void;
};

/**
 * A cluster node's state travels over its `bus`; without one it stays in this process. Without
 * a `pinKey` (no app, no data directory) PINs are hashed under a key of this state's own.
 */
export function createAppState(bus: Bus | null, pinKey: PinKey = randomPinKey()): AppState {
  const events = createUserEvents(bus);
  const sessions = createSessionCache(bus);
  return {
    events,
    sessions,
    alerts: createAlertRunner(bus),
    pinKey,
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
export const pinKeyOf = (db: Db): PinKey => appStateOf(db).pinKey;
