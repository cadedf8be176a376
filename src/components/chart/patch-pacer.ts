/**
 * Paces a live chart's updates: the first patch after a quiet spell is applied at once, later
 * ones are kept and applied together at most every `intervalMs`. Each application makes the chart
 * repaint its whole canvas (15–35 ms a time on a mid phone, the kline screen's main blocking work),
 * while a bar that moves four times a second reads as live: the quote figures elsewhere on the
 * screen stay per tick. A reset is drawn at once and supersedes whatever was waiting; other
 * patches keep their order.
 */
export type Pacer<P> = { push(patch: P): void; stop(): void };

export function pacePatches<P extends { reset?: unknown }>(
  apply: (patch: P) => void,
  intervalMs: number,
  now: () => number = () => performance.now(),
): Pacer<P> {
  let waiting: P[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastFlush = -Infinity;

  const flush = () => {
    timer = null;
    lastFlush = now();
    const batch = waiting;
    waiting = [];
    for (const patch of batch) apply(patch);
  };

  return {
    push(patch) {
      // A reset (another interval or indicator, a resync) is the user's own action or a repair:
      // drawn at once, and what waited before it is superseded.
      if (patch.reset) {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        waiting = [patch];
        flush();
        return;
      }
      waiting.push(patch);
      if (timer !== null) return;
      const wait = lastFlush + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      waiting = [];
    },
  };
}
