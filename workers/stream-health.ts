import type { StreamHealth, StreamLiveness } from '../domain/market-data/contract';
import type { WsErrorKey } from '../domain/protocol/ws';

/** Silence longer than this many usual gaps asks the server for a snapshot (a probe). */
const CADENCE_FACTOR = 4;
/** Updates seen before a stream's cadence is trusted; until then only the socket's heartbeat speaks. */
const CADENCE_SAMPLES = 5;
/** A probe never comes sooner: it costs a snapshot, and a quiet stream is probed less each time. */
export const MIN_SILENCE_MS = 1_000;
/**
 * A stream whose cadence is not yet learned (irregular prints: a ticker moves only on a trade) is
 * probed after this much silence. Without it, one starved from its first seconds stayed "live"
 * forever; its probe, not the silence, says stale, so a merely quiet one never flickers.
 */
export const UNLEARNED_SILENCE_MS = 3_000;
/** A requested snapshot not here by now shows the stream stale (a round trip takes milliseconds). */
export const AWAIT_GRACE_MS = 1_000;
/**
 * A learned stream overdue by this much more shows stale: time for the watchdog's probe (every
 * 250 ms) to be answered. A quiet market is not a starved stream: BTCUSDT's prints paused now
 * and then and its ticker, trades and candles flashed "stale" for the probe's round trip, then
 * "live" again on its quiet answer.
 */
export const PROBE_GRACE_MS = 500;
/** A refused subscription is asked again after a jittered wait below this doubling cap. */
const REFUSED_BASE_MS = 1_000;
const REFUSED_MAX_MS = 15_000;

/**
 * One followed stream's liveness: when its last frame came, how often its frames
 * usually come, and whether the server refused it. The socket's heartbeat proves the line is up,
 * not that this stream's frames get through: a proxy that drops frames can starve a ticker while
 * heartbeats pass. So a stream silent for several of its usual gaps shows stale and is probed with
 * a fresh `sub`: a snapshot at the same seq says it was only quiet (and widens its cadence).
 */
export class StreamLive {
  /** Time of the last frame applied for this stream; 0 = none yet. */
  heard = 0;
  /** When the screen asked for it: a stream never heard is "waiting" for a grace, then stale. */
  readonly since: number;
  /** The server said `subscribed` to the last sub (so a missing snapshot is the server's choice). */
  answered = false;
  refused: WsErrorKey | null = null;
  /** When a refused subscription is asked again. */
  retryAt = 0;
  /** What the UI was last told (posted only when it changes, never per frame). */
  posted: StreamHealth | null = null;
  private gap = 0;
  private samples = 0;
  private refusals = 0;

  constructor(now: number) {
    this.since = now;
  }

  /**
   * A frame of this stream was applied. `quiet`: a snapshot at the seq we already had — the
   * server had nothing new, so the stream is slower than we thought, not starved.
   */
  noteFrame(at: number, snap: boolean, quiet: boolean): void {
    if (quiet) this.gap = Math.max(this.gap * 2, MIN_SILENCE_MS / CADENCE_FACTOR);
    else if (!snap && this.heard > 0) {
      const gap = at - this.heard;
      this.gap = this.samples === 0 ? gap : this.gap * 0.8 + gap * 0.2;
      this.samples++;
    }
    this.heard = at;
    this.refused = null;
    this.refusals = 0;
  }

  /** Whether the stream has been silent long past its cadence (time to probe it), by `more` still. */
  overdue(now: number, more = 0): boolean {
    if (this.heard === 0) return false;
    const floor = this.learned() ? MIN_SILENCE_MS : UNLEARNED_SILENCE_MS;
    return now - this.heard > Math.max(floor, CADENCE_FACTOR * this.gap) + more;
  }

  /** Enough gaps seen for the silence itself to say stale (before that only an unanswered probe does). */
  private learned(): boolean {
    return this.samples >= CADENCE_SAMPLES;
  }

  /** The server answered an error to our sub: back off (full jitter) before asking again. */
  refuse(key: WsErrorKey, now: number, random: () => number): void {
    this.refused = key;
    const cap = Math.min(REFUSED_MAX_MS, REFUSED_BASE_MS * 2 ** this.refusals++);
    this.retryAt = now + REFUSED_BASE_MS / 2 + Math.floor(random() * (cap - REFUSED_BASE_MS / 2));
  }

  /**
   * What the UI shows. `socketLive`: the socket has heard a frame within the stale budget.
   * `awaitingSince`: a snapshot has been asked for since then (null when not waiting). `lineMs`:
   * how long the line takes (workers/feed-lag.ts, about its round trip): an answer to a probe
   * is waited for that much longer, so a quiet stream on a slow line does not flash stale while
   * its probe's quiet answer is on its way (it did on a 0.7 s line).
   */
  judge(now: number, socketLive: boolean, awaitingSince: number | null, lineMs = 0): StreamLiveness {
    if (this.refused) return 'refused';
    const starved =
      awaitingSince !== null &&
      !(this.answered && this.heard === 0) &&
      now - awaitingSince > AWAIT_GRACE_MS + lineMs;
    const late = this.learned() && this.overdue(now, PROBE_GRACE_MS + lineMs);
    if (socketLive && !starved && !late) return this.heard === 0 ? 'waiting' : 'live';
    return this.heard === 0 && now - this.since < AWAIT_GRACE_MS ? 'waiting' : 'stale';
  }

  /**
   * The health to post, or null when the UI already has it. `lagMs`: how old a frame may be on
   * arrival (workers/feed-lag.ts), so `heard` dates the figure by the server's clock. A stale
   * stream whose frames still come (a slow line) posts its age again as it moves, at most once a
   * second: its note must not count up from the moment it turned stale.
   */
  health(state: StreamLiveness, lagMs = 0): StreamHealth | null {
    const reason = state === 'refused' ? this.refused : null;
    const heard = this.heard === 0 ? 0 : this.heard - lagMs;
    const last = this.posted;
    if (
      last &&
      last.state === state &&
      last.reason === reason &&
      (state !== 'stale' || Math.abs(heard - last.heard) < 1_000)
    )
      return null;
    this.posted = { state, heard, reason };
    return this.posted;
  }
}
