import { encodePrivateData, type PrivateChannel } from '../domain/protocol/ws';
import type { AccountType } from './auth/session-types';
import type { Bus } from './bus/bus';
import { SUBJECTS } from './cluster/subjects';

/**
 * The in-process bus of per-user events (fills, balances, messages…): producers publish
 * after their write commits, the WebSocket hub delivers to that user's sockets. One process
 * needs nothing more. On a cluster node (the app's bus) events travel over NATS: a node
 * subscribes to a user's subject while it holds a socket of that user, so an order filled on
 * the owner reaches the user's sockets on whatever node they are.
 */
export type UserEventListener = {
  /** The account the listening session signed in to: it hears that account's events only. */
  readonly accountType: AccountType;
  /** An event on `ch`, its payload already the wire's text (`encodePrivateData`, once a publish). */
  event(ch: PrivateChannel, dataText: string): void;
  /** Some of the user's sessions ended (logout, password change, disabling): is this one still valid? */
  sessionsEnded(): void;
};

/**
 * Whose event it is: a user's real or demo account, or both (`accountType` null: their KYC
 * result, a support reply, an operator's message). A demo order's fill never reaches a socket
 * signed in to the real account, nor the other way round.
 */
export type EventAudience = { readonly userId: bigint; readonly accountType: AccountType | null };

/** A platform event for every signed-in user, as the bus carries it. */
type ToAll = { ch: PrivateChannel; text: string };

type Carried =
  { ch: PrivateChannel; text: string; accountType: AccountType | null } | { sessionsEnded: true };

/** One app's user-event bus: created with the app (server/app-state.ts), never shared with another. */
export type UserEvents = ReturnType<typeof createUserEvents>;

/**
 * An app's per-user events, through `bus` when it is a cluster node (null: in-process). Users
 * who listen are subscribed to their subject while they do; `close` drops every subscription.
 */
export function createUserEvents(bus: Bus | null) {
  const byUser = new Map<bigint, Set<UserEventListener>>();
  const busSubscriptions = new Map<bigint, () => void>();
  const offAllUsers = bus?.subscribe(SUBJECTS.allUsers, (m) => deliverToAll(m as ToAll));

  function listenOnBus(userId: bigint): void {
    if (!bus || busSubscriptions.has(userId)) return;
    busSubscriptions.set(
      userId,
      bus.subscribe(SUBJECTS.user(userId), (m) => deliverToUser(userId, m as Carried)),
    );
  }

  function carry(userId: bigint, carried: Carried): void {
    if (bus) bus.publish(SUBJECTS.user(userId), carried);
    else deliverToUser(userId, carried);
  }

  function deliverToUser(userId: bigint, carried: Carried): void {
    for (const listener of [...(byUser.get(userId) ?? [])]) {
      if ('sessionsEnded' in carried) guarded(() => listener.sessionsEnded());
      else if (carried.accountType === null || carried.accountType === listener.accountType)
        guarded(() => listener.event(carried.ch, carried.text));
    }
  }

  function deliverToAll({ ch, text }: ToAll): void {
    for (const listeners of [...byUser.values()])
      for (const listener of [...listeners]) guarded(() => listener.event(ch, text));
  }

  return {
    /** Delivers an event to the listeners of that user's account (synchronously without a bus), encoded once here, not again per socket or node; a failing listener harms no other. */
    publish(to: EventAudience, ch: PrivateChannel, data: unknown): void {
      carry(to.userId, { ch, text: encodePrivateData(data), accountType: to.accountType });
    },
    /**
     * Some of the user's sessions have ended, committed: each of their sockets asks whether its own
     * session is still valid, on whatever node it is, and a socket whose token ended hears nothing more.
     */
    sessionsEnded(userId: bigint): void {
      carry(userId, { sessionsEnded: true });
    },
    /** An event for every signed-in user (a platform message). */
    publishToAll(ch: PrivateChannel, data: unknown): void {
      const toAll: ToAll = { ch, text: encodePrivateData(data) };
      if (bus) bus.publish(SUBJECTS.allUsers, toAll);
      else deliverToAll(toAll);
    },
    /** Listens to one user's events; returns the unsubscribe. */
    subscribe(userId: bigint, listener: UserEventListener): () => void {
      let listeners = byUser.get(userId);
      if (!listeners) byUser.set(userId, (listeners = new Set()));
      listeners.add(listener);
      listenOnBus(userId);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byUser.get(userId) === listeners) {
          byUser.delete(userId);
          busSubscriptions.get(userId)?.();
          busSubscriptions.delete(userId);
        }
      };
    },
    /** How many listeners there are (leak checks). */
    listenerCount(): number {
      let count = 0;
      for (const listeners of byUser.values()) count += listeners.size;
      return count;
    },
    /** The app closed: its bus subscriptions go (its sockets are closed by then). */
    close(): void {
      for (const off of busSubscriptions.values()) off();
      busSubscriptions.clear();
      offAllUsers?.();
    },
  };
}

function guarded(deliver: () => void): void {
  try {
    deliver();
  } catch {
    // A consumer's failure is its own; the producer's write has already happened.
  }
}
