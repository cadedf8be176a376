/**
 * How old the server's frames are when they reach us, judged by the server's own clock.
 * Arrival alone can't tell: behind a proxy that holds every frame 2.5 s, heartbeats still come
 * once a second and the badge said "Live" over prices 2.5 s old while market orders flipped on and
 * off. The server stamps each heartbeat (`hb.t`) and answers our `ping` with its time (`pong.ts`)
 * and the ping's own send time (`echo`, our clock).
 *
 * Clocks differ, so a ping measures the skew: its pong was stamped between our send (t0 = echo)
 * and our receipt (t1), so the server's clock is ahead of ours by at most `ts − t0`. A heartbeat stamped
 * `t` and heard at `now` is therefore at most `now − t + min(ts − t0)` old: an upper bound that
 * holds whatever the clocks say and whichever way the delay is. On a normal line it exceeds the
 * true age by about the round trip; a slow line in either direction raises it.
 */

/** A ping every this often while the socket is open (one small frame each way). */
export const PING_EVERY_MS = 2_000;
/** A heartbeat that may be older than this on arrival (or a pong this late) means "delayed". */
export const LAG_LIMIT_MS = 2_000;
/**
 * Once delayed, the age must fall below this to say live again: no flicker at the limit, and a
 * steady slow line (a 1.2 s round trip bounds its age at ~1.2 s) still clears after a spike.
 */
export const LAG_CLEAR_MS = 1_500;
/** Pongs remembered: the skew bound is the tightest of these (clocks drift and jump over time). */
const SAMPLES = 8;
/**
 * While a ping is unanswered this long, another goes this often: the first pong after a stall
 * says live again, and a pong lost on the way (a proxy's fault) is made good before it could
 * pass for a slow line (a later pong answers every earlier ping).
 */
export const PING_RETRY_MS = 500;
/** Pings awaiting their pong that are remembered (a pong lost on the way must not block the rest). */
const MAX_PENDING = 8;

export class FeedLag {
  /** The newest bound on a heartbeat's age at arrival (ms); null until a pong has come. */
  age: number | null = null;
  delayed = false;
  private lastPing = Number.NEGATIVE_INFINITY;
  /** Send times of the pings not yet answered, oldest first (a pong echoes its ping's time). */
  private pending: number[] = [];
  /** `ts − echo` of the recent pongs: each is an upper bound on the server's lead over our clock. */
  private leads: number[] = [];

  /** A new connection (maybe another node, another clock): nothing measured yet. */
  reset(): void {
    this.age = null;
    this.delayed = false;
    this.lastPing = Number.NEGATIVE_INFINITY;
    this.pending = [];
    this.leads = [];
  }

  /** Whether to send a ping stamped `now` (then it counts as sent). */
  pingDue(now: number): boolean {
    const every = this.unanswered(now) >= PING_RETRY_MS ? PING_RETRY_MS : PING_EVERY_MS;
    if (now - this.lastPing < every) return false;
    this.lastPing = now;
    this.pending.push(now);
    if (this.pending.length > MAX_PENDING) this.pending.shift();
    return true;
  }

  /** A pong stamped `ts` on the server's clock, answering our ping sent at `echo` (our clock). */
  pong(ts: number, echo: number | undefined, now: number): void {
    // A node that doesn't echo (an older one during a rolling deploy) answers in order: the oldest.
    echo ??= this.pending[0];
    if (echo === undefined || !this.pending.includes(echo)) return;
    // Frames are answered in order: every ping up to this one is answered (or lost).
    this.pending = this.pending.filter((sent) => sent > echo);
    this.leads.push(ts - echo);
    if (this.leads.length > SAMPLES) this.leads.shift();
    this.judge(now - echo, now);
  }

  /** A heartbeat stamped `t` by the server arrived at `now`. */
  heartbeat(t: number, now: number): void {
    if (this.leads.length === 0) return;
    this.age = Math.max(0, now - t + Math.min(...this.leads));
    this.judge(this.age, now);
  }

  /**
   * How far the server's clock is ahead of ours, at most (ms; the tightest pong's bound), or null
   * before a pong: what a deadline on the server's clock (an option's expiry) is counted by.
   */
  get lead(): number | null {
    return this.leads.length === 0 ? null : Math.min(...this.leads);
  }

  /** A pong has come back on this connection: the line's lag is known. */
  get measured(): boolean {
    return this.leads.length > 0;
  }

  /** The watchdog's look: a ping unanswered past the limit is a slow line already. */
  check(now: number): void {
    if (this.unanswered(now) > LAG_LIMIT_MS) this.delayed = true;
  }

  private unanswered(now: number): number {
    const oldest = this.pending[0];
    return oldest === undefined ? 0 : now - oldest;
  }

  private judge(age: number, now: number): void {
    if (age > LAG_LIMIT_MS) this.delayed = true;
    else if (age < LAG_CLEAR_MS && this.unanswered(now) < LAG_CLEAR_MS) this.delayed = false;
  }
}
