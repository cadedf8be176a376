import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Served by the build itself beside each file (scripts/vite-pwa.ts), never as URLs. */
const PRECOMPRESSED = ['**/*.br', '**/*.gz'];

/**
 * Serves the built client. Hashed assets are cached for a year; index.html, sw.js and the manifest never are,
 * so a new deploy reaches users on their next load. Brotli or gzip come from the files the build
 * wrote beside each asset. Returns how to answer a history-mode route.
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
    globIgnore: PRECOMPRESSED,
    preCompressed: true,
    // Our own Cache-Control below; the plugin's default would overwrite it.
    cacheControl: false,
    setHeaders: (res, path) => {
      const immutable = /[/\\]assets[/\\]/.test(path);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers br, gzip or plain by Accept-Encoding; caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return (reply) => reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
}

/**
 * A path that names a file (an extension in its last segment, or anything under /assets/) is a
 * static miss when no file answered it: 404, not the app's page with 200. History-mode routes
 * (`/`, `/pages/...`) have no extension.
 */
export function isStaticPath(path: string): boolean {
  if (path.startsWith('/assets/')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}
