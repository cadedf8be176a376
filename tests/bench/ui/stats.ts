/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** One frame at the 60 Hz headless Chromium draws at. */
export const FRAME_MS = 1000 / 60;

/**
 * rAF intervals as whole frames: frame starts are vsync-aligned, so an interval is k frames
 * plus the page clock's coarsening (100 µs steps with jitter), which would otherwise put a
 * perfectly smooth 60 Hz at 16.6–16.8 ms.
 */
export function snapToFrames(intervals: readonly number[], frameMs = FRAME_MS): number[] {
  return intervals.map((ms) => Math.max(1, Math.round(ms / frameMs)) * frameMs);
}
