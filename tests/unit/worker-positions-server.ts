import { encodeStream } from '../../domain/protocol/stream-codec';
import type { PrivateChannel } from '../../domain/protocol/ws';
import { coinInfosFetch, ScriptedSocket } from '../support/scripted-socket';

/**
 * A small scripted broker for the worker's signed-in half, in virtual time (the faked global
 * timers): serves /coin/infos, answers `auth` (one good token per user id), `sub`/`unsub` of
 * `mark` and private channels like the real hub (snapshot on sub, then seq + 1 per stream;
 * private seq from 1 after each sub), and lets a test push marks and private events.
 */
export class AccountSim {
  readonly received: Record<string, unknown>[] = [];
  readonly sockets = new Set<AccountSocket>();
  private readonly marks = new Map<string, { mark: string; seq: number }>();

  constructor(
    private readonly scales: Record<string, number>,
    private readonly tokens: Record<string, string>,
  ) {
    for (const symbol of Object.keys(scales)) this.marks.set(symbol, { mark: '100', seq: 0 });
  }

  readonly fetch = coinInfosFetch(() =>
    Object.entries(this.scales).map(([symbol, scale]) => ({ symbol, scale })),
  );

  socketClass(): typeof WebSocket {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sim = this;
    class Bound extends AccountSocket {
      constructor(url: string) {
        super(url, sim);
      }
    }
    return Bound as unknown as typeof WebSocket;
  }

  frames(op?: string): Record<string, unknown>[] {
    return op ? this.received.filter((f) => f.op === op) : this.received;
  }

  setMark(symbol: string, mark: string): void {
    const stream = this.marks.get(symbol)!;
    stream.mark = mark;
    stream.seq++;
    for (const socket of this.sockets)
      if (socket.subs.has(`mark|${symbol}`)) socket.push(this.markFrame(symbol, false));
  }

  /** A private event to every socket signed in as `userId` and subscribed to `ch`. */
  publish(userId: string, ch: PrivateChannel, data: unknown, { skip = false } = {}): void {
    for (const socket of this.sockets) {
      if (socket.userId !== userId) continue;
      const seq = socket.privates.get(ch);
      if (seq === undefined) continue;
      socket.privates.set(ch, seq + 1);
      // `skip` loses this one on the way, as a dropped connection would: the next shows a gap.
      if (!skip) socket.push(JSON.stringify({ op: 'private', ch, seq: seq + 1, t: Date.now(), data }));
    }
  }

  disconnectAll(): void {
    for (const socket of [...this.sockets]) socket.close();
  }

  receive(socket: AccountSocket, text: string): void {
    const frame = JSON.parse(text) as {
      op: string;
      ch?: string;
      symbol?: string;
      token?: string;
      ts?: number;
    };
    if (frame.op === 'ping')
      return socket.push(JSON.stringify({ op: 'pong', ts: Date.now(), echo: frame.ts }));
    this.received.push(frame);
    if (frame.op === 'auth') {
      const userId = Object.entries(this.tokens).find(([, token]) => token === frame.token)?.[0];
      socket.privates.clear();
      socket.userId = userId ?? null;
      socket.push(
        JSON.stringify(
          userId
            ? { op: 'authed', userId }
            : { op: 'error', key: 'AUTH_FAILED', msg: 'Authentication failed' },
        ),
      );
      return;
    }
    const ch = frame.ch ?? '';
    if (frame.symbol === undefined) {
      if (frame.op === 'unsub') socket.privates.delete(ch as PrivateChannel);
      else if (socket.userId === null) {
        socket.push(JSON.stringify({ op: 'error', key: 'AUTH_REQUIRED', msg: 'Sign in', ch }));
        return;
      } else socket.privates.set(ch as PrivateChannel, 0);
      socket.push(JSON.stringify({ op: frame.op === 'sub' ? 'subscribed' : 'unsubscribed', ch }));
      return;
    }
    const key = `${ch}|${frame.symbol}`;
    if (frame.op === 'unsub') {
      socket.subs.delete(key);
      return;
    }
    if (ch !== 'mark' || !this.marks.has(frame.symbol)) return;
    socket.subs.add(key);
    socket.push(JSON.stringify({ op: 'subscribed', ch, symbol: frame.symbol }));
    socket.push(this.markFrame(frame.symbol, true));
  }

  private markFrame(symbol: string, snap: boolean): string {
    const { mark, seq } = this.marks.get(symbol)!;
    return encodeStream({
      op: 'data',
      ch: 'mark',
      s: symbol,
      seq,
      t: Date.now(),
      snap,
      mark,
      funding: null,
      nextFunding: null,
    });
  }
}

/** The client end, shaped like a browser WebSocket for the worker's feed socket. */
export class AccountSocket extends ScriptedSocket {
  readonly subs = new Set<string>();
  readonly privates = new Map<PrivateChannel, number>();
  userId: string | null = null;

  constructor(
    url: string,
    private readonly sim: AccountSim,
  ) {
    super(url);
  }

  protected attach(): void {
    this.sim.sockets.add(this);
  }

  protected detach(): void {
    this.sim.sockets.delete(this);
  }

  protected fromClient(text: string): void {
    this.sim.receive(this, text);
  }

  push(text: string): void {
    setTimeout(() => {
      if (this.readyState === 1) this.emit({ type: 'message', data: text });
    }, 1);
  }
}
