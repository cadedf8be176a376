import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';

/** Stands for a body in a format we don't take; the route answers -1001 UNSUPPORTED_MEDIA_TYPE. */
export const UNSUPPORTED_BODY = Symbol('unsupported-body');

/**
 * POST bodies are form-encoded (SPEC §7). Anything else is read (within the body limit, so an
 * oversized one still gets 413) and answered with a clear error instead of Fastify's 415.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, UNSUPPORTED_BODY));
}
