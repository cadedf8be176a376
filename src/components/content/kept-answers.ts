import { subscribe } from 'valtio';
import { session } from '../../state/session';

/**
 * The last answer of a screen's reads, kept in memory across visits (useLiveData's `keep`): a tab
 * opened again renders its content in its first render, and reads again behind it, instead of a
 * skeleton for a round trip and a second render. Each answer belongs to the account that read it
 * (the account type and its token); a sign-out or an account switch drops them all, and an answer
 * older than KEPT_FOR_MS is not shown (the screen shows its skeleton and reads as on a first visit).
 */

/** Past this, an answer is too old to show, even for a moment. */
export const KEPT_FOR_MS = 60_000;
/** The reads that keep their answer are a handful, named in code; a cap all the same. */
export const MAX_KEPT = 32;

type Kept = { owner: string; at: number; data: unknown };

const kept = new Map<string, Kept>();
let watching = false;
let watchedOwner = '';

/** Whose answers are read now: the account type and the token it reads with. */
export const ownerOf = (s: { userAccountType: string; userToken: string }): string =>
  `${s.userAccountType}|${s.userToken}`;

/** Drops every kept answer once the account the app reads with is another (or none). */
function watchSession(): void {
  if (watching) return;
  watching = true;
  watchedOwner = ownerOf(session);
  // In sync: a screen rendered right after a sign-out must not find the last account's answers.
  subscribe(
    session,
    () => {
      const owner = ownerOf(session);
      if (owner === watchedOwner) return;
      watchedOwner = owner;
      kept.clear();
    },
    true,
  );
}

/** Keeps `data` as the answer of `key` read by `owner` at `now`. */
export function keepAnswer(key: string, owner: string, data: unknown, now: number): void {
  watchSession();
  // A read that finished after its account was left is not kept for the next one.
  if (owner !== ownerOf(session)) return;
  kept.delete(key);
  kept.set(key, { owner, at: now, data });
  if (kept.size > MAX_KEPT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
}

/** The answer kept for `key` read by `owner`, if it is younger than KEPT_FOR_MS at `now`. */
export function keptAnswer<T>(key: string, owner: string, now: number): { data: T } | null {
  const entry = kept.get(key);
  if (!entry) return null;
  if (entry.owner !== owner || now - entry.at > KEPT_FOR_MS) {
    kept.delete(key);
    return null;
  }
  return { data: entry.data as T };
}

/** Forgets every kept answer. */
export function dropKeptAnswers(): void {
  kept.clear();
}
