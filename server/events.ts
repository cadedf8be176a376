import type { PrivateChannel } from '../domain/protocol/ws';
import type { Bus } from './bus/bus';
import { SUBJECTS } from './cluster/subjects';

/**
 * The in-process bus of per-user events (fills, balances, messages…): producers publish
 * after their write commits, the WebSocket hub delivers to that user's sockets. One process
 * needs nothing more. In a cluster (issue 19, `useEventBus`) events travel over NATS: a node
 * subscribes to a user's subject while it holds a socket of that user, so an order filled on
 * the owner reaches the user's sockets on whatever node they are.
 */
export type UserEventListener = (ch: PrivateChannel, data: unknown) => void;

const byUser = new Map<bigint, Set<UserEventListener>>();
type Carried = { ch: PrivateChannel; data: unknown };
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
    const { ch, data } = m as Carried;
    deliverToAll(ch, data);
  });
}

function listenOnBus(userId: bigint): void {
  if (!bus || busSubscriptions.has(userId)) return;
  busSubscriptions.set(
    userId,
    bus.subscribe(SUBJECTS.user(userId), (m) => {
      const { ch, data } = m as Carried;
      deliverToUser(userId, ch, data);
    }),
  );
}

/** Delivers an event to every listener of that user (synchronously without a bus); a failing listener harms no other. */
export function publishUserEvent(userId: bigint, ch: PrivateChannel, data: unknown): void {
  if (bus) bus.publish(SUBJECTS.user(userId), { ch, data } satisfies Carried);
  else deliverToUser(userId, ch, data);
}

/** An event for every signed-in user (a platform message). */
export function publishAllUsersEvent(ch: PrivateChannel, data: unknown): void {
  if (bus) bus.publish(SUBJECTS.allUsers, { ch, data } satisfies Carried);
  else deliverToAll(ch, data);
}

function deliverToUser(userId: bigint, ch: PrivateChannel, data: unknown): void {
  for (const listener of [...(byUser.get(userId) ?? [])]) deliver(listener, ch, data);
}

function deliverToAll(ch: PrivateChannel, data: unknown): void {
  for (const listeners of [...byUser.values()])
    for (const listener of [...listeners]) deliver(listener, ch, data);
}

function deliver(listener: UserEventListener, ch: PrivateChannel, data: unknown): void {
  try {
    listener(ch, data);
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
