import { orderedApplications, type Allocation, type Allotment, type Application } from './allocation';
import type { IpoError } from './errors';
import { seededUint32, uniformBelow } from './seeded-random';

/**
 * Lottery allocation (SPEC §3 "lottery count", "won"), for IPOs configured for it instead of the
 * equal split.
 *
 * - Every `ticketLots` lots asked for is one ticket: an application's lottery count is
 *   ⌊lots / ticketLots⌋ (with the default of 1, one ticket per lot). An application smaller than
 *   one ticket cannot win.
 * - The pool makes ⌊pool / ticketLots⌋ winning tickets; each winning ticket is `ticketLots` lots.
 * - With at least as many winning tickets as tickets, every ticket wins and nothing is drawn.
 * - Otherwise the winners are a uniformly random set of that many distinct tickets, drawn with the
 *   seeded generator of ./seeded-random.ts: tickets are laid out in application order (time, then
 *   id — whatever order the input came in) and drawn one at a time without replacement. When more
 *   than half the tickets win, the losers are drawn instead (a uniform set's complement is uniform),
 *   so a draw costs O(min(winners, losers) · log applicants).
 *
 * The same seed and applications give the same result on any machine: the server stores the seed
 * with the result and an audit re-runs this function.
 */

export type LotteryAllotment = Allotment & { tickets: bigint };

export type LotteryAllocation = Omit<Allocation, 'allotments'> & {
  allotments: LotteryAllotment[];
  /** What the draw picked: the winners, the losers, or nothing (every ticket won). */
  drawn: 'winners' | 'losers' | 'none';
  /** Ticket picks the draw made (min(winners, losers)), for the audit log. */
  draws: bigint;
};

export type LotteryOutcome = ({ ok: true } & LotteryAllocation) | { ok: false; error: IpoError };

/** Counts per position with O(log n) prefix search, in bigint (ticket counts outgrow doubles). */
class TicketTree {
  private readonly tree: bigint[];
  private readonly top: number;

  constructor(counts: readonly bigint[]) {
    const n = counts.length;
    this.tree = [0n, ...counts];
    for (let i = 1; i <= n; i++) {
      const parent = i + (i & -i);
      if (parent <= n) this.tree[parent] = (this.tree[parent] ?? 0n) + (this.tree[i] ?? 0n);
    }
    let top = 1;
    while (top * 2 <= n) top *= 2;
    this.top = n === 0 ? 0 : top;
  }

  /** The position holding ticket number `x` (0-based over all remaining tickets). */
  find(x: bigint): number {
    let position = 0;
    let rest = x;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = position + step;
      const count = this.tree[next];
      if (count !== undefined && count <= rest) {
        position = next;
        rest -= count;
      }
    }
    return position;
  }

  takeOne(index: number): void {
    for (let i = index + 1; i < this.tree.length; i += i & -i) this.tree[i] = (this.tree[i] ?? 0n) - 1n;
  }
}

export function lotteryAllocation(
  pool: bigint,
  applications: readonly Application[],
  seed: string,
  ticketLots = 1n,
): LotteryOutcome {
  if (ticketLots < 1n) return { ok: false, error: { key: 'FIELD_INVALID', params: { field: 'ticketLots' } } };
  const checked = orderedApplications(pool, applications);
  if (!checked.ok) return checked;
  const tickets = checked.ordered.map((a) => a.lots / ticketLots);
  const totalTickets = tickets.reduce((sum, t) => sum + t, 0n);
  const winningTickets = pool / ticketLots;

  let won: bigint[];
  let drawn: LotteryAllocation['drawn'] = 'none';
  let draws = 0n;
  if (winningTickets >= totalTickets) {
    won = tickets;
  } else {
    const losers = totalTickets - winningTickets;
    drawn = winningTickets <= losers ? 'winners' : 'losers';
    draws = drawn === 'winners' ? winningTickets : losers;
    const picked = drawTickets(tickets, totalTickets, draws, seed);
    won = drawn === 'winners' ? picked : tickets.map((t, i) => t - (picked[i] ?? 0n));
  }

  let allotted = 0n;
  const allotments = checked.ordered.map((application, i): LotteryAllotment => {
    const lots = (won[i] ?? 0n) * ticketLots;
    allotted += lots;
    return { id: application.id, requested: application.lots, tickets: tickets[i] ?? 0n, allotted: lots };
  });
  return { ok: true, allotments, allotted, unallocated: pool - allotted, drawn, draws };
}

/** `count` distinct tickets, uniformly, as picks per position. */
function drawTickets(tickets: readonly bigint[], total: bigint, count: bigint, seed: string): bigint[] {
  const below = uniformBelow(seededUint32(seed));
  const tree = new TicketTree(tickets);
  const picks = tickets.map(() => 0n);
  let remaining = total;
  for (let i = 0n; i < count; i++) {
    const index = tree.find(below(remaining));
    tree.takeOne(index);
    picks[index] = (picks[index] ?? 0n) + 1n;
    remaining -= 1n;
  }
  return picks;
}
