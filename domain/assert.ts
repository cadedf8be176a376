/**
 * Invariants stated in code: what must hold at a point, checked there, so a broken one stops with
 * its name instead of running on with `undefined` (a bare `!` only silences the type checker).
 * Use them for what the code itself guarantees (an index below a length it just read, a key it
 * just stored); a value a user or the wire can leave out is a case to handle, not an invariant.
 */

/** The error a broken invariant throws: its message names what should have held. */
export class InvariantError extends Error {
  constructor(what: string) {
    super(`invariant broken: ${what}`);
    this.name = 'InvariantError';
  }
}

/** Throws an InvariantError naming `what` unless `condition` holds. */
export function assert(condition: unknown, what: string): asserts condition {
  if (!condition) throw new InvariantError(what);
}

/** `value` itself when it is neither null nor undefined; otherwise an InvariantError naming `what`. */
export function ensure<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new InvariantError(what);
  return value;
}
