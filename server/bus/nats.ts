import { connect, NoRespondersError, RequestError, type NatsConnection } from '@nats-io/transport-node';
import { BusTimeout, decode, encode, type Bus } from './bus';

/**
 * The cluster's bus on NATS core (issue 19; the README says why NATS). Core pub/sub is enough:
 * what must survive a crash is in PostgreSQL, and a socket that misses events while its node
 * reconnects resnapshots, as after any reconnect. Requests go to a queue group, so of the
 * nodes serving a subject exactly one answers.
 */
export async function connectNatsBus(url: string, name: string): Promise<Bus> {
  const nc: NatsConnection = await connect({
    servers: url,
    name,
    // A broker outlives a restart of the bus server: keep trying, never give up.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });

  return {
    kind: 'nats',
    publish(subject, data) {
      nc.publish(subject, encode(data));
    },
    subscribe(subject, handler) {
      const sub = nc.subscribe(subject, {
        callback: (error, msg) => {
          if (error) return;
          try {
            handler(decode(msg.string()));
          } catch {
            // A consumer's failure is its own.
          }
        },
      });
      return () => sub.unsubscribe();
    },
    serve(subject, responder) {
      const sub = nc.subscribe(subject, {
        queue: 'serve',
        callback: (error, msg) => {
          if (error || !msg.reply) return;
          void responder(decode(msg.string())).then(
            (answer) => msg.respond(encode(answer)),
            // The responder wraps its own refusals; this is a bug's last stop, never silent.
            (failure: unknown) => msg.respond(encode({ failed: String(failure) })),
          );
        },
      });
      return () => sub.unsubscribe();
    },
    async request(subject, data, timeoutMs) {
      try {
        const msg = await nc.request(subject, encode(data), { timeout: timeoutMs });
        return decode(msg.string());
      } catch (error) {
        const none =
          error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders());
        throw Object.assign(new BusTimeout(subject, !none), { cause: error });
      }
    },
    async close() {
      await nc.drain();
    },
  };
}
