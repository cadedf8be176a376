import type { PrivateChannel } from '../domain/protocol/ws';

/**
 * The in-process bus of per-user events (fills, balances, messages…): producers publish
 * after their write commits, the WebSocket hub delivers to that user's sockets. One process
 * needs nothing more; the scale-out path (DECISIONS §6) puts Redis or NATS pub/sub behind
 * these same two functions.
 */
export type UserEventListener = (ch: PrivateChannel, data: unknown) => void;

const byUser = new Map<bigint, Set<UserEventListener>>();

/** Delivers an event to every listener of that user, synchronously; a failing listener harms no other. */
export function publishUserEvent(userId: bigint, ch: PrivateChannel, data: unknown): void {
  for (const listener of [...(byUser.get(userId) ?? [])]) deliver(listener, ch, data);
}

/** An event for every signed-in user (a platform message). */
export function publishAllUsersEvent(ch: PrivateChannel, data: unknown): void {
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
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && byUser.get(userId) === listeners) byUser.delete(userId);
  };
}

/** How many users have listeners (leak checks). */
export function userEventListenerCount(): number {
  let count = 0;
  for (const listeners of byUser.values()) count += listeners.size;
  return count;
}
