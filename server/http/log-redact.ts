import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Nothing that carries a secret reaches a log line: the trade and withdrawal PINs (`tradePassword`,
 * `withdrawPassword`), login passwords (`password`, `loginPassword`, `confirmPassword`…), tokens.
 * Some travel in a query string (SPEC's GET /user/vip/buy), any may sit in a form body or in an
 * error's message, so redaction is by field name, wherever the field appears: an object's key, a
 * `name=value` pair of a URL or form, a `"name": value` of JSON or `name: 'value'` of a dump.
 */
const SECRET = String.raw`pass(?:word|wd)|pwd|pin|token|secret`;
const SECRET_NAME = new RegExp(SECRET, 'i');
// Bounded, and starting where a name starts, so a long run of word characters (a 60 KB query
// value) costs linear time, not quadratic backtracking.
const NAME = String.raw`(?<![\w.\-[\]])[\w.\-[\]]{0,40}(?:${SECRET})[\w.\-[\]]{0,40}`;
const PATTERNS: readonly [RegExp, string][] = [
  [new RegExp(String.raw`(${NAME}=)[^&\s#"']*`, 'gi'), '$1***'],
  [new RegExp(String.raw`("${NAME}"\s*:\s*)(?:"(?:[^"\\]|\\.)*"|[\w.+-]+)`, 'gi'), '$1"***"'],
  [new RegExp(String.raw`(${NAME}\s*:\s*)(?:'[^']*'|"[^"]*"|\d+)`, 'gi'), "$1'***'"],
];

export const REDACTED = '***';

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** `text` with the value of every secret-named field in it masked. */
export function redactText(text: string): string {
  return PATTERNS.reduce((out, [pattern, mask]) => out.replace(pattern, mask), text);
}

const isPlain = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A log object with secrets masked: secret-named keys, and secret pairs inside strings. Only plain
 * objects and arrays are walked (a copy; the caller's object is left alone); errors and requests
 * are their serializers' (below).
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => redactValue(v, depth + 1));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = isSecretName(key) ? REDACTED : redactValue(v, depth + 1);
  return out;
}

type LoggedError = Error & { code?: unknown; statusCode?: unknown; cause?: unknown };

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as a log shows it (pino's fields), its message, stack and own fields redacted. */
export function serializeError(error: LoggedError, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const own: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(error)) own[key] = v;
  const out: SerializedError = {
    ...(redactValue(own) as Record<string, unknown>),
    type: error.name,
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
  };
  if (error.cause instanceof Error && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: redactText(req.url), remoteAddress: req.ip };
}

/** A writable for log lines (tests read them back). */
export type LogStream = { write(line: string): void };

/**
 * The broker's logger: its level, headers that carry a session never logged, and secrets masked in
 * every line — the message, the fields, errors and requests — for every route and every failure.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.accesstoken', 'req.headers.cookie', 'req.headers.authorization'],
      censor: REDACTED,
    },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    formatters: { log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(this: FastifyBaseLogger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
        );
      },
    },
    ...(stream ? { stream } : {}),
  };
}
