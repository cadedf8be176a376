import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockTick } from '../../domain/rules/stock';
import type { Bus } from '../../server/bus/bus';
import { connectNatsBus } from '../../server/bus/nats';
import { SUBJECTS } from '../../server/cluster/subjects';
import { startCluster, type Cluster } from '../support/cluster';
import { operator } from '../support/operator';

// Alerts on two broker nodes (real processes, one PostgreSQL database, one NATS server): only the
// partition's owner runs the alert engine, so an alert added or deleted through the other node
// must reach the owner's engine, or it goes unwatched (or keeps firing) until a takeover.
type User = { userId: string; userToken: string; userTokenDemo: string };
type Answer = { code: number; key?: string; data: Record<string, unknown> };

let cluster: Cluster;
let watcher: Bus;
const node = (i: number) => cluster.nodes[i]!;

async function post(i: number, path: string, token: string, body: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${node(i).url}/ipxtrg-api${path}`, {
    method: 'POST',
    headers: { accesstoken: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return (await res.json()) as Answer;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function lastPrice(): Promise<Decimal> {
  const res = await fetch(`${node(1).url}/ipxtrg-api/stock/index/info?symbol=THYAO`);
  return new Decimal(((await res.json()) as { data: { price: string } }).data.price);
}

beforeAll(async () => {
  cluster = await startCluster(2);
  await waitFor(
    'node 0 owns the partition',
    async () => ((await cluster.owner()) === 0 ? true : undefined),
    10_000,
  );
  watcher = await connectNatsBus(cluster.nats.url, 'alerts-test-watcher');
}, 240_000);

afterAll(async () => {
  await watcher?.close();
  await cluster?.stop();
});

describe('alerts on two broker nodes', () => {
  it('fires on the owner an alert added on the follower, and not one deleted there', async () => {
    const port = new URL(node(0).url).port;
    const env = { port, dataDir: cluster.dataDir };
    const user = (await operator(['create-user'], env)) as User;
    const mover = (await operator(['create-user', '--kyc', 'approved'], env)) as User;
    await operator(['fund', mover.userId, '100000000', '--reason', 'walk'], env);
    // What the user's open app would hear, wherever it is connected.
    const fired: string[] = [];
    const off = watcher.subscribe(SUBJECTS.user(user.userId), (m) => {
      // The bus carries the event's text as it will be written to the user's sockets.
      const { ch, text } = m as { ch: string; text: string };
      if (ch === 'alerts') fired.push((JSON.parse(text) as { id: string }).id);
    });

    // Two alerts on one line two ticks above the price: A added through the follower; B added
    // through the owner (its engine watches it at once) and deleted through the follower.
    let added: { a: string; b: string; line: Decimal; tick: Decimal } | null = null;
    for (let attempt = 0; attempt < 5 && !added; attempt += 1) {
      const price = await lastPrice();
      const tick = new Decimal(stockTick(price.toFixed()));
      const line = price.plus(tick.times(2));
      const body = { symbol: 'THYAO', kind: 'above', threshold: line.toFixed() };
      const a = await post(1, '/user/alert/add', user.userTokenDemo, body);
      const b = await post(0, '/user/alert/add', user.userTokenDemo, body);
      // The simulator moves on meanwhile: a line it already crossed is refused; try a new one.
      if (a.code !== 0 || b.code !== 0) {
        expect([a.key, b.key].filter(Boolean)).toEqual(expect.arrayContaining(['ALERT_ALREADY_PAST']));
        for (const done of [a, b])
          if (done.code === 0)
            await post(1, '/user/alert/delete', user.userTokenDemo, { id: String(done.data.id) });
        continue;
      }
      added = { a: String(a.data.id), b: String(b.data.id), line, tick };
    }
    if (!added) throw new Error('the price kept crossing every line offered');
    const deleted = await post(1, '/user/alert/delete', user.userTokenDemo, { id: added.b });
    expect(deleted, JSON.stringify(deleted)).toMatchObject({ code: 0, data: { deleted: true } });

    // The mover buys through the follower above the line: its orders take the asks up to their
    // limit, trading through the line.
    const limit = added.line.plus(added.tick).toFixed(2);
    let pushing = true;
    const pushes: Promise<unknown>[] = [];
    const timer = setInterval(() => {
      if (pushing)
        pushes.push(
          post(1, '/stock/order/buy', mover.userToken, {
            symbol: 'THYAO',
            type: 'limit',
            price: limit,
            quantity: '200',
          }).catch(() => undefined),
        );
    }, 100);
    try {
      await waitFor('alert A fired', async () => (fired.includes(added.a) ? true : undefined), 30_000);
      // B sat on the same line: had the owner still watched it, it fired on the same tick as A.
      await new Promise((r) => setTimeout(r, 1_000));
    } finally {
      pushing = false;
      clearInterval(timer);
      await Promise.allSettled(pushes);
      off();
    }
    expect(fired).toContain(added.a);
    expect(fired).not.toContain(added.b);
    const list = await post(1, '/user/alert/list', user.userTokenDemo, { page: '1', size: '10' });
    const rows = list.data.list as { id: string; firedCount: number }[];
    expect(rows.map((r) => r.id)).toEqual([added.a]);
    expect(rows[0]!.firedCount).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
