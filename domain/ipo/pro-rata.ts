import { orderedApplications, type Allotment, type Application, type AllocationOutcome } from './allocation';
import { sumLots } from './lots';

/**
 * Pro-rata allocation of a pool of lots, as institutional tranches (offline subscription) are
 * allocated: undersubscribed, everyone gets what they asked for and the rest is `unallocated`;
 * oversubscribed, each gets ⌊request × pool / demand⌋ and the lots those floors leave (fewer than
 * the applicants) go ONE LOT EACH to the largest remainders (request × pool mod demand), ties in
 * application order (time, then id). A floor below request × pool / demand is below the request,
 * so a leftover lot never pushes anyone over what they asked for; the leftover lots are the sum
 * of the fractions, so there are always enough non-zero remainders to take them
 * (./leftover-rule.ts `largest_remainder`: the institutional tranche's rule, not the retail one's).
 */
export function proRataAllocation(pool: bigint, applications: readonly Application[]): AllocationOutcome {
  const checked = orderedApplications(pool, applications);
  if (!checked.ok) return checked;
  const ordered = checked.ordered;
  const demand = sumLots(ordered.map((a) => a.lots));
  if (demand <= pool) {
    const allotments = ordered.map((a): Allotment => ({ id: a.id, requested: a.lots, allotted: a.lots }));
    return { ok: true, allotments, allotted: demand, unallocated: pool - demand };
  }
  const floors = ordered.map((a) => (a.lots * pool) / demand);
  let leftover = pool - sumLots(floors);
  const byRemainder = ordered
    .map((a, index) => ({ index, remainder: (a.lots * pool) % demand }))
    // Stable sort: equal remainders keep application order.
    .sort((x, y) => (x.remainder > y.remainder ? -1 : x.remainder < y.remainder ? 1 : 0));
  const extra = new Set<number>();
  for (const { index } of byRemainder) {
    if (leftover === 0n) break;
    extra.add(index);
    leftover -= 1n;
  }
  const allotments = ordered.map((a, index): Allotment => ({
    id: a.id,
    requested: a.lots,
    allotted: (floors[index] ?? 0n) + (extra.has(index) ? 1n : 0n),
  }));
  return { ok: true, allotments, allotted: pool, unallocated: 0n };
}
