/**
 * Paces a live chart's updates: the first patch after a quiet spell is applied at once, later
 * ones are kept and applied together at most every `intervalMs`. Each application makes the chart
 * repaint both its panes (55–115 ms a time on the reference phone, the kline screen's main
 * blocking work after its first frame), while a candle that moves once a second reads as live:
 * the quote figures elsewhere on the screen stay per tick, and an exchange's own kline stream
 * pushes a bar every second or two. A reset is drawn at once and supersedes whatever was waiting;
 * other patches keep their order.
 */
export type Pacer<P> = {
  push(patch: P): void;
  /**
   * For the next `ms`, patches wait: the chart's first frame is a page load's longest task, and a
   * repaint right after it only adds to the load's blocking time. A reset still goes at once, and
   * a patch that brings a new bar (`fresh`) waits no longer than the interval.
   */
  hold(ms: number): void;
  stop(): void;
};

export function pacePatches<P extends { reset?: unknown }>(
  apply: (patch: P) => void,
  intervalMs: number,
  now: () => number = () => performance.now(),
  /** Whether a patch brings a bar newer than any drawn: never held past the interval. */
  fresh: (patch: P) => boolean = () => false,
): Pacer<P> {
  let waiting: P[] = [];
  /** Whether a waiting patch is fresh. */
  let urgent = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the timer set fires (on `now`'s clock). */
  let due = Infinity;
  let lastFlush = -Infinity;
  let heldUntil = -Infinity;

  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const flush = () => {
    cancel();
    lastFlush = now();
    const batch = waiting;
    waiting = [];
    urgent = false;
    for (const patch of batch) apply(patch);
  };
  const schedule = () => {
    if (waiting.length === 0) return;
    const paced = lastFlush + intervalMs;
    const at = urgent ? paced : Math.max(paced, heldUntil);
    if (timer !== null && at === due) return;
    cancel();
    const wait = at - now();
    if (wait <= 0) return flush();
    due = at;
    timer = setTimeout(flush, wait);
  };

  return {
    push(patch) {
      // A reset (another interval or indicator, a resync) is the user's own action or a repair:
      // drawn at once, and what waited before it is superseded.
      if (patch.reset) {
        waiting = [patch];
        flush();
        return;
      }
      waiting.push(patch);
      if (fresh(patch)) urgent = true;
      schedule();
    },
    hold(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
      schedule();
    },
    stop() {
      cancel();
      waiting = [];
      urgent = false;
    },
  };
}
