import type { IpoError } from './errors';
import { minLots } from './lots';

/**
 * BIST equal distribution ("eşit dağıtım", DECISIONS §5) of an IPO's retail pool, in lots.
 *
 * 1. The pool is split equally among the applicants: share = ⌊pool / applicants⌋.
 * 2. Whoever asked for no more than the share gets exactly what they asked for and leaves.
 * 3. What is left is split equally again among the rest, and again, until everyone left asked
 *    for more than the share (or nobody is left: the pool covered all demand, and what remains
 *    of it is `unallocated`).
 * 4. Each of those left gets the share. The lots that do not divide evenly (fewer than the
 *    applicants left) go ONE LOT EACH to the applicants left, in order of application time, then
 *    of id (string order) — first come, first served, and reproducible from the stored
 *    applications alone; never pro rata (./leftover-rule.ts `application_time`, the rule the
 *    offering screen states). Nobody is pushed over their request: everyone left asked for at
 *    least share + 1.
 *
 * Satisfying one small request never lowers the share (req ≤ rest/n ⇒ (rest−req)/(n−1) ≥ rest/n),
 * so going through the requests in ascending order, one at a time, reaches the same split as the
 * rounds above, in O(n log n) — and whole groups of equal requests at once, which is what
 * `estimate.ts` uses on the live demand.
 */

export type Application = {
  id: string;
  /** Lots asked for, ≥ 1. */
  lots: bigint;
  /** Epoch ms the application was accepted: the leftover lots' order. */
  appliedAt: number;
};

export type Allotment = { id: string; requested: bigint; allotted: bigint };

export type Allocation = {
  /** In application order (time, then id), whatever order the input came in. */
  allotments: Allotment[];
  allotted: bigint;
  /** Pool lots nobody asked for (only when the pool exceeds the demand). */
  unallocated: bigint;
};

export type AllocationOutcome = ({ ok: true } & Allocation) | { ok: false; error: IpoError };

/** Applicants asking for the same number of lots. */
export type DemandGroup = { lots: bigint; applicants: bigint };

/**
 * Where the equal split settles for a demand given as groups in ascending `lots`: `share` is what
 * each applicant still unsatisfied gets (null when the pool covers everyone), `unsatisfied` how
 * many they are, `leftover` the lots (< unsatisfied) handed out one each, `unallocated` the lots
 * left when everyone is covered.
 */
export type EqualLevel = { share: bigint | null; unsatisfied: bigint; leftover: bigint; unallocated: bigint };

export function equalLevel(pool: bigint, ascending: readonly DemandGroup[]): EqualLevel {
  let rest = pool;
  let left = 0n;
  for (const group of ascending) left += group.applicants;
  for (const group of ascending) {
    // req ≤ ⌊rest/left⌋ ⇔ req·left ≤ rest; a group that fits stays fitting member by member,
    // because each satisfied member leaves the share no lower.
    if (group.lots * left > rest) {
      const share = rest / left;
      return { share, unsatisfied: left, leftover: rest - share * left, unallocated: 0n };
    }
    rest -= group.lots * group.applicants;
    left -= group.applicants;
  }
  return { share: null, unsatisfied: 0n, leftover: 0n, unallocated: rest };
}

/** Time, then id: the order leftover lots and lottery tickets follow. */
export function applicationOrder(a: Application, b: Application): number {
  if (a.appliedAt !== b.appliedAt) return a.appliedAt - b.appliedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The input checks both allocation methods share; the applications in application order. */
export function orderedApplications(
  pool: bigint,
  applications: readonly Application[],
): { ok: true; ordered: Application[] } | { ok: false; error: IpoError } {
  if (pool < 0n) return { ok: false, error: { key: 'FIELD_INVALID', params: { field: 'pool' } } };
  const seen = new Set<string>();
  for (const application of applications) {
    if (application.lots < 1n)
      return { ok: false, error: { key: 'FIELD_INVALID', params: { field: 'lots', id: application.id } } };
    if (!Number.isFinite(application.appliedAt))
      return {
        ok: false,
        error: { key: 'FIELD_INVALID', params: { field: 'appliedAt', id: application.id } },
      };
    if (seen.has(application.id))
      return { ok: false, error: { key: 'IPO_DUPLICATE_APPLICATION', params: { id: application.id } } };
    seen.add(application.id);
  }
  return { ok: true, ordered: [...applications].sort(applicationOrder) };
}

/** Requests grouped by size, ascending: the only thing the equal split depends on (bar leftovers). */
export function demandGroups(requests: Iterable<bigint>): DemandGroup[] {
  const counts = new Map<bigint, bigint>();
  for (const lots of requests) counts.set(lots, (counts.get(lots) ?? 0n) + 1n);
  return [...counts]
    .map(([lots, applicants]) => ({ lots, applicants }))
    .sort((a, b) => (a.lots < b.lots ? -1 : a.lots > b.lots ? 1 : 0));
}

export function equalDistribution(pool: bigint, applications: readonly Application[]): AllocationOutcome {
  const checked = orderedApplications(pool, applications);
  if (!checked.ok) return checked;
  const level = equalLevel(pool, demandGroups(checked.ordered.map((a) => a.lots)));
  let leftover = level.leftover;
  let allotted = 0n;
  const allotments = checked.ordered.map((application): Allotment => {
    let lots = level.share === null ? application.lots : minLots(application.lots, level.share);
    // Only the unsatisfied (asked for more than the share) are in line for a leftover lot.
    if (leftover > 0n && level.share !== null && application.lots > level.share) {
      lots += 1n;
      leftover -= 1n;
    }
    allotted += lots;
    return { id: application.id, requested: application.lots, allotted: lots };
  });
  return { ok: true, allotments, allotted, unallocated: level.unallocated };
}
