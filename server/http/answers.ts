import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, type ErrorEnvelope } from '../../domain/protocol/envelope';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import { resolveLocale } from '../../domain/format/locale';
import { translate } from '../i18n';
import { isStaticPath } from '../static';
import { isAppPath } from '../../domain/routes/app-paths';
import { ApiError } from './errors';

function errorEnvelope(req: FastifyRequest, error: ApiError): ErrorEnvelope {
  const locale = resolveLocale(req.headers['accept-language']);
  const msg = translate(locale, error.key, error.params);
  const shown = error.paramsShown ? { params: error.params } : {};
  return { code: error.code, msg, key: error.key, ...shown, data: {} };
}

function send(req: FastifyRequest, reply: FastifyReply, status: number, key: ErrorKey): FastifyReply {
  return reply.status(status).send(errorEnvelope(req, new ApiError(key)));
}

/**
 * Every failure leaves as an envelope (DECISIONS §4): a caller's mistake as HTTP 200 with
 * -1001 and a key, an oversized body as 413, and our own bugs as a plain 500 with no stack.
 */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    if (error instanceof ApiError) return reply.status(200).send(errorEnvelope(req, error));
    const status = error.statusCode ?? 500;
    if (status === 413) return send(req, reply, 413, 'PAYLOAD_TOO_LARGE');
    if (status === 415) return send(req, reply, 200, 'UNSUPPORTED_MEDIA_TYPE');
    if (status >= 400 && status < 500) {
      req.log.info({ err: error }, 'malformed request');
      return send(req, reply, 200, 'MALFORMED_REQUEST');
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(req, reply, 500, 'INTERNAL_ERROR');
  });
}

/**
 * Unknown API paths get 404 (405 when the path exists under another method), as envelopes.
 * A path naming a file that isn't there is a plain 404 (a missing /sw.js or /favicon.ico must
 * not come back as the app's page). Other GETs get the app's index page: 200 for a path the app
 * has a screen for, 404 for any other (the app renders its not-found screen; a dead link or a
 * typo must not look like a page to crawlers, link checkers and monitors).
 */
export function registerNotFound(
  app: FastifyInstance,
  knownPaths: ReadonlyMap<string, ReadonlySet<string>>,
  serveApp: ((reply: FastifyReply) => Promise<FastifyReply>) | null,
): void {
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      const methods = knownPaths.get(path.slice(API_PREFIX.length));
      return send(req, reply, methods ? 405 : 404, methods ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND');
    }
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && isStaticPath(path)) return reply.status(404).type('text/plain').send('Not Found');
    if (serveApp && isRead) {
      if (isAppPath(path)) return serveApp(reply.status(200));
      // A 404 is always sent whole: a revalidation answered 304 would keep the 404 status with
      // no body, a blank page where the not-found screen belongs.
      delete req.headers['if-none-match'];
      delete req.headers['if-modified-since'];
      return serveApp(reply.status(404));
    }
    return send(req, reply, 404, 'NOT_FOUND');
  });
}
