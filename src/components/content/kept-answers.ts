import { subscribe } from 'valtio';
import { session } from '../../state/session';
import { ownerOf } from './account-owner';

/**
 * The last answer of a screen's reads, kept in memory across visits (useLiveData's `keep`): a tab
 * opened again renders its content in its first render, and reads again behind it, instead of a
 * skeleton for a round trip and a second render. The answers belong to the account that read them
 * (the account type and its token): a sign-out or an account switch drops them all, and an answer
 * older than KEPT_FOR_MS is not shown (the screen shows its skeleton and reads as on a first visit).
 * One answer a key, and the keys are the few reads that ask to keep, written in code (Home's lists,
 * the portfolio's balances, contracts and rules; the spot ticket's pairs, coin wallet and a pair's
 * open and finished orders, one key each per pair, so at most twice the broker's list of pairs):
 * the map holds no more than those.
 */

/** Past this, an answer is too old to show, even for a moment. */
export const KEPT_FOR_MS = 60_000;

const kept = new Map<string, { at: number; data: unknown }>();
/** The account the kept answers belong to; '' before the first is kept. */
let keptFor = '';

// In sync: a screen rendered right after a sign-out must not find the last account's answers.
subscribe(
  session,
  () => {
    if (keptFor !== ownerOf(session)) dropKeptAnswers();
  },
  true,
);

/** Keeps `data` as the answer of `key` read by `owner` at `now`. */
export function keepAnswer(key: string, owner: string, data: unknown, now: number): void {
  // A read that finished after its account was left is not kept for the next one.
  if (owner !== ownerOf(session)) return;
  if (owner !== keptFor) dropKeptAnswers();
  keptFor = owner;
  kept.set(key, { at: now, data });
}

/** The answer kept for `key` read by `owner`, if it is at most KEPT_FOR_MS old at `now`. */
export function keptAnswer<T>(key: string, owner: string, now: number): { data: T } | null {
  const entry = owner === keptFor ? kept.get(key) : undefined;
  return entry && now - entry.at <= KEPT_FOR_MS ? { data: entry.data as T } : null;
}

/** Forgets every kept answer. */
export function dropKeptAnswers(): void {
  kept.clear();
  keptFor = '';
}
