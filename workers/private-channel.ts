import type { AuthState, MarketPatch, PrivateEvent } from '../domain/market-data/contract';
import { PRIVATE_CHANNELS, type PrivateChannel, type ServerMessage } from '../domain/protocol/ws';

const isPrivate = (ch: string): ch is PrivateChannel => (PRIVATE_CHANNELS as readonly string[]).includes(ch);

/**
 * The socket's signed-in half (docs/market-data-protocol.md §4): `auth` with the session token on
 * every open, then `sub` of every private channel once the server says `authed`. Events are queued
 * for the next flush in arrival order; a (re)subscription or a seq gap queues `resync` for that
 * channel, since events sent while we were not listening are gone for good.
 */
export class PrivateStream {
  private token: string | null = null;
  private open = false;
  /** auth frames sent whose answer has not come: only the last one's answer counts. */
  private pendingAuths = 0;
  /** Last seq per subscribed channel; a channel is absent until its `subscribed`. */
  private readonly seqs = new Map<PrivateChannel, number>();
  private events: PrivateEvent[] = [];
  private state: AuthState = 'none';
  private posted: AuthState = 'none';
  private readonly send: (text: string) => void;

  constructor(send: (text: string) => void) {
    this.send = send;
  }

  setToken(token: string | null): void {
    const next = token === '' ? null : token;
    if (next === this.token) return;
    const wasAuthed = this.state === 'authed';
    this.token = next;
    this.seqs.clear();
    if (!this.open) {
      this.state = next ? 'pending' : 'none';
      return;
    }
    if (next) this.auth();
    else {
      // No "unauth" in the protocol: dropping the subscriptions stops the old user's events.
      if (wasAuthed) for (const ch of PRIVATE_CHANNELS) this.send(JSON.stringify({ op: 'unsub', ch }));
      this.state = 'none';
    }
  }

  onOpen(): void {
    this.open = true;
    this.pendingAuths = 0;
    this.seqs.clear();
    if (this.token) this.auth();
  }

  onClose(): void {
    this.open = false;
    this.seqs.clear();
    if (this.token) this.state = 'pending';
  }

  /** Takes the frames that are about the private channels; false for anything else. */
  handle(message: ServerMessage): boolean {
    switch (message.op) {
      case 'authed':
        if (this.settle() && this.token) {
          this.state = 'authed';
          for (const ch of PRIVATE_CHANNELS) this.send(JSON.stringify({ op: 'sub', ch }));
        }
        return true;
      case 'error':
        if (message.key === 'AUTH_FAILED') {
          if (this.settle() && this.token) this.state = 'failed';
          return true;
        }
        return false;
      case 'subscribed':
        if (!isPrivate(message.ch) || this.state !== 'authed') return false;
        this.seqs.set(message.ch, 0);
        this.events.push({ ch: message.ch, resync: true });
        return true;
      case 'private': {
        const last = this.seqs.get(message.ch);
        // Not (yet) ours: a frame of a previous identity, or before `subscribed`.
        if (last === undefined) return true;
        if (message.seq !== last + 1) this.events.push({ ch: message.ch, resync: true });
        this.seqs.set(message.ch, message.seq);
        this.events.push({ ch: message.ch, data: message.data });
        return true;
      }
      default:
        return false;
    }
  }

  flushInto(patch: MarketPatch): boolean {
    let changed = false;
    if (this.events.length > 0) {
      patch.events = this.events;
      this.events = [];
      changed = true;
    }
    if (this.posted !== this.state) {
      this.posted = this.state;
      patch.auth = this.state;
      changed = true;
    }
    return changed;
  }

  private auth(): void {
    this.state = 'pending';
    this.pendingAuths++;
    this.send(JSON.stringify({ op: 'auth', token: this.token }));
  }

  /** One auth answered; true when it was the last one sent. */
  private settle(): boolean {
    if (this.pendingAuths > 0) this.pendingAuths--;
    return this.pendingAuths === 0;
  }
}
