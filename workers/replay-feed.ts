import {
  topicKey,
  candleKey,
  type MarketPatch,
  type StreamHealth,
  type Topic,
} from '../domain/market-data/contract';
import { replayKey, type ReplayView } from '../domain/market-data/replay-feed';
import type { IndicatorConfig } from '../domain/indicators/types';
import type { Interval } from '../domain/market/instrument';
import type { ReplayState } from '../domain/protocol/replay';
import type { IndicatorFactory } from './candles';
import type { Clock } from './clock';
import { FeedCore, streamKey, type StreamEntry } from './feed-core';
import { MarketState } from './market-state';
import { RouteError, type RestOptions } from './rest';
import { StreamSync } from './stream-sync';
import type * as ReplayRead from './replay-read';

/** How often a running replay is read: the replay screen's pace before the worker took it over. */
export const REPLAY_POLL_MS = 500;
/** A failed read is tried again after this long. */
export const REPLAY_RETRY_MS = 2_000;

let reads: Promise<typeof ReplayRead> | null = null;
/** The read and its zod schema load with the first followed replay, not with the worker. */
function loadRead(): Promise<typeof ReplayRead> {
  reads ??= import('./replay-read');
  return reads;
}

type Instrument = ReplayState['instruments'][number];

/** The streams a replay's frames carry for an instrument (server/replay/frames.ts). */
function topicsOf({ symbol, market }: Instrument): Topic[] {
  const topics: Topic[] = [
    { kind: 'ticker', market, symbol },
    { kind: 'book', market, symbol },
    { kind: 'trades', market, symbol },
    { kind: 'candles', market, symbol, interval: '1m' },
  ];
  if (market === 'coin') topics.push({ kind: 'mark', market, symbol });
  return topics;
}

/** 32 hex digits (a request id's form); getRandomValues, as browsers give randomUUID only to secure contexts. */
function readerKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const channelOf = (topic: Topic) => (topic.kind === 'candles' ? `candles:${topic.interval}` : topic.kind);

/**
 * The followed replay: a MarketState and FeedCore of its own (the live socket's codec, seq checks
 * and state code, apart from the live market's), what its last read said, and its polling. The
 * replay-60x bench drives `take` as the worker does.
 */
export class ReplayIngest {
  readonly state: MarketState;
  readonly core: FeedCore;
  view: ReplayView | null = null;
  private viewText = '';
  failed: string | null = null;
  ended = false;
  /** The replay patch has news for the page. */
  dirty = true;
  /** The next read asks for snapshots: the first, and after a gap or a read that failed. */
  snapshot = true;
  health: StreamHealth = { state: 'waiting', heard: 0, reason: null };
  healthDirty = true;
  timer: unknown = null;
  inFlight = false;
  /** Read again as soon as the read in flight answers (the page changed the replay meanwhile). */
  again = false;
  /**
   * This follower's own key for the replay's frames: another tab's worker reading the same replay
   * has its own, so neither takes the other's frames (server/replay/frames.ts).
   */
  readonly reader = readerKey();

  constructor(
    readonly id: string,
    config: IndicatorConfig,
    factory: IndicatorFactory,
    now: () => number,
  ) {
    this.state = new MarketState(config, factory);
    // A gap or a bad frame: as on the live line, the book shows its last levels as resyncing and
    // the stream takes nothing but a snapshot, which the next read asks for.
    this.core = new FeedCore(
      this.state,
      () => true,
      (entry) => {
        this.core.stats.resyncs++;
        entry.sync.await(now());
        if (entry.topic.kind === 'book' && entry.scale !== null)
          this.state.book(entry.topic.symbol, entry.scale).markResyncing();
        this.snapshot = true;
      },
    );
  }

  /** An answer: its instruments followed, its frames applied, its state kept when it changed. */
  take({ frames, ...view }: ReplayState, at: number): void {
    for (const instrument of view.instruments) {
      for (const topic of topicsOf(instrument)) {
        const ch = channelOf(topic);
        const key = streamKey(ch, topic.symbol);
        if (this.core.streams.has(key)) continue;
        const entry: StreamEntry = { topic, ch, sync: new StreamSync(), scale: instrument.priceScale };
        this.core.streams.set(key, entry);
      }
    }
    this.core.at = at;
    for (const text of frames) this.core.frame(text);
    for (const entry of this.core.streams.values()) if (entry.sync.awaiting) this.snapshot = true;
    const text = JSON.stringify(view);
    if (text !== this.viewText || this.failed !== null) this.dirty = true;
    this.viewText = text;
    this.view = view;
    this.failed = null;
    this.setHealth({ state: 'live', heard: at, reason: null });
  }

  fail(key: string): void {
    this.snapshot = true; // the frames the lost answer held are gone
    this.failed = key;
    this.ended = key === 'REPLAY_NOT_FOUND';
    this.dirty = true;
    this.setHealth({ ...this.health, state: 'stale' });
  }

  private setHealth(next: StreamHealth): void {
    if (next.state === this.health.state) return;
    this.health = next;
    this.healthDirty = true;
  }

  /** The topic keys the page knows this replay's streams by. */
  healthKeys(): string[] {
    const keys: string[] = [];
    for (const entry of this.core.streams.values())
      keys.push(topicKey({ ...entry.topic, symbol: replayKey(this.id, entry.topic.symbol) }));
    return keys;
  }
}

export type ReplayFeedDeps = {
  clock: Clock;
  rest: () => RestOptions | null;
  factory: IndicatorFactory;
  config: IndicatorConfig;
  /** The next patch has news (WakeApi). */
  changed: () => void;
};

/**
 * A replay as a source of the market-data worker (ReplayFeedApi): its state read over REST with
 * the session token, every REPLAY_POLL_MS while it runs (none while paused or over), one read at
 * a time; its frames fed into its own state, posted under replayKey names with its clock in the
 * same patch, so the page never shows a frame without the clock that reached it.
 */
export class ReplayFeed {
  private followed: ReplayIngest | null = null;
  private token: string | null = null;
  private config: IndicatorConfig;
  /** Health keys of a replay no longer followed: posted null, so the page forgets its series. */
  private gone: string[] = [];

  constructor(private readonly deps: ReplayFeedDeps) {
    this.config = deps.config;
  }

  setToken(token: string | null): void {
    this.token = token === '' ? null : token;
  }

  setIndicators(config: IndicatorConfig): void {
    this.config = config;
    this.followed?.state.setIndicators(config);
  }

  follow(id: string | null): void {
    if (this.followed?.id === id) return this.refresh();
    const before = this.followed;
    if (before) {
      this.deps.clock.clearTimeout(before.timer);
      this.gone.push(...before.healthKeys());
    }
    this.followed = null;
    if (id === null) return;
    const { clock, factory } = this.deps;
    this.followed = new ReplayIngest(id, this.config, factory, () => clock.now());
    void this.read(this.followed);
  }

  refresh(): void {
    const f = this.followed;
    if (!f) return;
    f.ended = false;
    if (f.inFlight) {
      f.again = true;
      return;
    }
    this.deps.clock.clearTimeout(f.timer);
    void this.read(f);
  }

  /** The followed replay's stats (tests, the bench): its own, apart from the live feed's. */
  stats() {
    return this.followed ? { ...this.followed.core.stats } : null;
  }

  private async read(f: ReplayIngest): Promise<void> {
    const options = this.deps.rest();
    f.timer = null;
    if (!options || !this.token) {
      f.timer = this.deps.clock.setTimeout(() => void this.read(f), REPLAY_RETRY_MS);
      return;
    }
    f.inFlight = true;
    f.again = false;
    const frames = f.snapshot ? 'snapshot' : 'next';
    f.snapshot = false;
    try {
      const { readReplay } = await loadRead();
      const answer = await readReplay({ ...options, token: this.token }, f.id, frames, f.reader);
      if (this.followed === f) f.take(answer, this.deps.clock.now());
    } catch (error) {
      if (this.followed === f) f.fail(error instanceof RouteError ? error.key : 'NETWORK_ERROR');
    } finally {
      f.inFlight = false;
      if (this.followed === f) {
        this.next(f);
        this.deps.changed();
      }
    }
  }

  /** The next read: at once when asked meanwhile, none while paused (a page's call resumes it). */
  private next(f: ReplayIngest): void {
    const { clock } = this.deps;
    if (f.again) {
      void this.read(f);
      return;
    }
    if (f.ended) return;
    if (f.failed !== null) f.timer = clock.setTimeout(() => void this.read(f), REPLAY_RETRY_MS);
    else if (!f.view?.clock.paused || f.snapshot)
      f.timer = clock.setTimeout(() => void this.read(f), REPLAY_POLL_MS);
  }

  /** What changed since the last flush, the replay's symbols under their replayKey names. */
  flushInto(patch: MarketPatch, now: number): boolean {
    let changed = false;
    if (this.gone.length > 0) {
      for (const key of this.gone) (patch.streams ??= {})[key] = null;
      this.gone = [];
      changed = true;
    }
    const f = this.followed;
    if (!f) return changed;
    if (f.dirty) {
      patch.replay = { id: f.id, view: f.view, failed: f.failed, ended: f.ended };
      f.dirty = false;
      changed = true;
    }
    if (f.healthDirty) {
      for (const key of f.healthKeys()) (patch.streams ??= {})[key] = f.health;
      f.healthDirty = false;
      changed = true;
    }
    const own: MarketPatch = {};
    if (f.state.flushInto(own, now)) {
      renamed(own, patch, (symbol) => replayKey(f.id, symbol));
      changed = true;
    }
    return changed;
  }
}

/** Writes `from`'s per-symbol parts into `into` under `name(symbol)`. */
function renamed(from: MarketPatch, into: MarketPatch, name: (symbol: string) => string): void {
  for (const part of ['tickers', 'marks', 'books', 'trades'] as const) {
    const source = from[part] as Record<string, unknown> | undefined;
    if (!source) continue;
    const target = (into[part] ??= {}) as Record<string, unknown>;
    for (const symbol in source) target[name(symbol)] = source[symbol];
  }
  if (!from.candles) return;
  const candles = (into.candles ??= {});
  for (const [key, series] of Object.entries(from.candles)) {
    // candleKey(symbol, interval): a symbol holds no '|'.
    const at = key.indexOf('|');
    candles[candleKey(name(key.slice(0, at)), key.slice(at + 1) as Interval)] = series;
  }
}
