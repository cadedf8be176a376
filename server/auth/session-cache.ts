import type { Bus } from '../bus/bus';
import { SUBJECTS } from '../cluster/subjects';
import type { AccountType, Session } from './session-types';

/**
 * Sessions the database has vouched for, remembered briefly so an order does not pay a query
 * (and, on PGlite's one connection, a wait behind the running order batch) to prove who sent it:
 * that lookup was the largest single cost per order at 500 orders/s.
 *
 * What keeps it honest:
 * - every hit checks the session's own expiry against the clock, so expiry is exact;
 * - every way this process ends sessions (logout, password change or reset, disabling a user)
 *   forgets that user's entries at once, and a lookup that raced with the revocation is not kept
 *   (`revocations` changed while it ran), nor is any lookup for that user for `HOLD_MS` after it,
 *   which covers a revocation still inside its uncommitted transaction;
 * - an entry is re-checked against the database after `RECHECK_MS`, which bounds how long a change
 *   made outside this process (SQL by hand, another process on the same PostgreSQL) goes unseen.
 */
const RECHECK_MS = 2_000;
const HOLD_MS = 5_000;
/** Tokens are random and never reused, so a bound only keeps memory flat under many sign-ins. */
const MAX_ENTRIES = 10_000;

type Entry = {
  session: Session;
  expiresAt: number;
  checkedAt: number;
};

export type Lookup = { userId: bigint; accountType: AccountType; expiresAt: Date };

/** One app's cache: created with the app (server/app-state.ts), so two apps never vouch for each other's tokens. */
export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * In a cluster (`bus`) every node forgets a user's cached sessions when any node ends one:
 * a token revoked on one node is refused on all at once, not after `RECHECK_MS`.
 */
export function createSessionCache(bus: Bus | null, clock: { now(): number } = Date) {
  const entries = new Map<string, Entry>();
  const heldUntil = new Map<bigint, number>();
  let revocations = 0;

  function forgetLocally(userId: bigint, now: number): void {
    revocations++;
    if (heldUntil.size >= MAX_ENTRIES)
      for (const [id, until] of heldUntil) if (until <= now) heldUntil.delete(id);
    heldUntil.set(userId, now + HOLD_MS);
    for (const [hash, entry] of entries) if (entry.session.userId === userId) entries.delete(hash);
  }

  const offForget = bus?.subscribe(SUBJECTS.sessionsForget, (m) => {
    const { userId } = m as { userId: bigint };
    forgetLocally(userId, clock.now());
  });

  return {
    /** The cached session for a token hash, or undefined when the database has to be asked. */
    cached(tokenHash: string, now: number): Session | 'expired' | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(tokenHash);
        return 'expired';
      }
      if (now - entry.checkedAt >= RECHECK_MS) return undefined;
      return entry.session;
    },
    /** A mark taken before asking the database, handed back to `remember`. */
    revocationMark(): number {
      return revocations;
    },
    /** Keeps what the database answered, unless a revocation happened while it was being asked. */
    remember(tokenHash: string, found: Lookup, mark: number, now: number): void {
      if (mark !== revocations) return;
      const held = heldUntil.get(found.userId);
      if (held !== undefined) {
        if (held > now) return;
        heldUntil.delete(found.userId);
      }
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.delete(tokenHash); // re-insert so the oldest entries are the first evicted
      entries.set(tokenHash, {
        session: { userId: found.userId, accountType: found.accountType },
        expiresAt: found.expiresAt.getTime(),
        checkedAt: now,
      });
    },
    /** Some of this user's sessions are ending: the next requests ask the database again, on every node. */
    forgetUser(userId: bigint, now = clock.now()): void {
      forgetLocally(userId, now);
      bus?.publish(SUBJECTS.sessionsForget, { userId });
    },
    /** The app closed: it stops hearing other nodes' revocations. */
    close(): void {
      offForget?.();
    },
  };
}
