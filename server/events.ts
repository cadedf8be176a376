import type { PrivateChannel } from '../domain/protocol/ws';
import type { AccountType } from './auth/session';
import type { Bus } from './bus/bus';
import { SUBJECTS } from './cluster/subjects';

/**
 * The in-process bus of per-user events (fills, balances, messages…): producers publish
 * after their write commits, the WebSocket hub delivers to that user's sockets. One process
 * needs nothing more. In a cluster (`useEventBus`) events travel over NATS: a node
 * subscribes to a user's subject while it holds a socket of that user, so an order filled on
 * the owner reaches the user's sockets on whatever node they are.
 */
export type UserEventListener = {
  /** The account the listening session signed in to: it hears that account's events only. */
  readonly accountType: AccountType;
  event(ch: PrivateChannel, data: unknown): void;
  /** Some of the user's sessions ended (logout, password change, disabling): is this one still valid? */
  sessionsEnded(): void;
};

/**
 * Whose event it is: a user's real or demo account, or both (`accountType` null: their KYC
 * result, a support reply, an operator's message). A demo order's fill never reaches a socket
 * signed in to the real account, nor the other way round.
 */
export type EventAudience = { readonly userId: bigint; readonly accountType: AccountType | null };

const byUser = new Map<bigint, Set<UserEventListener>>();
type Carried =
  { ch: PrivateChannel; data: unknown; accountType: AccountType | null } | { sessionsEnded: true };
let bus: Bus | null = null;
const busSubscriptions = new Map<bigint, () => void>();
let offAllUsers: (() => void) | null = null;

/**
 * Sends this process's events through `next` (null: back to in-process). Users who already
 * have listeners are subscribed at once.
 */
export function useEventBus(next: Bus | null): void {
  for (const off of busSubscriptions.values()) off();
  busSubscriptions.clear();
  offAllUsers?.();
  offAllUsers = null;
  bus = next;
  if (!next) return;
  for (const userId of byUser.keys()) listenOnBus(userId);
  offAllUsers = next.subscribe(SUBJECTS.allUsers, (m) => {
    const { ch, data } = m as { ch: PrivateChannel; data: unknown };
    deliverToAll(ch, data);
  });
}

function listenOnBus(userId: bigint): void {
  if (!bus || busSubscriptions.has(userId)) return;
  busSubscriptions.set(
    userId,
    bus.subscribe(SUBJECTS.user(userId), (m) => deliverToUser(userId, m as Carried)),
  );
}

/** Delivers an event to the listeners of that user's account (synchronously without a bus); a failing listener harms no other. */
export function publishUserEvent(to: EventAudience, ch: PrivateChannel, data: unknown): void {
  const carried: Carried = { ch, data, accountType: to.accountType };
  if (bus) bus.publish(SUBJECTS.user(to.userId), carried);
  else deliverToUser(to.userId, carried);
}

/**
 * Some of the user's sessions have ended, committed: each of their sockets asks whether its own
 * session is still valid, on whatever node it is, and a socket whose token ended hears nothing more.
 */
export function publishSessionsEnded(userId: bigint): void {
  const carried: Carried = { sessionsEnded: true };
  if (bus) bus.publish(SUBJECTS.user(userId), carried);
  else deliverToUser(userId, carried);
}

/** An event for every signed-in user (a platform message). */
export function publishAllUsersEvent(ch: PrivateChannel, data: unknown): void {
  if (bus) bus.publish(SUBJECTS.allUsers, { ch, data });
  else deliverToAll(ch, data);
}

function deliverToUser(userId: bigint, carried: Carried): void {
  for (const listener of [...(byUser.get(userId) ?? [])]) {
    if ('sessionsEnded' in carried) guarded(() => listener.sessionsEnded());
    else if (carried.accountType === null || carried.accountType === listener.accountType)
      guarded(() => listener.event(carried.ch, carried.data));
  }
}

function deliverToAll(ch: PrivateChannel, data: unknown): void {
  for (const listeners of [...byUser.values()])
    for (const listener of [...listeners]) guarded(() => listener.event(ch, data));
}

function guarded(deliver: () => void): void {
  try {
    deliver();
  } catch {
    // A consumer's failure is its own; the producer's write has already happened.
  }
}

/** Listens to one user's events; returns the unsubscribe. */
export function subscribeUserEvents(userId: bigint, listener: UserEventListener): () => void {
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
}

/** How many users have listeners (leak checks). */
export function userEventListenerCount(): number {
  let count = 0;
  for (const listeners of byUser.values()) count += listeners.size;
  return count;
}
