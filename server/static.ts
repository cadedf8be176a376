import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built client. Hashed assets are cached for a year; index.html never is, so a
 * new deploy reaches users on their next load. Returns how to answer a history-mode route.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
): Promise<(reply: FastifyReply) => FastifyReply> {
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own Cache-Control below; the plugin's default would overwrite it.
    cacheControl: false,
    setHeaders: (res, path) => {
      const immutable = /[/\\]assets[/\\]/.test(path);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (reply) => reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
}
