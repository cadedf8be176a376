import type { WebSocket } from 'ws';
import type { SocketLike } from './connection';
import { fanoutProbe } from './fanout-probe';
import type { SharedFrame } from './frame';

/** The parts of a `ws` socket the shared-frame path reads (not in ws's types, so checked). */
type Internals = {
  _socket?: {
    write(data: Buffer): boolean;
    cork(): void;
    uncork(): void;
    destroyed: boolean;
  } | null;
  _sender?: { _state?: unknown; _queue?: unknown[] } | null;
};

/** ws's sender state when it writes a frame straight through (not compressing, not reading a Blob). */
const SENDER_IDLE = 0;
const OPEN = 1;
/** Pending frames past this many bytes are written at once (a tick of 200 tickers is ~40 KB). */
const FLUSH_BYTES = 64 * 1024;

/**
 * A `ws` socket as a connection sees it, able to write a frame encoded once for every socket:
 * the finished frame goes straight to the TCP socket, where `ws.send` would measure, encode and
 * frame the message again and write header and payload apart. ws queues frames only while it
 * compresses or reads a Blob; then, or if its internals are not as expected, the payload goes
 * through `send` so frames keep their order.
 *
 * The frames of one turn of the event loop leave together, in one write at its end: a market tick
 * publishes one frame per symbol as it computes each, and written one by one they reached the
 * client spread over the whole tick's computing, so the page's pull (a few ms after the first)
 * took the first symbols and the rest waited a frame more (the Markets tab's server t → applied
 * p50 26 ms against 12 on an instrument). Written at the end of the turn, a tick's frames arrive
 * as one burst and one patch carries them all; it is also one system call instead of one a frame.
 */
export function sharedFrameSocket(socket: WebSocket): SocketLike {
  const internals = socket as unknown as Internals;
  let pending: SharedFrame[] = [];
  /** The pending frames' bytes: queued for the wire as much as ws's own buffer is. */
  let pendingBytes = 0;

  const flush = () => {
    const frames = pending;
    if (frames.length === 0) return;
    pending = [];
    pendingBytes = 0;
    // A socket that began closing meanwhile takes no more data frames (none may follow a close).
    if (socket.readyState !== OPEN) return;
    const raw = internals._socket;
    const sender = internals._sender;
    if (raw && !raw.destroyed && sender?._state === SENDER_IDLE && sender._queue?.length === 0) {
      if (frames.length === 1) raw.write(frames[0]!.wire);
      else {
        raw.cork();
        for (const frame of frames) raw.write(frame.wire);
        raw.uncork();
      }
    } else for (const frame of frames) socket.send(frame.payload, { binary: false });
    if (fanoutProbe.on) fanoutProbe.wrote(frames);
  };

  return {
    get bufferedAmount() {
      return socket.bufferedAmount + pendingBytes;
    },
    get readyState() {
      return socket.readyState;
    },
    send: (data) => {
      // After what this turn already queued, so frames keep the order they were sent in.
      flush();
      socket.send(data);
    },
    sendFrame: (frame: SharedFrame) => {
      pendingBytes += frame.wire.length;
      if (pending.push(frame) === 1) process.nextTick(flush);
      // A turn that sends a lot (many snapshots at once) writes as it goes: what waits for the
      // turn's end stays small beside the high-water mark, so a socket that reads is never held
      // for slow by its own pending frames.
      else if (pendingBytes >= FLUSH_BYTES) flush();
    },
    terminate: () => {
      pending = [];
      pendingBytes = 0;
      socket.terminate();
    },
  };
}
