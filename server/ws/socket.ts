import type { WebSocket } from 'ws';
import type { SocketLike } from './connection';
import type { SharedFrame } from './frame';

/** The parts of a `ws` socket the shared-frame path reads (not in ws's types, so checked). */
type Internals = {
  _socket?: { write(data: Buffer): boolean; destroyed: boolean } | null;
  _sender?: { _state?: unknown; _queue?: unknown[] } | null;
};

/** ws's sender state when it writes a frame straight through (not compressing, not reading a Blob). */
const SENDER_IDLE = 0;

/**
 * A `ws` socket as a connection sees it, able to write a frame encoded once for every socket:
 * the finished frame goes straight to the TCP socket, one write, where `ws.send` would measure,
 * encode and frame the message again and write header and payload apart. ws queues frames only
 * while it compresses or reads a Blob; then, or if its internals are not as expected, the
 * payload goes through `send` so frames keep their order.
 */
export function sharedFrameSocket(socket: WebSocket): SocketLike {
  const internals = socket as unknown as Internals;
  return {
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
    get readyState() {
      return socket.readyState;
    },
    send: (data) => socket.send(data),
    sendFrame: (frame: SharedFrame) => {
      const raw = internals._socket;
      const sender = internals._sender;
      if (raw && !raw.destroyed && sender?._state === SENDER_IDLE && sender._queue?.length === 0)
        raw.write(frame.wire);
      else socket.send(frame.payload, { binary: false });
    },
    terminate: () => socket.terminate(),
  };
}
