import {
  BusTimeout,
  decode,
  encode,
  subjectMatches,
  type Bus,
  type BusHandler,
  type BusResponder,
} from './bus';

/**
 * The bus of one process: what `BUS_URL` unset gives. Payloads go through the same encoding as
 * on NATS, so a value that can't cross the network fails here too, in unit tests.
 */
export function createLocalBus(): Bus {
  const subscriptions = new Set<{ pattern: string; handler: BusHandler }>();
  const textSubscriptions = new Set<{ pattern: string; handler: (text: string) => void }>();
  const servers = new Map<string, BusResponder[]>();

  return {
    kind: 'local',
    publish(subject, data) {
      const text = encode(data);
      for (const s of [...subscriptions])
        if (subjectMatches(s.pattern, subject)) {
          try {
            s.handler(decode(text));
          } catch {
            // A consumer's failure is its own.
          }
        }
    },
    publishText(subject, text) {
      for (const s of [...textSubscriptions])
        if (subjectMatches(s.pattern, subject)) {
          try {
            s.handler(text);
          } catch {
            // A consumer's failure is its own.
          }
        }
    },
    subscribeText(pattern, handler) {
      const entry = { pattern, handler };
      textSubscriptions.add(entry);
      return () => textSubscriptions.delete(entry);
    },
    subscribe(pattern, handler) {
      const entry = { pattern, handler };
      subscriptions.add(entry);
      return () => subscriptions.delete(entry);
    },
    serve(subject, responder) {
      const list = servers.get(subject) ?? [];
      servers.set(subject, [...list, responder]);
      return () =>
        servers.set(
          subject,
          (servers.get(subject) ?? []).filter((r) => r !== responder),
        );
    },
    async request(subject, data) {
      const responder = servers.get(subject)?.[0];
      if (!responder) throw new BusTimeout(subject, false);
      return decode(encode(await responder(decode(encode(data)))));
    },
    async close() {
      subscriptions.clear();
      textSubscriptions.clear();
      servers.clear();
    },
  };
}
