import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../server/app-state';
import { webSocketHub } from '../../server/ws';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';
import { isData, openSocket } from '../support/ws-client';

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Sockets come and go all day: each one's streams, listeners and timers must go with it. */
describe('WebSocket lifecycle', () => {
  let server: TestServer;
  let source: ScriptedSource;

  beforeAll(async () => {
    source = scriptedSource(['THYAO', 'GARAN', 'BTCUSDT'].map((s) => instrument(s)));
    for (const symbol of ['THYAO', 'GARAN', 'BTCUSDT']) source.setTicker(symbol, {});
    server = await startServer('pglite', { source });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('returns to baseline after 100 sockets subscribe and close', async () => {
    const hub = webSocketHub(server.app)!;
    const baseline = {
      listeners: source.listenerCount(),
      events: eventsOf(server.database.db).listenerCount(),
    };
    expect(hub.stats()).toEqual({ connections: 0, streams: 0, subscriptions: 0, listening: false });
    const { token } = await userWithSession(server.database.db);
    const sockets = await Promise.all(Array.from({ length: 100 }, () => openSocket(server.url)));
    await Promise.all(
      sockets.map(async (client, i) => {
        const symbol = ['THYAO', 'GARAN', 'BTCUSDT'][i % 3]!;
        client.send({ op: 'sub', ch: 'ticker', symbol });
        client.send({ op: 'sub', ch: 'book', symbol });
        client.send({ op: 'sub', ch: 'candles:1m', symbol });
        if (i % 10 === 0) {
          client.send({ op: 'auth', token });
          client.send({ op: 'sub', ch: 'messages' });
        }
        await client.next(isData('book', symbol, true));
        if (i % 10 === 0) await client.next((f) => f.op === 'subscribed' && f.ch === 'messages');
      }),
    );
    expect(hub.stats()).toMatchObject({ connections: 100, streams: 9, subscriptions: 300, listening: true });
    expect(source.listenerCount()).toBe(baseline.listeners + 1);
    expect(eventsOf(server.database.db).listenerCount()).toBe(baseline.events + 10);
    // Half close politely, half just vanish.
    await Promise.all(
      sockets.map((c, i) => (i % 2 === 0 ? c.close() : Promise.resolve(c.socket.terminate()))),
    );
    await until(() => hub.stats().connections === 0, 'every connection to go');
    expect(hub.stats()).toEqual({ connections: 0, streams: 0, subscriptions: 0, listening: false });
    expect(source.listenerCount()).toBe(baseline.listeners);
    expect(eventsOf(server.database.db).listenerCount()).toBe(baseline.events);
  });
});
