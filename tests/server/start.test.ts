import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runBrokerToExit, startBroker, type Started } from '../support/process';

/** What `npm start` does on a fresh machine: embedded database in DATA_DIR, the built app, the API. */
describe('npm start (scripts/start.mjs) with the embedded database', () => {
  let dataDir: string;
  let broker: Started;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'seans-start-'));
    // An empty DATABASE_URL means the embedded database, whatever the suite runs with.
    broker = await startBroker({ DATA_DIR: dataDir, DATABASE_URL: '' });
  }, 180_000);
  afterAll(async () => {
    await broker?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates, migrates and seeds the database in DATA_DIR on the first run', async () => {
    expect((await readdir(dataDir)).length).toBeGreaterThan(0);
    expect(broker.output()).toContain('database seeded');
    expect(broker.output()).toContain('"database":"pglite"');
  });

  it('serves the built app at / and at every history-mode route, and the API beside it', async () => {
    // A page the app has no screen for is the app too (its not-found screen), answered 404.
    for (const [route, status] of [
      ['/', 200],
      ['/pages/tabbar/home', 200],
      ['/pages/no/such/screen', 404],
    ] as const) {
      const res = await fetch(`${broker.url}${route}`);
      expect(res.status, route).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const config = await (await fetch(`${broker.url}/ipxtrg-api/common/config`)).json();
    expect(config).toMatchObject({ code: 0, data: { sandbox: true } });
  });

  it('answers in the asked language: the bundled broker reads its locales from the repository', async () => {
    for (const [language, message] of [
      ['tr-TR', 'Sembol alanı zorunludur.'],
      ['en-US', 'Symbol is required.'],
    ]) {
      const res = await fetch(`${broker.url}/ipxtrg-api/stock/index/info`, {
        headers: { 'Accept-Language': language! },
      });
      expect(await res.json()).toMatchObject({ key: 'FIELD_REQUIRED', msg: message });
    }
  });

  it('shows no trading in a seeded IPO stock before its listing, and no history before a past one', async () => {
    const api = async (path: string, form?: Record<string, string>) => {
      const res = await fetch(`${broker.url}/ipxtrg-api${path}`, {
        method: form ? 'POST' : 'GET',
        ...(form ? { body: new URLSearchParams(form) } : {}),
      });
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    // EGEGD is still collecting subscriptions (server/primary/ipo/seed.ts): its issue price, flat.
    const info = await api('/stock/index/info?symbol=EGEGD');
    expect(info.listingAt).toBeGreaterThan(Date.now());
    expect(info).toMatchObject({ price: '18.40', prevClose: '18.40', changePct: '0.00', volume: '0' });
    expect(await api('/stock/index/books', { symbol: 'EGEGD' })).toMatchObject({ bids: [], asks: [] });
    expect(await api('/stock/index/trades', { symbol: 'EGEGD' })).toMatchObject({ list: [] });
    for (const interval of ['1m', '1d'])
      expect(await api('/stock/index/candles', { symbol: 'EGEGD', interval })).toMatchObject({ list: [] });
    // KPDTR listed days ago: its daily bars start on its listing day, and it trades.
    const listed = await api('/stock/index/info?symbol=KPDTR');
    const listingAt = listed.listingAt as number;
    expect(listingAt).toBeLessThan(Date.now());
    const daily = (await api('/stock/index/candles', { symbol: 'KPDTR', interval: '1d' })).list as {
      t: number;
    }[];
    expect(daily.length).toBeGreaterThan(0);
    expect(daily[0]!.t).toBeGreaterThan(listingAt - 86_400_000);
    const book = (await api('/stock/index/books', { symbol: 'KPDTR' })) as { bids: unknown[] };
    expect(book.bids.length).toBeGreaterThan(0);
  });

  it('starts without a deprecation warning and writes no log line per request', async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${broker.url}/ipxtrg-api/common/config`)).arrayBuffer();
    expect(broker.output()).not.toMatch(/DeprecationWarning|FSTDEP/);
    expect(broker.output()).not.toContain('incoming request');
    expect(broker.output()).not.toContain('request completed');
  });

  it('serves hashed assets with a long cache life', async () => {
    const html = await (await fetch(`${broker.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await fetch(`${broker.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    // Read it all: an unread body keeps the connection busy, and shutdown waits for busy ones.
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('answers a ping on the WebSocket', async () => {
    const socket = new WebSocket(`${broker.url.replace('http', 'ws')}/ipxtrg-api/ws`);
    const answers: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => {
        socket.send(JSON.stringify({ op: 'ping' }));
        socket.send('not json');
      };
      socket.onmessage = (event) => {
        answers.push(JSON.parse(event.data.toString()));
        if (answers.length === 2) resolve();
      };
      socket.onerror = () => reject(new Error('socket error'));
    });
    socket.close();
    expect(answers[0]).toMatchObject({ op: 'pong' });
    expect(answers[1]).toMatchObject({ op: 'error', key: 'MALFORMED_REQUEST' });
  });

  it('shuts down cleanly on SIGTERM and keeps its data for the next start, without seeding twice', async () => {
    expect(await broker.stop()).toBe(0);
    broker = await startBroker({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(broker.output()).not.toContain('database seeded');
    const res = await fetch(`${broker.url}/healthz`);
    expect(res.status).toBe(200);
  }, 120_000);

  // Four processes that each load the server before refusing: started together, and given the
  // time a loaded 2-core machine needs (one at a time they took over 30 s there).
  it('refuses to start with a clear message on bad configuration', { timeout: 90_000 }, async () => {
    const [badPort, badUrl, busAlone, badBus] = await Promise.all([
      runBrokerToExit({ PORT: 'eighty', DATA_DIR: dataDir }),
      runBrokerToExit({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir }),
      // A cluster node needs the shared database and a NATS address.
      runBrokerToExit({ BUS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: '', DATA_DIR: dataDir }),
      runBrokerToExit({ BUS_URL: 'redis://x', DATA_DIR: dataDir }),
    ]);
    expect(badPort.code).toBe(1);
    expect(badPort.output).toContain('PORT must be a number from 0 to 65535');
    expect(badUrl.code).toBe(1);
    expect(badUrl.output).toContain('DATABASE_URL must start with postgres://');
    expect(busAlone.code).toBe(1);
    expect(busAlone.output).toContain('BUS_URL needs DATABASE_URL');
    expect(badBus.code).toBe(1);
    expect(badBus.output).toContain('BUS_URL must be a nats:// address');
    expect(existsSync(dataDir)).toBe(true);
  });
});
