import type { MarketPatch, Topic } from '../domain/market-data/contract';
import { topicKey } from '../domain/market-data/contract';
import { STOCK_PRICE_SCALE } from '../domain/market/ticks';
import type { ServerMessage } from '../domain/protocol/ws';
import type { Clock } from './clock';
import { streamKey, type StreamEntry, type StreamMap } from './feed-core';
import { LAG_LIMIT_MS } from './feed-lag';
import type { FeedLine } from './feed-line';
import type { MarketState } from './market-state';
import { fetchCoinInfos, type RestOptions } from './rest';
import { StreamLive } from './stream-health';
import { StreamSync } from './stream-sync';

/** A released topic keeps streaming this long, so a screen switch back doesn't resnapshot. */
export const TEARDOWN_MS = 5_000;
/** A requested snapshot that hasn't come by now is asked for again. */
export const RESYNC_RETRY_MS = 1_000;
const INFOS_RETRY_MS = 2_000;

type Active = StreamEntry & { key: string; refs: number; teardown: unknown; live: StreamLive };

const channelOf = (topic: Topic): string =>
  topic.kind === 'candles' ? `candles:${topic.interval}` : topic.kind;

export type SubscriptionDeps = {
  clock: Clock;
  random: () => number;
  state: MarketState;
  streams: StreamMap;
  line: FeedLine;
  /** Whether stocks stream now (else they are polled and stay off the socket). */
  streaming: () => boolean;
  resyncs: () => void;
  rest: () => RestOptions | null;
};

/**
 * The topics the page follows, reference-counted with a delayed teardown, and the streams they
 * ask the server for: subs and unsubs, snapshots asked again when late or refused, each
 * stream's health as the UI shows it.
 */
export class Subscriptions {
  private readonly actives = new Map<string, Active>(); // by topicKey
  private readonly handles = new Map<number, string>();
  private readonly coinScales = new Map<string, number>();
  /** Whether this worker asked /coin/infos itself (askScales). */
  private scalesAsked = false;
  /** Topics stopped since the last patch: their health is posted as gone. */
  private readonly gone: string[] = [];
  private nextHandle = 1;

  constructor(private readonly deps: SubscriptionDeps) {}

  scaleOf(symbol: string): number | null {
    return this.coinScales.get(symbol) ?? null;
  }

  /** Whether this stream comes over the socket now. */
  onSocket(a: StreamEntry): boolean {
    return a.scale !== null && (a.topic.market === 'coin' || this.deps.streaming());
  }

  subscribe(topic: Topic): number {
    const key = topicKey(topic);
    const handle = this.nextHandle++;
    this.handles.set(handle, key);
    const existing = this.actives.get(key);
    if (existing) {
      existing.refs++;
      if (existing.teardown !== null) this.deps.clock.clearTimeout(existing.teardown);
      existing.teardown = null;
      return handle;
    }
    const scale = topic.market === 'coin' ? this.scaleOf(topic.symbol) : STOCK_PRICE_SCALE;
    const a: Active = {
      topic,
      key,
      ch: channelOf(topic),
      refs: 1,
      teardown: null,
      sync: new StreamSync(),
      scale,
      live: new StreamLive(this.deps.clock.now()),
    };
    this.actives.set(key, a);
    this.start(a);
    if (scale === null) this.askScales();
    return handle;
  }

  release(handle: number): void {
    const key = this.handles.get(handle);
    if (key === undefined) return;
    this.handles.delete(handle);
    const a = this.actives.get(key);
    if (!a || --a.refs > 0) return;
    a.teardown = this.deps.clock.setTimeout(() => {
      if (a.refs === 0 && this.actives.get(key) === a) this.stop(a);
    }, TEARDOWN_MS);
  }

  stocks(): Topic[] {
    return [...this.actives.values()].filter((a) => a.topic.market !== 'coin').map((a) => a.topic);
  }

  /** Every stream on the socket asks for its snapshot (the socket opened or closed). */
  resnapshotAll(): void {
    for (const a of this.actives.values()) if (this.onSocket(a)) this.requestSnapshot(a, true);
  }

  /** Stocks leave the socket (before streaming turns off) or come back to it (after it turns on). */
  stocksStreaming(on: boolean): void {
    for (const a of this.actives.values()) {
      if (a.topic.market === 'coin') continue;
      if (on) this.requestSnapshot(a, true);
      else this.send('unsub', a);
    }
  }

  resync(a: StreamEntry): void {
    this.deps.resyncs();
    this.requestSnapshot(a, false);
  }

  /** `subscribed` and refusals of our public subs. */
  answer(message: ServerMessage): void {
    const { streams } = this.deps;
    if (message.op === 'subscribed' && message.symbol) {
      const a = streams.find(message.ch, message.symbol);
      if (a?.live) a.live.answered = true;
    }
    if (message.op !== 'error' || message.key === 'AUTH_FAILED' || message.key === 'AUTH_REQUIRED') return;
    const named = message.ch && message.symbol ? streams.find(message.ch, message.symbol) : undefined;
    // No stream named (MALFORMED_REQUEST): frames are answered in order, so it is the answer to
    // our oldest unanswered sub.
    const a =
      named ??
      [...this.actives.values()].find((x) => this.onSocket(x) && x.sync.awaiting && !x.live.answered);
    if (!a?.live) return;
    a.live.answered = true;
    a.live.refuse(message.key, this.deps.clock.now(), this.deps.random);
  }

  /** Streams are probed and resynced while frames come: on a live line and on a slow one. */
  probe(now: number): void {
    for (const a of this.actives.values()) {
      if (!this.onSocket(a)) continue;
      const { live } = a;
      if (live.refused) {
        if (now >= live.retryAt) this.requestSnapshot(a, true);
      } else if (a.sync.awaiting) {
        if (now - a.sync.since >= RESYNC_RETRY_MS) this.resync(a);
      } else if (live.overdue(now)) {
        this.requestSnapshot(a, true);
      }
    }
  }

  /** Each stream's health as the UI should show it; only flips are posted. */
  healthInto(patch: MarketPatch): boolean {
    const now = this.deps.clock.now();
    const { line } = this.deps;
    const socketLive = line.live;
    let changed = false;
    for (const a of this.actives.values()) {
      const polled = a.topic.market !== 'coin' && !this.deps.streaming();
      const state = polled
        ? 'live'
        : a.live.judge(
            now,
            socketLive && this.onSocket(a),
            a.sync.awaiting ? a.sync.waitingSince : null,
            // Past the delayed limit the feed says so itself; no stream waits longer than that.
            Math.min(line.lag.age ?? 0, LAG_LIMIT_MS),
          );
      const health = a.live.health(state, line.lag.age ?? 0);
      if (!health) continue;
      (patch.streams ??= {})[a.key] = health;
      changed = true;
    }
    for (const key of this.gone) if (!this.actives.has(key)) (patch.streams ??= {})[key] = null;
    if (this.gone.length > 0) changed = true;
    this.gone.length = 0;
    return changed;
  }

  /**
   * The pairs' scales the page read itself (src/market/coin-scales.ts): the screens that read
   * /coin/infos (the Trade tab, Home's coin list, a coin's screens and others) do so before they
   * follow a coin, so the worker asking too was the same answer twice on a slow line.
   */
  setCoinScales(scales: Readonly<Record<string, number>>): void {
    for (const [symbol, scale] of Object.entries(scales)) this.coinScales.set(symbol, scale);
    this.startScaled();
  }

  /** The line can reach the broker now: a coin followed before it could gets its scale asked. */
  connected(): void {
    if ([...this.actives.values()].some((a) => a.scale === null)) this.askScales();
  }

  /**
   * Asks /coin/infos once a coin is followed whose scale the page has not given (a coin screen
   * opened by a link, a held position's mark): not at connect, when on most screens the page asks
   * for the same answer itself, or needs no coin at all. One answer is enough: a pair it lacks
   * stays off the socket as before, rather than asking again for each.
   */
  private askScales(): void {
    if (this.scalesAsked || !this.deps.rest()) return;
    this.scalesAsked = true;
    void this.loadCoinScales();
  }

  private async loadCoinScales(): Promise<void> {
    const rest = this.deps.rest();
    if (!rest) return;
    try {
      for (const info of await fetchCoinInfos(rest)) this.coinScales.set(info.symbol, info.priceScale);
      this.startScaled();
    } catch {
      this.deps.clock.setTimeout(() => void this.loadCoinScales(), INFOS_RETRY_MS);
    }
  }

  /** Coins that waited for their scale and now have it start streaming. */
  private startScaled(): void {
    for (const a of this.actives.values()) {
      if (a.scale !== null || a.topic.market !== 'coin') continue;
      a.scale = this.scaleOf(a.topic.symbol);
      if (a.scale !== null) this.start(a);
    }
  }

  private send(op: 'sub' | 'unsub', a: StreamEntry): void {
    this.deps.line.send(JSON.stringify({ op, ch: a.ch, symbol: a.topic.symbol }));
  }

  private requestSnapshot(a: StreamEntry, fresh: boolean): void {
    const { clock, line, state } = this.deps;
    a.sync.await(clock.now());
    if (a.live && line.open) a.live.answered = false;
    if (a.topic.kind === 'book' && a.scale !== null) state.book(a.topic.symbol, a.scale).markResyncing();
    if (!fresh) this.send('unsub', a);
    this.send('sub', a);
  }

  private start(a: Active): void {
    this.deps.streams.set(streamKey(a.ch, a.topic.symbol), a);
    if (a.scale === null) return;
    if (this.onSocket(a)) this.requestSnapshot(a, true);
  }

  private stop(a: Active): void {
    if (this.onSocket(a)) this.send('unsub', a);
    this.actives.delete(a.key);
    this.gone.push(a.key);
    this.deps.streams.delete(streamKey(a.ch, a.topic.symbol));
    const { topic } = a;
    this.deps.state.drop(topic.kind, topic.symbol, topic.kind === 'candles' ? topic.interval : undefined);
  }
}
