import type { MarginRules } from '../domain/contracts/margin';
import type {
  AccountDataApi,
  AuthState,
  LivePositionInput,
  MarketPatch,
  PrivateEvent,
  Topic,
} from '../domain/market-data/contract';
import { PRIVATE_CHANNELS, type PrivateChannel, type ServerMessage } from '../domain/protocol/ws';
import type { LivePositions } from './live-positions';

const isPrivate = (ch: string): ch is PrivateChannel => (PRIVATE_CHANNELS as readonly string[]).includes(ch);

/**
 * The socket's signed-in half (docs/market-data-protocol.md §4): `auth` with the session token on
 * every open, then `sub` of every private channel once the server says `authed`. Events are queued
 * for the next flush in arrival order; a (re)subscription or a seq gap queues `resync` for that
 * channel, since events sent while we were not listening are gone for good.
 */
class PrivateStream {
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

export type AccountDataDeps = {
  /** Sends a frame when the socket is open; dropped otherwise (onOpen re-sends what matters). */
  send: (text: string) => void;
  subscribe: (topic: Topic) => number;
  release: (handle: number) => void;
  /** A coin's price scale, null until /coin/infos answered. */
  scaleOf: (symbol: string) => number | null;
  /** The next patch has news (WakeApi): wakes a parked page. */
  changed: () => void;
};

/**
 * The signed-in half of the worker: the private channels and the live contract positions. The
 * market half owns the socket and calls onOpen/onClose/handle; positions follow the `mark`
 * streams through the same subscribe/release any screen uses, so a shared stream is not doubled.
 */
export function createAccountData(deps: AccountDataDeps) {
  const stream = new PrivateStream(deps.send);
  // Contract maths (and decimal.js with it) load with the first followed position: a guest's
  // first load, and most visits, never need them (the worker's share of the budget).
  let positions: LivePositions | null = null;
  let wanted: { list: readonly LivePositionInput[]; rules: MarginRules } | null = null;
  let loading = false;
  // Marks seen meanwhile, so positions on an already-live mark stream get figures at once.
  const earlyMarks = new Map<string, string>();
  const markHandles = new Map<string, number>();

  function follow(live: LivePositions, list: readonly LivePositionInput[], rules: MarginRules): void {
    const symbols = new Set(live.set(list, rules));
    for (const symbol of symbols) {
      if (!markHandles.has(symbol))
        markHandles.set(symbol, deps.subscribe({ kind: 'mark', market: 'coin', symbol }));
    }
    for (const [symbol, handle] of markHandles) {
      if (symbols.has(symbol)) continue;
      deps.release(handle);
      markHandles.delete(symbol);
      live.forget(symbol);
    }
  }

  const api: AccountDataApi = {
    authenticate(token) {
      stream.setToken(token);
    },
    setContractPositions(list, rules) {
      if (positions) return follow(positions, list, rules);
      // The latest list wins; an empty one before the code is here has nothing to clear.
      wanted = { list, rules };
      if (loading || list.length === 0) return;
      loading = true;
      void import('./live-positions').then(
        ({ LivePositions }) => {
          positions = new LivePositions(deps.scaleOf);
          for (const [symbol, mark] of earlyMarks) positions.onMark(symbol, mark);
          earlyMarks.clear();
          if (wanted) follow(positions, wanted.list, wanted.rules);
          wanted = null;
          deps.changed();
        },
        () => {
          loading = false; // the next list tries again
        },
      );
    },
  };

  return {
    api,
    onOpen: () => stream.onOpen(),
    onClose: () => stream.onClose(),
    handle: (message: ServerMessage) => stream.handle(message),
    /** After the market state's flush: the marks it posts drive the positions. */
    flushInto(patch: MarketPatch): boolean {
      if (!positions) {
        for (const [symbol, mark] of Object.entries(patch.marks ?? {})) earlyMarks.set(symbol, mark.mark);
        return stream.flushInto(patch);
      }
      for (const [symbol, mark] of Object.entries(patch.marks ?? {})) positions.onMark(symbol, mark.mark);
      const moved = positions.flushInto(patch);
      return stream.flushInto(patch) || moved;
    },
  };
}
