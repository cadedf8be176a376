import { describe, expect, it } from 'vitest';
import { FeedLag, LAG_LIMIT_MS, PING_EVERY_MS, PING_RETRY_MS } from './feed-lag';

/**
 * A line between our clock and the server's: `skew` = how far the server's clock is ahead of ours,
 * `up`/`down` = how long a frame takes each way. Times below are our clock unless named.
 */
function line(skew: number, up: number, down: number) {
  const lag = new FeedLag();
  return {
    lag,
    /** A ping sent at `at`, answered as the server would, the pong arriving `down` later. */
    roundTrip(at: number): number {
      expect(lag.pingDue(at)).toBe(true);
      const serverTs = at + up + skew;
      const arrives = at + up + down;
      lag.pong(serverTs, at, arrives);
      return arrives;
    },
    /** A heartbeat the server stamps at our time `sent`, arriving `down` later. */
    heartbeat(sent: number): void {
      lag.heartbeat(sent + skew, sent + down);
    },
  };
}

describe('feed lag from the server clock', () => {
  // A 40 ms line each way: the pong says the server is at most ts − t0 = 40 + skew ahead, so a
  // heartbeat 40 ms on the way is at most 40 + 40 = 80 ms old whatever the clocks' skew.
  it.each([0, 3_600_000, -3_600_000, 1_234])('a fast line is live whatever the skew (%i ms)', (skew) => {
    const { lag, roundTrip, heartbeat } = line(skew, 40, 40);
    expect(lag.measured).toBe(false);
    roundTrip(1_000);
    expect(lag.measured).toBe(true);
    heartbeat(1_500);
    expect(lag.age).toBe(80);
    expect(lag.delayed).toBe(false);
  });

  // Frames held 2.5 s on the way down, pings pass at once: lead bound = (t0 + skew) − t0 = skew,
  // heartbeat age bound = 2,500 − skew + skew = 2,500 (exact: the delay is all one way).
  it('a line that holds frames 2.5 s on the way down is delayed', () => {
    const { lag, roundTrip, heartbeat } = line(-7_000, 0, 2_500);
    roundTrip(0);
    expect(lag.delayed).toBe(true); // the round trip alone was 2.5 s
    heartbeat(3_000);
    expect(lag.age).toBe(2_500);
    expect(lag.delayed).toBe(true);
  });

  // 2.5 s each way: lead bound = 2,500 + skew; heartbeat bound = 2,500 + 2,500 = 5,000.
  it('a line slow both ways is delayed, and its bound is at most the round trip over the age', () => {
    const { lag, roundTrip, heartbeat } = line(500, 2_500, 2_500);
    roundTrip(0);
    heartbeat(6_000);
    expect(lag.age).toBe(5_000);
    expect(lag.delayed).toBe(true);
  });

  it('a ping unanswered past the limit says delayed before any pong; meanwhile pings go sooner', () => {
    const lag = new FeedLag();
    expect(lag.pingDue(0)).toBe(true);
    expect(lag.pingDue(PING_RETRY_MS - 1)).toBe(false);
    // Unanswered for PING_RETRY_MS: the next goes now, not after PING_EVERY_MS.
    expect(lag.pingDue(PING_RETRY_MS)).toBe(true);
    lag.check(LAG_LIMIT_MS);
    expect(lag.delayed).toBe(false);
    lag.check(LAG_LIMIT_MS + 1);
    expect(lag.delayed).toBe(true);
  });

  it('a pong lost on the way is made good by the next ping before it passes for a slow line', () => {
    const lag = new FeedLag();
    expect(lag.pingDue(0)).toBe(true); // its pong is lost
    expect(lag.pingDue(PING_RETRY_MS)).toBe(true);
    lag.pong(PING_RETRY_MS + 5, PING_RETRY_MS, PING_RETRY_MS + 10); // answers both
    lag.check(LAG_LIMIT_MS + 100);
    expect([lag.delayed, lag.measured]).toEqual([false, true]);
    // Answered: back to the usual beat.
    expect(lag.pingDue(PING_RETRY_MS + PING_EVERY_MS - 1)).toBe(false);
    expect(lag.pingDue(PING_RETRY_MS + PING_EVERY_MS)).toBe(true);
  });

  it('clears under 1.5 s, not at the limit, and so on a steadily slow line after a spike', () => {
    // A 1.2 s round trip, 600 ms each way: lead bound 600, a heartbeat 600 ms on the way is at
    // most 1,200 ms old — under the limit, and under the clearing mark.
    const { lag, roundTrip, heartbeat } = line(0, 600, 600);
    roundTrip(0);
    lag.heartbeat(10_000, 12_100); // 2,100 + 600 = 2,700: delayed
    expect(lag.delayed).toBe(true);
    lag.heartbeat(11_000, 12_900); // 1,900 + 600 = 2,500
    lag.heartbeat(12_000, 13_300); // 1,300 + 600 = 1,900: under the limit, over the mark
    expect(lag.delayed).toBe(true);
    heartbeat(14_000); // 1,200
    expect([lag.age, lag.delayed]).toEqual([1_200, false]);
  });

  it('a lost pong does not stall it: a later ping answers, the lost one is forgotten', () => {
    const lag = new FeedLag();
    expect(lag.pingDue(0)).toBe(true); // its pong is lost
    lag.check(2_500);
    expect(lag.delayed).toBe(true);
    expect(lag.pingDue(2_500)).toBe(true);
    lag.pong(2_510, 2_500, 2_520); // echoes the second ping: 20 ms round trip
    expect(lag.measured).toBe(true);
    lag.heartbeat(3_000, 3_010); // 10 + 10 = 20 ms
    expect(lag.delayed).toBe(false);
    lag.check(10_000); // nothing left unanswered
    expect(lag.delayed).toBe(false);
    // A pong echoing what we never sent teaches nothing, nor one with no ping out.
    lag.pong(1, 12_345, 10_001);
    lag.pong(1, undefined, 10_001);
    lag.heartbeat(10_500, 10_510);
    expect(lag.age).toBe(20);
  });

  it('a pong without echo (an older node) answers the oldest ping out', () => {
    const lag = new FeedLag();
    expect(lag.pingDue(1_000)).toBe(true);
    lag.pong(1_010, undefined, 1_020);
    expect(lag.measured).toBe(true);
    lag.heartbeat(2_000, 2_010); // 10 + lead 10 = 20 ms
    expect(lag.age).toBe(20);
  });

  it('a new connection forgets the old line (another node, another clock)', () => {
    const { lag, roundTrip } = line(0, 1_500, 1_500);
    roundTrip(0);
    expect(lag.delayed).toBe(true);
    lag.reset();
    expect([lag.delayed, lag.measured, lag.age]).toEqual([false, false, null]);
    expect(lag.pingDue(PING_EVERY_MS - 1)).toBe(true); // the new line pings at once
  });
});
