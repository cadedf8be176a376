import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { OutboundFailure, failureOf } from './failure';
import { guardedLookup, systemResolver, type Resolver } from './lookup';
import { checkUrl, type CheckedUrl, type OutboundRules } from './target';

/** How the broker reaches URLs users give it; one per app (AppConfig's `outbound`). */
export type OutboundConfig = OutboundRules & {
  /** The resolver names go through; the system's when absent (tests give a table). */
  resolve?: Resolver;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Bytes of an answer read; the rest is cut off (a push service answers with a few). */
  maxResponseBytes?: number;
};

export type OutboundResponse = { status: number; body: Buffer; truncated: boolean };

export type OutboundClient = {
  /** The checks made before any connection (scheme, credentials, names and address literals). */
  check(url: string): CheckedUrl;
  /** POSTs once: no redirect followed, no retry; fails with an OutboundFailure. */
  post(
    url: string,
    init: { headers: Record<string, string>; body: Buffer | null },
  ): Promise<OutboundResponse>;
};

const DEFAULTS = { connectTimeoutMs: 5_000, totalTimeoutMs: 10_000, maxResponseBytes: 16 * 1024 };

function readCapped(res: IncomingMessage, max: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      const room = max - size;
      chunks.push(chunk.subarray(0, Math.max(0, room)));
      size += chunk.length;
      // Enough read: the rest is not wanted, so the connection is closed rather than drained.
      if (size > max) {
        res.destroy();
        resolve({ body: Buffer.concat(chunks), truncated: true });
      }
    });
    res.on('end', () => resolve({ body: Buffer.concat(chunks), truncated: false }));
    res.on('error', reject);
  });
}

/**
 * The one way the broker sends a request to a URL a user gave it (docs/outbound.md): checked
 * before connecting, resolved through the guarded lookup, one fresh connection per request (no
 * pooled socket outlives the check that admitted it), bounded in time and in what it reads.
 */
export function createOutboundClient(config: OutboundConfig): OutboundClient {
  const limits = { ...DEFAULTS, ...config };
  const lookup = guardedLookup(config.resolve ?? systemResolver, config.allowLoopback);
  const check = (url: string) => checkUrl(url, config);

  async function post(
    target: string,
    init: { headers: Record<string, string>; body: Buffer | null },
  ): Promise<OutboundResponse> {
    const { url, host } = check(target);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const finish = (error: unknown, response?: OutboundResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(total);
        if (response) resolve(response);
        else reject(failureOf(error, host));
      };
      const req = send({
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...init.headers, 'content-length': String(init.body?.length ?? 0) },
        lookup,
        agent: false,
        maxHeaderSize: 8 * 1024,
      });
      const total = setTimeout(
        () => req.destroy(new OutboundFailure('timeout', `no answer in ${limits.totalTimeoutMs} ms`, host)),
        limits.totalTimeoutMs,
      );
      req.on('socket', (socket) => {
        const connect = setTimeout(
          () =>
            req.destroy(
              new OutboundFailure('timeout', `no connection in ${limits.connectTimeoutMs} ms`, host),
            ),
          limits.connectTimeoutMs,
        );
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connect));
        socket.once('close', () => clearTimeout(connect));
      });
      req.on('error', (error) => finish(error));
      req.on('response', (res) => {
        readCapped(res, limits.maxResponseBytes).then(
          (read) => finish(null, { status: res.statusCode ?? 0, ...read }),
          (error: unknown) => finish(error),
        );
      });
      req.end(init.body ?? undefined);
    });
  }

  return { check, post };
}
