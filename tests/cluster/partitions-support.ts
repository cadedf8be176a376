import Decimal from 'decimal.js';
import { inArray, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { spotOrders } from '../../server/db/schema/trading';
import type { Cluster } from '../support/cluster';
import { operator } from '../support/operator';

export type User = { userId: string; password: string; userToken: string; userTokenDemo: string };
export type Answer = { code: number; key?: string; data: Record<string, unknown> };

/** A cluster of trading partitions seen from a test: calls, owners, rows. */
export function partitionsWorld(cluster: Cluster) {
  const node = (i: number) => {
    const n = cluster.nodes[i];
    if (!n) throw new Error(`no node ${i}`);
    return n;
  };
  const alive = (i: number) => node(i).child.exitCode === null && node(i).child.signalCode === null;

  async function call(i: number, path: string, token: string, body: Record<string, string> = {}) {
    const get = path === '/stock/order/cancel';
    const query = new URLSearchParams(body).toString();
    const res = await fetch(`${node(i).url}/ipxtrg-api${path}${get ? `?${query}` : ''}`, {
      method: get ? 'GET' : 'POST',
      headers: { accesstoken: token, 'content-type': 'application/x-www-form-urlencoded' },
      ...(get ? {} : { body: query }),
      signal: AbortSignal.timeout(15_000),
    });
    // A 500 names what each node logged as an error, which the owner of a forwarded call logs too.
    if (res.status >= 500) expect.fail(`${path} on node ${i}: ${res.status}\n${errorsLogged()}`);
    return (await res.json()) as Answer;
  }

  /** The error lines of every node's output, for a failure's message. */
  const errorsLogged = () =>
    cluster.nodes
      .map((n, k) => {
        const lines = n
          .output()
          .split('\n')
          .filter((l) => /error|fail/i.test(l));
        return `node ${k}:\n${lines.slice(-20).join('\n')}`;
      })
      .join('\n');

  /** Which node owns each partition, as their /healthz say (-1: none says so). */
  async function owners(count: number): Promise<number[]> {
    const found = Array.from({ length: count }, () => -1);
    for (const [i, n] of cluster.nodes.entries()) {
      if (!alive(i)) continue;
      try {
        const health = (await (await fetch(`${n.url}/healthz`)).json()) as { owns?: number[] };
        for (const p of health.owns ?? []) found[p] = i;
      } catch {
        // a node that is gone
      }
    }
    return found;
  }

  async function newUser(pin: string): Promise<User> {
    const port = new URL(node(0).url).port;
    const user = (await operator(['create-user'], { port, dataDir: cluster.dataDir })) as User;
    const set = await call(0, '/user/update/tradepwd', user.userToken, {
      loginPassword: user.password,
      password: pin,
      confirmPassword: pin,
    });
    expect(set.code, JSON.stringify(set)).toBe(0);
    return user;
  }

  async function withDb<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
    const database = await openDatabase({ kind: 'postgres', url: cluster.dbUrl, poolSize: 2 });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  /** The status of each order by id. */
  const statuses = (ids: string[]) =>
    withDb(async (db) => {
      const rows = await db
        .select({ id: spotOrders.id, status: spotOrders.status })
        .from(spotOrders)
        .where(
          inArray(
            spotOrders.id,
            ids.map((id) => BigInt(id)),
          ),
        );
      return new Map(rows.map((r) => [String(r.id), r.status]));
    });

  /** The day's band of a stock: a buy at the floor rests, a stop at the ceiling waits. */
  async function bandOf(symbol: string): Promise<{ lowerLimit: string; upperLimit: string }> {
    const res = await fetch(`${node(0).url}/ipxtrg-api/stock/index/info?symbol=${symbol}`);
    return ((await res.json()) as { data: { lowerLimit: string; upperLimit: string } }).data;
  }
  const floorOf = async (symbol: string) => (await bandOf(symbol)).lowerLimit;

  /**
   * A buy stop on each of `symbols` that waits (at a stock's ceiling, far above any coin price)
   * until `expiresAt`, placed through node `via`: its hold is taken now and given back at expiry.
   */
  async function waitingStops(via: number, token: string, symbols: readonly string[], expiresAt: number) {
    const ids: string[] = [];
    for (const symbol of symbols) {
      const coin = symbol.endsWith('USDT');
      const trigger = coin ? '10000000' : (await bandOf(symbol)).upperLimit;
      const path = coin ? '/coin/order/conditional/add' : '/stock/order/conditional/add';
      const quantity = coin ? '0.0001' : '1';
      const body = { symbol, side: 'buy', kind: 'stop', quantity, trigger, expiresAt: String(expiresAt) };
      const placed = await call(via, path, token, body);
      expect(placed.code, JSON.stringify(placed)).toBe(0);
      ids.push((placed.data.list as { id: string }[])[0]!.id);
    }
    return ids;
  }

  /** Each conditional order's state by id. */
  const conditionalStates = (ids: string[]) =>
    withDb(async (db) => {
      const rows = await db
        .select({ id: conditionalOrders.id, state: conditionalOrders.state })
        .from(conditionalOrders)
        .where(
          inArray(
            conditionalOrders.id,
            ids.map((id) => BigInt(id)),
          ),
        );
      return new Map(rows.map((r) => [String(r.id), r.state]));
    });

  /** The user's demo balances by `wallet:currency:bucket`. */
  const demoBalances = (userId: string) =>
    withDb(async (db) => {
      const rows = await db
        .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(like(ledgerAccounts.code, `user:${userId}:demo:%`));
      return new Map(rows.map((r) => [r.code.replace(`user:${userId}:demo:`, ''), new Decimal(r.balance)]));
    });

  return {
    node,
    alive,
    call,
    owners,
    newUser,
    withDb,
    statuses,
    floorOf,
    waitingStops,
    conditionalStates,
    demoBalances,
  };
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? NaN;
}

/** The id of the order an accepted order answer carries. */
export function orderIdOf(answer: Answer): string {
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return (answer.data.order as { id: string }).id;
}
