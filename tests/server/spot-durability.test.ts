import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { verifyLedger } from '../../server/ledger/verify';
import { operator } from '../support/operator';
import { bundledBroker, startBroker, type Started } from '../support/process';
import { dbTargets, emptyPgDatabase, postForm } from '../support/server';

type Envelope = { code: number; key?: string; data: Record<string, unknown> };
type Acked = { id: string; fills: string[] };

/**
 * Durability: the broker process is SIGKILLed in the middle of a load of orders; after a restart
 * on the same data every acknowledged order and fill is there and the ledger balances. Orders
 * are acknowledged only once their batch committed, so nothing acknowledged may be missing.
 */
describe.each(dbTargets())('orders survive a SIGKILL on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  });

  async function database(): Promise<{ env: Record<string, string>; url: string | null; dataDir: string }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-kill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    if (target === 'pglite') return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, url: null, dataDir };
    const scratch = await emptyPgDatabase('seans_kill');
    cleanups.push(() => scratch.drop());
    return { env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url }, url: scratch.url, dataDir };
  }

  const start = async (env: Record<string, string>) =>
    startBroker(
      { ...env, LOG_LEVEL: 'warn', SCRYPT_N: '1024', MARKET_ALWAYS_OPEN: '1', CLIENT_DIR: '/nonexistent' },
      120_000,
      await bundledBroker(),
    );

  it('keeps every acknowledged order and fill, and the ledger balances', async () => {
    const { env, url, dataDir } = await database();
    let broker: Started = await start(env);
    cleanups.push(async () => void (await broker.stop()));
    const created = (await operator(['create-user'], { port: new URL(broker.url).port, dataDir })) as {
      userTokenDemo: string;
    };
    const token = created.userTokenDemo;
    const api = (p: string) => `${broker.url}/ipxtrg-api${p}`;
    const info = (await (await fetch(`${api('/stock/index/info')}?symbol=GARAN`)).json()) as Envelope;
    const lower = String(info.data.lowerLimit);

    const acked: Acked[] = [];
    let stop = false;
    let n = 0;
    async function client(): Promise<void> {
      while (!stop) {
        const i = n++;
        const fields: Record<string, string> =
          i % 2 === 0
            ? { symbol: 'GARAN', type: 'market', quantity: '1', clientOrderId: `k${i}` }
            : { symbol: 'GARAN', type: 'limit', price: lower, quantity: '1', clientOrderId: `k${i}` };
        try {
          const res = (await (
            await postForm(api('/stock/order/buy'), fields, { accesstoken: token })
          ).json()) as {
            code: number;
            data: { order: { id: string }; fills: { id: string }[] };
          };
          if (res.code === 0) acked.push({ id: res.data.order.id, fills: res.data.fills.map((f) => f.id) });
        } catch {
          return; // the process is gone
        }
      }
    }
    const clients = Array.from({ length: 16 }, client);
    while (acked.length < 150) await new Promise((r) => setTimeout(r, 20));
    broker.child.kill('SIGKILL');
    stop = true;
    await Promise.all(clients);
    await broker.stop();
    expect(acked.length).toBeGreaterThanOrEqual(150);
    expect(acked.filter((o) => o.fills.length > 0).length).toBeGreaterThan(10);

    broker = await start(env);
    for (const order of acked) {
      const res = (await (
        await fetch(`${api('/stock/order/info')}?id=${order.id}`, { headers: { accesstoken: token } })
      ).json()) as { code: number; data: { fills: { id: string }[] } };
      expect(res.code, `order ${order.id}`).toBe(0);
      const stored = new Set(res.data.fills.map((f) => f.id));
      for (const fill of order.fills) expect(stored.has(fill), `fill ${fill} of ${order.id}`).toBe(true);
    }
    await broker.stop();
    const db = await openDatabase(url ? { kind: 'postgres', url, poolSize: 2 } : { kind: 'pglite', dataDir });
    try {
      expect(await verifyLedger(db.db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
