import { equalLevel, type DemandGroup } from './allocation';
import { minLots } from './lots';

/**
 * The expected-lots estimate shown before applying, from the live demand: the lots
 * equal distribution would give this user if the subscription closed right after their
 * application — the same `equalLevel` as ./allocation.ts, with the user added as the latest
 * applicant. The latest applicant is last in line for the leftover lots, and leftovers are
 * fewer than the applicants short of their request, so they never reach the user: the estimate
 * is min(request, share). Later applicants can only lower it.
 *
 * Equal distribution depends only on how many applicants asked for how many lots, so the server
 * can publish the demand as groups (request size → applicants) and the screen recompute the
 * estimate for each amount the user types, in O(groups).
 */
export function expectedLots(pool: bigint, others: readonly DemandGroup[], mine: bigint): bigint | null {
  if (pool < 0n || mine < 1n) return null;
  if (others.some((group) => group.lots < 1n || group.applicants < 0n)) return null;
  const merged = new Map<bigint, bigint>([[mine, 1n]]);
  for (const group of others) merged.set(group.lots, (merged.get(group.lots) ?? 0n) + group.applicants);
  const ascending = [...merged]
    .map(([lots, applicants]) => ({ lots, applicants }))
    .sort((a, b) => (a.lots < b.lots ? -1 : a.lots > b.lots ? 1 : 0));
  const level = equalLevel(pool, ascending);
  return level.share === null ? mine : minLots(mine, level.share);
}

/**
 * When only the number of applicants is known: the lots the user gets at least, whatever the
 * others asked for. The first round's share ⌊pool / (applicants + 1)⌋ never falls in later rounds,
 * so min(request, that share) is a floor under `expectedLots`.
 */
export function expectedLotsAtLeast(pool: bigint, applicants: bigint, mine: bigint): bigint | null {
  if (pool < 0n || mine < 1n || applicants < 0n) return null;
  return minLots(mine, pool / (applicants + 1n));
}
