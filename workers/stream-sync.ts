/**
 * Sequence bookkeeping of one stream (DECISIONS §4): the first message after a sub is a
 * snapshot at some seq, then seq + 1 each. What to do with a message follows from its seq alone.
 */
export type Verdict = 'snapshot' | 'apply' | 'ignore' | 'duplicate' | 'gap';

export class StreamSync {
  lastSeq = -1;
  /** Waiting for a snapshot (new subscription, resync or reconnect) since this time. */
  awaiting = true;
  since = 0;
  /** When the present wait began: retries move `since`, not this (how long a stream is starved). */
  waitingSince = 0;
  private waiting = false;

  judge(seq: number, snap: boolean): Verdict {
    if (this.awaiting) return snap ? 'snapshot' : 'ignore';
    if (seq <= this.lastSeq) return 'duplicate';
    // A slow consumer is sent a fresh snapshot with a jump in seq: that is not a gap.
    if (snap) return 'snapshot';
    return seq === this.lastSeq + 1 ? 'apply' : 'gap';
  }

  accept(seq: number): void {
    this.lastSeq = seq;
    this.awaiting = false;
    this.waiting = false;
  }

  /** Forget the position: only a snapshot is accepted from now on. */
  await(now: number): void {
    if (!this.waiting) this.waitingSince = now;
    this.waiting = true;
    this.awaiting = true;
    this.since = now;
  }
}
