import type { Remote } from 'comlink';
import type { MarketDataApi, MarketPatch } from '../../domain/market-data/contract';

type Api = MarketDataApi | Remote<MarketDataApi>;

const HIDDEN_PACE_MS = 250;
/** How far into a 60 Hz frame the patch is asked for: late enough to be fresh, early enough to paint. */
const PULL_LEAD_MS = 9;
/** A 60 Hz frame, for hosts that have no requestAnimationFrame. */
const FALLBACK_FRAME_MS = 16;
/** A 60 Hz frame: a wake this soon after a pull waits for the next frame's pull. */
const FRAME_MS = 1_000 / 60;
/**
 * How long a wake waits before its pull: a server tick reaches the worker as a burst of frames
 * (one per subscribed symbol), and the first wakes the page. Pulled at once, that pull took the
 * first frame alone and the rest of the burst waited for the next frame's pull (tick → paint p50
 * 24–34 ms on the Markets tab); pulled BURST_MS later, one patch carries the whole burst.
 */
const BURST_MS = 4;

const hidden = () => typeof document !== 'undefined' && document.hidden;

/**
 * The page's half of the wake-then-pull pacing (the worker's half is workers/wake-line.ts): one
 * patch per frame, never two flushes in flight, so a slow worker slows the pace instead of queueing. With
 * a wake line, a pull during which no wake came is the last until one does: the worker wakes the
 * page at its first news after a flush (a frame, a call, its 250 ms health check). Measured on the
 * home list: 12 pulls a second instead of 57 (10 of them with a patch either way), and on Mine 5
 * instead of 60. Without a line (in-thread fakes in tests) it pulls every frame.
 */
export class Pacer {
  private stopped = false;
  private inFlight = false;
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Waiting for a wake: no pull is scheduled. */
  private parked = false;
  /** A wake came since the current pull started. */
  private woken = false;
  /**
   * When the last pull that brought a patch started (performance.now()): a wake pulls soon only a
   * frame after it. A pull that brought nothing (the worker's 250 ms health check, a heartbeat)
   * painted nothing, so it holds no wake back: it did, and the tick whose frames came in the next
   * 17 ms waited for the next frame's pull — five such pulls a second put about 8 % of ticks a
   * frame late, past the p95.
   */
  private patchedAt = -Infinity;

  constructor(
    private readonly target: Api,
    private readonly line: MessagePort | null,
    /** Numbers a flush and applies its patch. */
    private readonly take: (pull: () => Promise<MarketPatch | null>) => Promise<void>,
  ) {
    if (line)
      line.onmessage = () => {
        this.woken = true;
        if (!this.parked) return;
        this.parked = false;
        this.onNews();
      };
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.line) this.line.onmessage = null;
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
  }

  private readonly pullThenNext = () => void this.pull().finally(() => this.next());

  private async pull(): Promise<void> {
    if (this.inFlight || this.stopped) return;
    this.inFlight = true;
    this.woken = false;
    const startedAt = performance.now();
    try {
      await this.take(async () => {
        const patch = await this.target.flush();
        if (patch) this.patchedAt = startedAt;
        return this.stopped ? null : patch;
      });
    } finally {
      this.inFlight = false;
    }
  }

  private next(): void {
    if (!this.line) this.schedule();
    else if (!this.woken) this.parked = true;
    else this.onNews();
  }

  private schedule(): void {
    if (this.stopped) return;
    if (hidden()) {
      this.timer = setTimeout(this.pullThenNext, HIDDEN_PACE_MS);
      return;
    }
    // The patch is taken late in the frame, not at its start: rAF callbacks run just before the
    // browser paints, so a patch asked for there arrives after that paint and waits a whole
    // frame. Asked for PULL_LEAD_MS into the frame, it is applied in time for the next paint,
    // and a tick reaches the screen about a frame sooner (tick → paint ≤ 33 ms).
    const lead = () => {
      this.timer = setTimeout(this.pullThenNext, PULL_LEAD_MS);
    };
    // A host without frames (a test environment torn down while a pull was in flight, or a
    // DOM-less embed) paces on a timer instead of throwing from the pull's continuation.
    if (typeof requestAnimationFrame === 'function') this.frame = requestAnimationFrame(lead);
    else this.timer = setTimeout(lead, FALLBACK_FRAME_MS);
  }

  /**
   * News while no pull is scheduled. No frame is running to pull at its PULL_LEAD_MS, and waiting
   * for the next one would add most of a frame to the tick: the news is pulled BURST_MS from now
   * and painted in the next frame (unless a pull that brought a patch went out within this frame:
   * still at most one patch a frame).
   */
  private onNews(): void {
    if (hidden() || performance.now() - this.patchedAt < FRAME_MS) this.schedule();
    else this.timer = setTimeout(this.pullThenNext, BURST_MS);
  }
}
