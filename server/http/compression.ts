import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * Compresses answers of 1 KiB and more (API lists, openapi.json) with brotli or gzip, as the
 * caller accepts. Built assets come precompressed from the build (server/static.ts) and are
 * left alone; event streams are never buffered by a compressor (the plugin's default types skip
 * text/event-stream) and WebSocket frames don't pass through here at all. Registered before any
 * route: the plugin attaches itself to each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Requests are small forms; a compressed request body is nothing a client of ours sends.
    globalDecompression: false,
  });
}
