import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { resolveLocale } from '../domain/format/locale';
import { WS_PATH } from '../domain/protocol/ws';
import { requireSession } from './auth/session';
import { appStateOf } from './app-state';
import type { Db } from './db/client';
import type { MarketSource } from './market/source';
import { Connection } from './ws/connection';
import { Hub, type HubOptions } from './ws/hub';
import { sharedFrameSocket } from './ws/socket';

/** Largest frame a client may send: commands are small; anything bigger is abuse. */
const MAX_FRAME = 16 * 1024;

const hubs = new WeakMap<FastifyInstance, Hub>();
const openSockets = new WeakMap<FastifyInstance, Set<{ close(code: number, reason: string): void }>>();

/**
 * Closes every socket of this app as a restart would (1012): clients reconnect, resubscribe and
 * refetch what their screens show. A cluster node does this when its bus comes back:
 * the private events published while it was away (a fill on the owner) never reached it.
 */
export function restartSockets(app: FastifyInstance, reason: string): void {
  for (const socket of [...(openSockets.get(app) ?? [])]) socket.close(1012, reason);
}

/** The hub serving an app's sockets (tests read its stats to prove nothing leaks). */
export function webSocketHub(app: FastifyInstance): Hub | undefined {
  return hubs.get(app);
}

/**
 * The market-data and private-event socket (DECISIONS §4, docs/market-data-protocol.md):
 * public streams per symbol, `auth` opening the private channels, a heartbeat every second.
 */
export async function registerWebSocket(
  app: FastifyInstance,
  deps: { market: MarketSource; db: Db; hub?: Partial<HubOptions> },
): Promise<void> {
  const hub = new Hub(deps.market, deps.hub);
  hubs.set(app, hub);
  const sockets = new Set<{ close(code: number, reason: string): void }>();
  openSockets.set(app, sockets);
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });
  app.get(WS_PATH, { websocket: true }, (socket, req) => {
    const query = req.query as Record<string, unknown>;
    const lang = typeof query.lang === 'string' ? query.lang : req.headers['accept-language'];
    // The same session rule as REST: a token is good here exactly when it is good there.
    const connection = new Connection(
      hub,
      sharedFrameSocket(socket),
      resolveLocale(lang),
      (token) => requireSession(deps.db, token),
      appStateOf(deps.db).events,
    );
    socket.on('message', (data, isBinary) => connection.receive(isBinary ? null : data.toString()));
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      connection.close();
    });
    socket.on('error', () => connection.close());
  });
}
