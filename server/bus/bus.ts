import Decimal from 'decimal.js';

/**
 * The message bus between broker nodes (DECISIONS §6). One process needs none: the
 * default is in-process. With `BUS_URL` the nodes of a cluster share NATS: market events leave
 * the partition owner once and reach every node, a user's private events reach the node that
 * holds the user's sockets, and trading calls travel from any node to the owner.
 *
 * Payloads are JSON with bigints, Dates and Decimals kept (see `encode`).
 */
export type BusHandler = (data: unknown) => void;
/** Answers one request; a thrown error travels back to the caller as a refusal. */
export type BusResponder = (data: unknown) => Promise<unknown>;

export interface Bus {
  readonly kind: 'local' | 'nats';
  /** Fire and forget; delivery is in publish order per subject from one node. */
  publish(subject: string, data: unknown): void;
  /**
   * Text as it is, not JSON-encoded: what is already in its final form (the owner's encoded
   * stream frames) crosses without a second encoding on the way out or a parse on the way in.
   * A text holds no line break: on NATS the texts of one turn of the event loop travel as one
   * message, a line each, and each reaches `subscribeText`'s handler alone, in order.
   */
  publishText(subject: string, text: string): void;
  subscribeText(subject: string, handler: (text: string) => void): () => void;
  /** `*` matches one token, `>` the rest, as NATS subjects do. Returns the unsubscribe. */
  subscribe(subject: string, handler: BusHandler): () => void;
  /** Serves requests on `subject`: of several servers, one answers each request. */
  serve(subject: string, responder: BusResponder): () => void;
  /** Resolves with the answer; rejects with BusTimeout when nobody answers in time. */
  request(subject: string, data: unknown, timeoutMs: number): Promise<unknown>;
  /**
   * Called when the connection to the bus server comes back after a loss (NATS only): what was
   * published meanwhile never arrived. Returns the unsubscribe.
   */
  onReconnect?(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * No answer. `delivered: false` when nobody serves the subject (the request reached no one, so
 * nothing was done); true when a server took it and did not answer in time (it may have acted).
 */
export class BusTimeout extends Error {
  constructor(
    subject: string,
    readonly delivered: boolean,
  ) {
    super(`no answer on ${subject}`);
    this.name = 'BusTimeout';
  }
}

/**
 * JSON that keeps what the engines hand back: bigints (ids), Dates (row timestamps) and Decimals
 * come back as themselves, tagged on the wire as `{"$big":"123"}`, `{"$date":1700000000000}`,
 * `{"$dec":"1.5"}`.
 */
export function encode(data: unknown): string {
  return JSON.stringify(data, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { $date: raw.getTime() };
    if (raw instanceof Decimal) return { $dec: raw.toString() };
    if (typeof value === 'bigint') return { $big: value.toString() };
    return value;
  });
}

export function decode(text: string): unknown {
  // A tag is an object whose only key starts with `$`, and encode writes no spaces: a text
  // without `{"$` has none, and is read without the reviver, which JSON calls back for every value.
  if (!text.includes('{"$')) return JSON.parse(text);
  return JSON.parse(text, revive);
}

function revive(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1) return value;
  const tagged = (value as Record<string, unknown>)[keys[0] as string];
  if (keys[0] === '$big' && typeof tagged === 'string') return BigInt(tagged);
  if (keys[0] === '$date' && typeof tagged === 'number') return new Date(tagged);
  if (keys[0] === '$dec' && typeof tagged === 'string') return new Decimal(tagged);
  return value;
}

/** Whether a NATS-style pattern matches a subject. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const have = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '>') return have.length > i;
    if (i >= have.length || (want[i] !== '*' && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}
