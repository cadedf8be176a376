// The fan-out bench's load generator: many WebSocket clients over raw `net` sockets. A `ws`
// client per socket would cost this process more per frame than the broker spends sending it,
// and the spread measured would be our own. Each socket does the upgrade by hand, sends masked
// text frames (RFC 6455 §5.3: a zero mask leaves the payload as it is) and parses only the
// frame headers and the `seq` of the stream updates it receives.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** When each socket first saw each update, by seq: first and last arrival over all sockets. */
export type Arrivals = Map<number, { first: number; last: number; count: number; bytes: string }>;

export type Progress = {
  /** Sockets holding their snapshot. */
  subscribed: number;
  /** Upgrades answered (a reconnected socket counts again). */
  upgrades: number;
  /** Sockets closed or refused before their snapshot (each reconnected). */
  refused: number;
  /** Subscriptions answered with an error (each asked again), and the first few answers. */
  refusedAnswers: number;
  refusals: string[];
};

export type FanoutClients = {
  arrivals: Arrivals;
  /** Frames whose payload differed from the first socket's frame of the same seq. */
  mismatches: () => number;
  /** The first few such pairs (the first socket's frame, then the differing one), to say why. */
  examples: () => string[][];
  /** Snapshots after a socket's first: the broker found it slow, skipped updates, then caught it up. */
  catchUps: () => number;
  /** Updates whose source time was not after the one before on the same socket (a takeover's replays). */
  repeatedTimes: () => number;
  /** How far subscribing got: what a run that timed out says. */
  progress: () => Progress;
  /** Resolves once every socket holds its snapshot. */
  ready: Promise<void>;
  close: () => void;
};

const MASK_ZERO = Buffer.from([0, 0, 0, 0]);

function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('client frames here are small');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), MASK_ZERO, payload]);
}

const SEQ = /"seq":(\d+)/;

/** Sockets connecting at once: a thousand SYNs at a time overflow the broker's accept queue. */
const IN_FLIGHT = 50;
const ATTEMPTS = 5;
const RESUBSCRIBE_MS = 1000;

const T = /"t":(\d+)/;

export type ClientOptions = {
  /** Each update's arrival (epoch ms) and the source time it carries: delivery latency. */
  onDelivery?: (arrivedAt: number, t: number) => void;
};

/** Opens `count` sockets to the broker, each subscribed to `ch` of `symbol`. */
export function openClients(
  url: string,
  count: number,
  ch: string,
  symbol: string,
  options: ClientOptions = {},
): FanoutClients {
  const { hostname, port } = new URL(url);
  const arrivals: Arrivals = new Map();
  const sockets: net.Socket[] = [];
  let mismatches = 0;
  const examples: string[][] = [];
  let snapshots = 0;
  let catchUps = 0;
  let repeatedTimes = 0;
  let refused = 0;
  let closing = false;
  let upgrades = 0;
  let refusedAnswers = 0;
  const refusals: string[] = [];
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const sub = clientFrame(JSON.stringify({ op: 'sub', ch, symbol }));

  let opened = 0;
  const openNext = () => {
    if (opened < count) {
      opened++;
      open(1);
    }
  };
  const open = (attempt: number) => {
    const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    sockets.push(socket);
    let upgraded = false;
    // Buffer<ArrayBufferLike>: what the socket hands over and concat returns (alloc's is narrower).
    let pending: Buffer = Buffer.alloc(0);
    let snapped = false;
    let lastT = 0;
    socket.on('connect', () => {
      socket.write(
        `GET /ipxtrg-api/ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    // Before its snapshot a refused or closed socket tries again; once measuring, a lost one
    // shows as updates that did not reach every socket.
    let failure: Error | null = null;
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      if (snapped || closing) return;
      refused++;
      if (attempt >= ATTEMPTS) return rejectReady(failure ?? new Error('socket closed before its snapshot'));
      setTimeout(() => open(attempt + 1), 100 * attempt);
    });
    socket.on('data', (chunk: Buffer) => {
      const at = performance.now();
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!pending.subarray(0, 12).toString().includes('101'))
          return rejectReady(new Error(`upgrade refused: ${pending.toString().slice(0, 80)}`));
        upgraded = true;
        upgrades++;
        pending = pending.subarray(end + 4);
        socket.write(sub);
      }
      for (;;) {
        if (pending.length < 2) return;
        let length = pending[1]! & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (pending.length < 4) return;
          length = pending.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (pending.length < 10) return;
          length = Number(pending.readBigUInt64BE(2));
          offset = 10;
        }
        if (pending.length < offset + length) return;
        const frame = pending.subarray(0, offset + length);
        pending = pending.subarray(offset + length);
        const text = frame.toString('latin1', offset);
        if (!text.startsWith('{"op":"data"')) {
          // A node between owner and follower (a partition's takeover) answers UNKNOWN_SYMBOL
          // until its market is loaded: the subscription is asked again, as a user's screen
          // would on its next visit, within the run's deadline.
          if (!snapped && text.startsWith('{"op":"error"')) {
            if (refusals.length < 3) refusals.push(text);
            refusedAnswers++;
            setTimeout(() => !socket.destroyed && socket.write(sub), RESUBSCRIBE_MS);
          }
          continue;
        }
        if (text.includes('"snap":true')) {
          if (!snapped) {
            snapped = true;
            if (++snapshots === count) resolveReady();
            openNext();
          } else catchUps++;
          continue;
        }
        const t = Number(T.exec(text)?.[1]);
        if (t <= lastT) repeatedTimes++;
        lastT = t;
        // An update is known by its stream seq: one broker's, as all of one client set's sockets
        // are on one node (a cluster's nodes number their streams each their own way).
        const key = Number(SEQ.exec(text)?.[1]);
        options.onDelivery?.(performance.timeOrigin + at, t);
        const seen = arrivals.get(key);
        if (!seen) arrivals.set(key, { first: at, last: at, count: 1, bytes: text });
        else {
          seen.first = Math.min(seen.first, at);
          seen.last = Math.max(seen.last, at);
          seen.count++;
          if (seen.bytes !== text && ++mismatches <= 3) examples.push([seen.bytes, text]);
        }
      }
    });
  };
  for (let i = 0; i < IN_FLIGHT; i++) openNext();
  return {
    arrivals,
    mismatches: () => mismatches,
    examples: () => examples,
    catchUps: () => catchUps,
    repeatedTimes: () => repeatedTimes,
    progress: () => ({ subscribed: snapshots, upgrades, refused, refusedAnswers, refusals }),
    ready,
    close: () => {
      closing = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}
