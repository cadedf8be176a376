import WebSocket from 'ws';
import type { ServerMessage, StreamMessage } from '../../domain/protocol/ws';

/**
 * A test client of /ipxtrg-api/ws: keeps every frame it receives, in order, and waits for
 * the next one matching a predicate (frames before the cursor are never matched twice).
 */
export type WsClient = {
  socket: WebSocket;
  frames: ServerMessage[];
  send(message: unknown): void;
  next<T extends ServerMessage>(match: (frame: ServerMessage) => frame is T, timeoutMs?: number): Promise<T>;
  next(match: (frame: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  /** Stream frames of one channel and symbol, in arrival order. */
  stream(ch: string, symbol: string): StreamMessage[];
  close(): Promise<void>;
};

export async function openSocket(
  baseUrl: string,
  options: { headers?: Record<string, string>; query?: string } = {},
): Promise<WsClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ipxtrg-api/ws${options.query ? `?${options.query}` : ''}`;
  const socket = new WebSocket(url, { headers: options.headers ?? {} });
  const frames: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  let cursor = 0;
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ServerMessage);
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const find = (match: (frame: ServerMessage) => boolean) => {
    for (let i = cursor; i < frames.length; i++) {
      const frame = frames[i]!;
      if (match(frame)) {
        cursor = i + 1;
        return frame;
      }
    }
    return undefined;
  };
  return {
    socket,
    frames,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (match: (frame: ServerMessage) => boolean, timeoutMs = 5000) =>
      new Promise<ServerMessage>((resolve, reject) => {
        const found = find(match);
        if (found) return resolve(found);
        const wake = () => {
          const frame = find(match);
          if (!frame) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(frame);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`));
        }, timeoutMs);
        waiters.add(wake);
      }),
    stream: (ch, symbol) =>
      frames.filter((f): f is StreamMessage => f.op === 'data' && f.ch === ch && f.s === symbol),
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

/** Matches the first stream frame of a channel and symbol (optionally a snapshot). */
export const isData =
  (ch: string, symbol: string, snap?: boolean) =>
  (frame: ServerMessage): frame is StreamMessage =>
    frame.op === 'data' &&
    frame.ch === ch &&
    frame.s === symbol &&
    (snap === undefined || frame.snap === snap);
