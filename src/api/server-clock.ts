/**
 * The server's time, as this device can know it. A phone's clock may be minutes fast or an hour
 * slow (set by hand, a wrong zone), and every deadline the app counts down to was set on the
 * server's clock: an exchange quote's expiry, an IPO's or ICO's subscription end, an option's
 * expiry. Counted on a clock 7 minutes fast, a fresh quote showed as expired and could never be
 * confirmed; an hour slow, it showed "valid for 3,610 s" while the server already refused it.
 *
 * Every API answer carries the server's `Date` header (standard HTTP, whole seconds). The server
 * wrote it between our send (`sentAt`) and our receipt, while its clock read [date, date + 1 s),
 * so it was ahead of ours by less than `date + 1 s − sentAt`. The smallest of these bounds over
 * the recent answers is the lead we use: never behind the server's clock, so a countdown ends no
 * later than the server's deadline (a second or a round trip early at worst, never late).
 *
 * The market-data worker bounds the same lead from its socket's pongs (workers/feed-lag.ts) for
 * what it prices there (option quotes); this one serves the page, which has answers, not pongs.
 */

/** Answers remembered: the bound is the tightest of these (clocks drift and are reset over time). */
const SAMPLES = 8;
/** `date + 1 s − sentAt` of the recent answers: each an upper bound on the server's lead over our clock. */
let leads: number[] = [];

/** An API answer with `Date` header `date` arrived for a request sent at `sentAt` (our clock). */
export function noteServerDate(date: string | null, sentAt: number, receivedAt = Date.now()): void {
  if (date === null) return;
  const stamped = Date.parse(date);
  if (Number.isNaN(stamped)) return;
  // Stamped no earlier than `stamped`, before we received it: the server leads by at least this.
  const least = stamped - receivedAt;
  // Our clock was set (jumped) since the older answers: their bounds no longer hold.
  if (leads.length > 0 && least > Math.min(...leads)) leads = [];
  leads.push(stamped + 1000 - sentAt);
  if (leads.length > SAMPLES) leads.shift();
}

/** The server's clock now (epoch ms): this device's, corrected by what the answers said; ours until one has. */
export function serverNow(now = Date.now()): number {
  return leads.length === 0 ? now : now + Math.min(...leads);
}

/** Forgets every answer (tests). */
export function resetServerClock(): void {
  leads = [];
}
