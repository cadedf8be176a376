import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Db } from './db/client';
import type { MarketSource } from './market/source';
import { parseClientMessage, WS_PATH, type ServerMessage } from '../domain/protocol/ws';

/** Largest frame a client may send: commands are small; anything bigger is abuse. */
const MAX_FRAME = 16 * 1024;

/**
 * The socket the market-data worker will stream through. For now it answers pings so clients
 * can measure latency and keep the connection alive; channels arrive with the market-data work.
 */
export async function registerWebSocket(
  app: FastifyInstance,
  _deps: { market: MarketSource; db: Db },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });
  app.get(WS_PATH, { websocket: true }, (socket) => {
    const send = (message: ServerMessage) => socket.send(JSON.stringify(message));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return send({ op: 'error', key: 'MALFORMED_REQUEST', msg: 'text frames only' });
      try {
        const message = parseClientMessage(data.toString());
        if (message.op === 'ping') send({ op: 'pong', ts: Date.now() });
      } catch {
        send({ op: 'error', key: 'MALFORMED_REQUEST', msg: 'unreadable message' });
      }
    });
  });
}
