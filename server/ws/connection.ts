import type { Locale } from '../../domain/format/locale';
import { parseClientMessage, type ClientMessage } from '../../domain/protocol/ws-client';
import {
  privateFrameText,
  type Channel,
  type PrivateChannel,
  type PublicChannel,
  type ServerMessage,
  type WsErrorKey,
} from '../../domain/protocol/ws';
import type { Session } from '../auth/session';
import type { UserEvents } from '../events';
import { ApiError } from '../http/errors';
import { translate } from '../i18n';
import type { SharedFrame } from './frame';
import { HeldSubscriptions } from './held-subscriptions';
import { channelFits } from './streams';
import type { Hub, Stream, Subscriber } from './hub';

/** The part of a socket a connection uses (a `ws` WebSocket, or a test double). */
export type SocketLike = {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  /** Writes a frame encoded once for many sockets; without it the frame's text is `send`. */
  sendFrame?(frame: SharedFrame): void;
  terminate(): void;
};

const OPEN = 1;
/** A socket younger than this skips a beat, so its first answers are not interleaved with one. */
const HEARTBEAT_GRACE_MS = 500;

/**
 * One client socket: its subscriptions, its session, and the rule that keeps a slow reader
 * from growing our memory: past the high-water mark its updates stop and the streams that
 * missed one are marked dirty; once it drains, each dirty stream gets a fresh snapshot.
 */
export class Connection implements Subscriber {
  private readonly streams = new Map<string, Stream>();
  private readonly privates = new Map<PrivateChannel, number>();
  private readonly dirty = new Set<Stream>();
  private readonly held = new HeldSubscriptions((ch, symbol, until) => {
    this.queue = this.queue.then(() => this.public('sub', ch, symbol, until)).catch(() => undefined);
  });
  private slow = false;
  private userId: bigint | null = null;
  /** The token the private channels were opened with, asked about again when sessions end. */
  private token: string | null = null;
  private stopEvents: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly openedAt: number;
  private closed = false;

  constructor(
    private readonly hub: Hub,
    private readonly socket: SocketLike,
    private readonly locale: Locale,
    private readonly authenticate: (token: string) => Promise<Session>,
    /** The app's user events (server/app-state.ts); absent, private channels hear nothing (hub tests). */
    private readonly events: Pick<UserEvents, 'subscribe'> = { subscribe: () => () => undefined },
  ) {
    this.openedAt = hub.now();
    hub.connect(this);
  }

  /** Frames are handled one after another, so `auth` then `sub messages` keeps its order. */
  receive(frame: string | null): void {
    this.queue = this.queue.then(() => this.handle(frame)).catch(() => this.error('MALFORMED_REQUEST'));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopEvents?.();
    this.stopEvents = null;
    this.hub.disconnect(this, this.streams.values());
    this.streams.clear();
    this.privates.clear();
    this.dirty.clear();
    this.held.clear();
  }

  deliver(stream: Stream, frame: SharedFrame): void {
    if (this.dirty.has(stream)) return;
    if (this.slow || this.socket.bufferedAmount > this.hub.options.highWaterMark) {
      this.slow = true;
      this.dirty.add(stream);
      return;
    }
    this.writeShared(frame);
  }

  heartbeat(now: number, frame: SharedFrame): void {
    if (this.socket.bufferedAmount > this.hub.options.hardLimit) return this.drop();
    if (now - this.openedAt >= HEARTBEAT_GRACE_MS) this.writeShared(frame);
    for (const { ch, symbol } of this.held.expired(now)) this.error('MARKET_LOADING', ch, symbol);
    if (this.dirty.size === 0) return;
    // Drained to half the mark: catch up with snapshots, stopping again if they refill it.
    if (this.socket.bufferedAmount > this.hub.options.highWaterMark / 2) return;
    this.slow = false;
    for (const stream of [...this.dirty]) {
      if (this.socket.bufferedAmount > this.hub.options.highWaterMark) {
        this.slow = true;
        return;
      }
      const frame = this.hub.snapshotFrame(stream);
      if (frame === null) continue;
      this.dirty.delete(stream);
      this.writeShared(frame);
    }
  }

  private async handle(frame: string | null): Promise<void> {
    if (this.closed) return;
    let message: ClientMessage;
    try {
      if (frame === null) throw new Error('binary frame');
      message = parseClientMessage(frame);
    } catch {
      return this.error('MALFORMED_REQUEST');
    }
    switch (message.op) {
      case 'ping':
        // `echo` hands the client its own send time back: it measures the round trip and the
        // clocks' skew from it, even when an earlier pong was lost (workers/feed-lag.ts).
        return this.send(
          message.ts === undefined
            ? { op: 'pong', ts: this.hub.now() }
            : { op: 'pong', ts: this.hub.now(), echo: message.ts },
        );
      case 'auth':
        return this.auth(message.token);
      case 'sub':
      case 'unsub':
        if ('symbol' in message) return this.public(message.op, message.ch, message.symbol);
        return this.private(message.op, message.ch);
    }
  }

  private async auth(token: string): Promise<void> {
    let session: Session | null = null;
    try {
      session = await this.authenticate(token);
    } catch {
      session = null;
    }
    if (this.closed) return;
    // A new identity never inherits the old one's private channels.
    this.signOut();
    if (!session) return this.error('AUTH_FAILED');
    const userId = session.userId;
    this.userId = userId;
    this.token = token;
    this.stopEvents = this.events.subscribe(userId, {
      accountType: session.accountType,
      event: (ch, dataText) => this.onUserEvent(ch, dataText),
      sessionsEnded: () => {
        this.queue = this.queue.then(() => this.recheck(token)).catch(() => undefined);
      },
    });
    this.send({ op: 'authed', userId: String(userId) });
  }

  private signOut(): void {
    this.stopEvents?.();
    this.stopEvents = null;
    this.privates.clear();
    this.userId = null;
    this.token = null;
  }

  /**
   * Some of the user's sessions ended (a logout on another tab, a password change): if this
   * socket's was one, its private channels close now, in order with the frames around it,
   * rather than carry the account's news to a signed-out screen.
   */
  private async recheck(token: string): Promise<void> {
    let ended = false;
    try {
      await this.authenticate(token);
    } catch (error) {
      // Only the session's own answer ends it; a database that failed to answer does not.
      ended = error instanceof ApiError && error.key === 'SESSION_INVALID';
    }
    if (this.closed || !ended || this.token !== token) return;
    this.signOut();
    this.error('AUTH_FAILED');
  }

  private onUserEvent(ch: PrivateChannel, dataText: string): void {
    const seq = this.privates.get(ch);
    if (seq === undefined || this.closed) return;
    this.privates.set(ch, seq + 1);
    // Private events cannot be skipped and re-snapshotted; a socket this far behind is dropped.
    if (this.socket.bufferedAmount > this.hub.options.hardLimit) return this.drop();
    this.write(privateFrameText(ch, seq + 1, this.hub.now(), dataText));
  }

  /** `until`: a subscription held while the market loaded is refused after then (held-subscriptions.ts). */
  private public(op: 'sub' | 'unsub', ch: PublicChannel, symbol: string, until?: number): void {
    if (this.closed) return;
    const key = `${ch}|${symbol}`;
    const existing = this.streams.get(key);
    if (op === 'unsub') {
      this.held.drop(key);
      if (existing) {
        this.streams.delete(key);
        this.dirty.delete(existing);
        this.hub.leave(this, existing);
      }
      return this.send({ op: 'unsubscribed', ch, symbol });
    }
    const instrument = this.hub.source.instrument(symbol);
    const full = !existing && !this.held.has(key) && this.count() >= this.hub.options.maxSubscriptions;
    if (!instrument) {
      // A symbol of the catalogue while this node's market loads waits for it (a node switching
      // between owning a partition and following it); only one outside the catalogue is unknown.
      const coming = this.hub.source.instrumentPending?.(symbol) ?? null;
      if (!coming) return this.error('UNKNOWN_SYMBOL', ch, symbol);
      if (full) return this.error('TOO_MANY_SUBSCRIPTIONS', ch, symbol);
      const deadline = until ?? this.hub.now() + this.hub.options.instrumentWaitMs;
      return this.held.hold(key, ch, symbol, deadline, coming);
    }
    if (!channelFits(ch, instrument)) return this.error('UNKNOWN_SYMBOL', ch, symbol);
    if (full) return this.error('TOO_MANY_SUBSCRIPTIONS', ch, symbol);
    const stream = existing ?? this.hub.join(this, ch, symbol);
    this.streams.set(key, stream);
    this.send({ op: 'subscribed', ch, symbol });
    // A re-subscription is how a client recovers from a gap: it always gets a fresh snapshot.
    const frame = this.slow ? null : this.hub.snapshotFrame(stream);
    if (frame === null) this.dirty.add(stream);
    else {
      this.dirty.delete(stream);
      this.writeShared(frame);
    }
  }

  private private(op: 'sub' | 'unsub', ch: PrivateChannel): void {
    if (op === 'unsub') {
      this.privates.delete(ch);
      return this.send({ op: 'unsubscribed', ch });
    }
    if (this.userId === null) return this.error('AUTH_REQUIRED', ch);
    if (!this.privates.has(ch) && this.count() >= this.hub.options.maxSubscriptions)
      return this.error('TOO_MANY_SUBSCRIPTIONS', ch);
    this.privates.set(ch, 0);
    this.send({ op: 'subscribed', ch });
  }

  private count(): number {
    return this.streams.size + this.privates.size + this.held.size;
  }

  private error(key: WsErrorKey, ch?: Channel, symbol?: string): void {
    const params: Record<string, number> =
      key === 'TOO_MANY_SUBSCRIPTIONS' ? { max: this.hub.options.maxSubscriptions } : {};
    this.send({
      op: 'error',
      key,
      msg: translate(this.locale, key, params),
      ...(ch ? { ch } : {}),
      ...(symbol ? { symbol } : {}),
    });
  }

  private send(message: ServerMessage): void {
    this.write(JSON.stringify(message));
  }

  private write(frame: string): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    this.socket.send(frame);
  }

  private writeShared(frame: SharedFrame): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.sendFrame) this.socket.sendFrame(frame);
    else this.socket.send(frame.text);
  }

  private drop(): void {
    this.socket.terminate();
    this.close();
  }
}
