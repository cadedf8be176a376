import { BusTimeout, type Bus } from '../bus/bus';
import type { OwnerName } from './owner';
import { unwrap } from './rpc';

const REQUEST_MS = 5_000;
/** The partition moved away from the node asked before it answered. */
const MOVED = Symbol('moved');
/** Between two asks when nobody serves the name (the owner is starting, or gone). */
const NO_OWNER_RETRY_MS = 100;

/**
 * Asks the partition's owner by name until REQUEST_MS pass (a follower's mirror reads its market
 * this way: mirror-market.ts). A read is safe to ask again: when the partition moves away from
 * the node asked (stopped without dying, and taken over), the new owner is asked at once instead
 * of the wait running out on the old one.
 */
export async function askOwner(
  bus: Bus,
  owner: OwnerName,
  subject: (owner: string) => string,
  data: unknown,
): Promise<unknown> {
  const deadline = Date.now() + REQUEST_MS;
  let name = await owner.current();
  for (;;) {
    try {
      if (name === null) throw new BusTimeout(subject('none'), false);
      const watch = owner.movedFrom(name);
      try {
        const answer = await Promise.race([
          bus.request(subject(name), data, deadline - Date.now()),
          watch.moved.then(() => MOVED),
        ]);
        if (answer !== MOVED) return unwrap(answer);
      } finally {
        watch.cancel();
      }
      const next = await owner.current();
      if (next === name || Date.now() >= deadline) throw new BusTimeout(subject(name), true);
      name = next;
    } catch (error) {
      if (!(error instanceof BusTimeout) || error.delivered) throw error;
      if (Date.now() + NO_OWNER_RETRY_MS >= deadline) throw error;
      // Nobody serves that name (the owner is starting, or gone): who owns the partition now?
      await new Promise((r) => setTimeout(r, NO_OWNER_RETRY_MS));
      name = await owner.reread();
    }
  }
}
