import {
  connect,
  NoRespondersError,
  RequestError,
  type Msg,
  type NatsConnection,
} from '@nats-io/transport-node';
import { fanoutProbe } from '../ws/fanout-probe';
import { BusTimeout, decode, encode, type Bus } from './bus';

/**
 * The cluster's bus on NATS core (the README says why NATS). Core pub/sub is enough:
 * what must survive a crash is in PostgreSQL, and a socket that misses events while its node
 * reconnects resnapshots, as after any reconnect. Requests go to a queue group, so of the
 * nodes serving a subject exactly one answers.
 */
/** Answers a request; what cannot be sent (over NATS's payload limit) is answered as a failure. */
async function answer(msg: Msg, respond: () => Promise<unknown>): Promise<void> {
  let text: string;
  try {
    text = encode(await respond());
  } catch (failure) {
    // The responder wraps its own refusals: this is a bug's last stop, never silent.
    text = encode({ failed: String(failure) });
  }
  try {
    msg.respond(text);
  } catch (failure) {
    msg.respond(encode({ failed: `answer not sent: ${String(failure)}` }));
  }
}

/** Hands each message's text to `take`; returns the unsubscribe. */
function listen(nc: NatsConnection, subject: string, take: (text: string) => void): () => void {
  const sub = nc.subscribe(subject, {
    callback: (error, msg) => {
      if (error) return;
      try {
        const text = msg.string();
        if (fanoutProbe.on) fanoutProbe.received(text);
        take(text);
      } catch {
        // A consumer's failure is its own.
      }
    },
  });
  return () => sub.unsubscribe();
}

/** Hands each line of each message to `take`, in order (publishText's texts of one turn). */
function listenLines(nc: NatsConnection, subject: string, take: (text: string) => void): () => void {
  return listen(nc, subject, (text) => {
    let from = 0;
    for (;;) {
      const end = text.indexOf('\n', from);
      try {
        take(end < 0 ? text.slice(from) : text.slice(from, end));
      } catch {
        // A consumer's failure is its own: the lines after it still arrive.
      }
      if (end < 0) return;
      from = end + 1;
    }
  });
}

/** A turn's texts of one subject past this many characters go at once (NATS's limit is 1 MB). */
const BATCH_CHARS = 256 * 1024;

/** Publishes a turn's texts of a subject as one message, a line each, on process.nextTick. */
function lineBatches(nc: NatsConnection, sendNow: () => void) {
  const batches = new Map<string, { lines: string[]; chars: number }>();
  const send = (subject: string) => {
    const batch = batches.get(subject);
    if (!batch) return;
    batches.delete(subject);
    const text = batch.lines.join('\n');
    nc.publish(subject, text);
    sendNow();
    if (fanoutProbe.on) fanoutProbe.sent(text);
  };
  return (subject: string, text: string): void => {
    let batch = batches.get(subject);
    if (!batch) {
      batches.set(subject, (batch = { lines: [], chars: 0 }));
      process.nextTick(() => send(subject));
    }
    batch.lines.push(text);
    batch.chars += text.length;
    if (batch.chars >= BATCH_CHARS) send(subject);
  };
}

/**
 * Whether the bus server is there now. While it is away a request is not sent: nats.js would
 * buffer it through the reconnect and it went nowhere, its caller waiting the whole timeout to
 * hear "it may have been done" about an order that never left this node. `reconnected` holds the
 * listeners told when it is back.
 */
function watchConnection(nc: NatsConnection) {
  let connected = true;
  const waiting = new Set<() => void>();
  const reconnected = new Set<() => void>();
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') connected = false;
      else if (status.type === 'reconnect') {
        connected = true;
        for (const wake of [...waiting]) wake();
        for (const listener of [...reconnected]) {
          try {
            listener();
          } catch {
            // A listener's failure is its own.
          }
        }
      }
    }
  })();
  /** Resolves true once connected, or false when `ms` pass first. */
  const connection = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (connected) return resolve(true);
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.delete(wake);
        resolve(false);
      }, ms);
      waiting.add(wake);
    });
  return { connection, reconnected };
}

export async function connectNatsBus(url: string, name: string): Promise<Bus> {
  const nc: NatsConnection = await connect({
    servers: url,
    name,
    // A broker outlives a restart of the bus server: keep trying, never give up.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    // Without it every request builds an Error up front for a stack it shows only on a timeout:
    // a follower forwards every order it takes as a request, so it paid that on each.
    noAsyncTraces: true,
  });

  const { connection, reconnected } = watchConnection(nc);

  // nats.js writes what was published at the end of the current task (a microtask): the
  // partition owner publishes a market event and then writes it to its own sockets in the same
  // task, so every follower's sockets waited for the owner's whole fan-out (p99 ~80 ms against
  // the owner's ~38 with 1,667 sockets a node, fanout-5000). Market frames (publishText) go
  // before that: a turn's frames of a subject as one message, a line each, on process.nextTick,
  // which runs before the owner's sockets write theirs (their nextTick callbacks, server/ws/
  // socket.ts, are queued after the bus publisher's: it listens to the owner's frames first). One
  // message a turn, not one a frame: a simulator tick prints ~150 frames (each symbol's ticker,
  // book, trades and 8 bars), ~1,500 a second with no order at all, each of them one write(2) on
  // the owner and one NATS read and callback on every follower. The rest (a batch's private
  // events, announcements) goes in one write at the end of the task. `flushPending` is the
  // client's own flush (no PING), not in its types.
  const protocol = (nc as unknown as { protocol?: { flushPending?: () => void } }).protocol;
  const sendNow = () => protocol?.flushPending?.();
  const publishLine = lineBatches(nc, sendNow);

  return {
    kind: 'nats',
    publish(subject, data) {
      nc.publish(subject, encode(data));
    },
    publishText: publishLine,
    subscribeText: (subject, handler) => listenLines(nc, subject, handler),
    subscribe: (subject, handler) => listen(nc, subject, (text) => handler(decode(text))),
    serve(subject, responder) {
      const sub = nc.subscribe(subject, {
        queue: 'serve',
        callback: (error, msg) => {
          if (error || !msg.reply) return;
          void answer(msg, () => responder(decode(msg.string())));
        },
      });
      return () => sub.unsubscribe();
    },
    async request(subject, data, timeoutMs) {
      // Nothing sent while the server is away: the caller hears "not delivered" if it stays away.
      const deadline = Date.now() + timeoutMs;
      if (!(await connection(timeoutMs))) throw new BusTimeout(subject, false);
      try {
        const msg = await nc.request(subject, encode(data), { timeout: Math.max(1, deadline - Date.now()) });
        return decode(msg.string());
      } catch (error) {
        const none =
          error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders());
        throw Object.assign(new BusTimeout(subject, !none), { cause: error });
      }
    },
    onReconnect(listener) {
      reconnected.add(listener);
      return () => reconnected.delete(listener);
    },
    async close() {
      await nc.drain();
    },
  };
}
