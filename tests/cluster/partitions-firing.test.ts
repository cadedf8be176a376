import Decimal from 'decimal.js';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../server/bus/bus';
import { connectNatsBus } from '../../server/bus/nats';
import { partitionMap } from '../../server/cluster/partition-map';
import { SUBJECTS } from '../../server/cluster/subjects';
import { alerts } from '../../server/db/schema/alerts';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { pushOutbox } from '../../server/db/schema/push-outbox';
import { spotOrders } from '../../server/db/schema/trading';
import { verifyLedger } from '../../server/ledger/verify';
import { LIVE_ORDER_STATUSES } from '../../domain/protocol/trading';
import { catalogue } from '../../server/market/catalogue';
import { startCluster, waitFor, type Cluster } from '../support/cluster';
import { partitionsWorld, type User } from './partitions-support';
import { fundedMover, levelsOf, walk } from './walk-support';

// Conditional orders and alerts of two stock partitions on three nodes (three partitions, one a
// node; PostgreSQL and NATS), armed through nodes that do not own them. The owner of one partition
// is killed (SIGKILL) while the prices walk up through the lines: every stop and take-profit fires
// and places its order exactly once, every alert is told exactly once a firing, and the other
// partition goes on firing while the killed one moves.
const PARTITIONS = 3;
const PIN = '135790';
const map = partitionMap(
  PARTITIONS,
  catalogue('default').map((e) => e.instrument),
);
const STOCKS = ['THYAO', 'ASELS'] as const;
/** Lines 3 to 10 ticks above the price when armed (capped at the day's ceiling). */
const LINES = [3, 4, 5, 6, 7, 8, 9, 10];

let cluster: Cluster;
let world: ReturnType<typeof partitionsWorld>;
let watcher: Bus;

beforeAll(async () => {
  cluster = await startCluster(3, { TRADING_PARTITIONS: String(PARTITIONS) });
  world = partitionsWorld(cluster);
  watcher = await connectNatsBus(cluster.nats.url, 'partitions-firing-watcher');
}, 240_000);

afterAll(async () => {
  await watcher?.close();
  await cluster?.stop();
});

type Armed = { symbol: string; legs: string[]; alerts: string[]; level: (k: number) => Decimal };

/** Buy stops and sell take-profits (from shares bought first) and above-alerts on each line, through `via`. */
async function arm(via: number, user: User, symbol: string): Promise<Armed> {
  const bought = await world.call(via, '/stock/order/buy', user.userTokenDemo, {
    symbol,
    type: 'market',
    quantity: String(LINES.length),
  });
  expect(bought.code, JSON.stringify(bought)).toBe(0);
  const { level, ceiling } = await levelsOf(cluster, via, symbol);
  // Every line inside the day's band, the user's shares and cash enough for every leg: each leg's
  // order can only fill, so a refusal at firing fails the test.
  expect(level(LINES.at(-1)!).lt(ceiling), `${symbol} lines under the ceiling ${ceiling.toFixed()}`).toBe(
    true,
  );
  const armed: Armed = { symbol, legs: [], alerts: [], level };
  for (const k of LINES) {
    const trigger = level(k).toFixed();
    for (const [side, kind] of [
      ['buy', 'stop'],
      ['sell', 'take_profit'],
    ] as const) {
      const body = { symbol, side, kind, quantity: '1', trigger };
      const placed = await world.call(via, '/stock/order/conditional/add', user.userTokenDemo, body);
      // The price moves on meanwhile: a line it already crossed is refused, not placed.
      if (placed.code !== 0) expect(placed.key, JSON.stringify(placed)).toBe('CONDITIONAL_TRIGGER_CROSSED');
      else armed.legs.push((placed.data.list as { id: string }[])[0]!.id);
    }
    const body = { symbol, kind: 'above', threshold: trigger };
    const added = await world.call(via, '/user/alert/add', user.userTokenDemo, body);
    if (added.code !== 0) expect(added.key, JSON.stringify(added)).toBe('ALERT_ALREADY_PAST');
    else armed.alerts.push(String(added.data.id));
  }
  expect(armed.legs.length, `${symbol} legs placed`).toBeGreaterThan(8);
  expect(armed.alerts.length, `${symbol} alerts added`).toBeGreaterThan(4);
  return armed;
}

const legsOf = (ids: string[]) =>
  world.withDb((db) =>
    db
      .select()
      .from(conditionalOrders)
      .where(
        inArray(
          conditionalOrders.id,
          ids.map((id) => BigInt(id)),
        ),
      ),
  );
type Db = Parameters<Parameters<typeof world.withDb>[0]>[0];
const alertRows = (db: Db, ids: string[]) =>
  db
    .select()
    .from(alerts)
    .where(
      inArray(
        alerts.id,
        ids.map((id) => BigInt(id)),
      ),
    );
/** The pushes the alerts' fires owed (each with its message), sent or not. */
const pushRows = (db: Db, ids: string[]) =>
  db
    .select()
    .from(pushOutbox)
    .where(
      inArray(
        pushOutbox.tag,
        ids.map((id) => `alert-${id}`),
      ),
    );
const alertsOf = (ids: string[]) => world.withDb((db) => alertRows(db, ids));
const alertPushes = (ids: string[]) => world.withDb((db) => pushRows(db, ids));

/**
 * The alerts and the pushes their fires owed, read in one snapshot: a fire commits its count and its
 * push together, and an alert re-armed after its rest may fire again between two separate reads.
 */
const alertsAndPushes = (ids: string[]) =>
  world.withDb((db) =>
    db.transaction(async (tx) => ({ a: await alertRows(tx, ids), owed: await pushRows(tx, ids) }), {
      isolationLevel: 'repeatable read',
    }),
  );

/** Each leg fired once, with one order, filled. */
async function expectFiredOnce(legIds: string[]) {
  const rows = await legsOf(legIds);
  // The orders the legs placed, once none is still being filled.
  const placed = await waitFor(
    'the placed orders done',
    async () => {
      const orders = await world.withDb((db) =>
        db
          .select({ clientOrderId: spotOrders.clientOrderId, id: spotOrders.id, status: spotOrders.status })
          .from(spotOrders)
          .where(like(spotOrders.clientOrderId, 'cond-%')),
      );
      return orders.some((o) => LIVE_ORDER_STATUSES.includes(o.status)) ? undefined : orders;
    },
    20_000,
  );
  const byLeg = new Map<string, typeof placed>();
  for (const o of placed) byLeg.set(o.clientOrderId!, [...(byLeg.get(o.clientOrderId!) ?? []), o]);
  expect(rows).toHaveLength(legIds.length);
  for (const row of rows) {
    expect([row.state, row.reason], String(row.id)).toEqual(['fired', null]);
    const orders = byLeg.get(`cond-${row.id}`) ?? [];
    expect(
      orders.map((o) => o.id),
      String(row.id),
    ).toEqual([row.placedOrderId]);
    expect(orders[0]!.status, `order of leg ${row.id}`).toBe('closed');
  }
  // Told once a leg: one message and one push owed, every push claimed.
  const tags = legIds.map((id) => `conditional-${id}`).sort();
  const owed = await waitFor(
    'every push claimed',
    async () => {
      const told = await world.withDb((db) =>
        db.select().from(pushOutbox).where(inArray(pushOutbox.tag, tags)),
      );
      return told.length >= tags.length && told.every((r) => r.sentAt !== null) ? told : undefined;
    },
    30_000,
  );
  expect(owed.map((r) => r.tag).sort()).toEqual(tags);
  expect(new Set(owed.map((r) => r.messageId)).size).toBe(tags.length);
  return rows;
}

describe('conditional orders and alerts of two partitions while one owner is killed', () => {
  it('fires each exactly once, and the other partition fires during the takeover', async () => {
    expect(STOCKS.map((s) => map.of(s))).toEqual([1, 2]);
    const owners = await waitFor(
      'one partition a node',
      async () => {
        const o = await world.owners(PARTITIONS);
        return new Set(o).size === PARTITIONS && !o.includes(-1) ? o : undefined;
      },
      30_000,
    );
    const user = await world.newUser(PIN);
    // What the user's open app would hear, wherever it is connected.
    const told: { id: string; at: number }[] = [];
    const off = watcher.subscribe(SUBJECTS.user(user.userId), (m) => {
      // The bus carries the event's text as it will be written to the user's sockets.
      const { ch, text } = m as { ch: string; text: string };
      if (ch === 'alerts') told.push({ id: (JSON.parse(text) as { id: string }).id, at: Date.now() });
    });
    // Each armed through a node that does not own its partition.
    const armed: Armed[] = [];
    for (const symbol of STOCKS) armed.push(await arm((owners[map.of(symbol)]! + 1) % 3, user, symbol));
    const legIds = armed.flatMap((a) => a.legs);
    const alertIds = armed.flatMap((a) => a.alerts);
    const levels = new Map(armed.map((a) => [a.symbol, a.level]));
    const walked = await firingWalk({ owners, legIds, levels });
    const { lost, kept } = walked;
    const lostP = map.of(lost);

    await expectFiredOnce(legIds);
    const rows = await legsOf(legIds);
    const firedIn = (symbol: string, from: number, to: number) =>
      rows.filter((r) => r.symbol === symbol && r.firedAt !== null && r.firedAt >= from && r.firedAt <= to)
        .length;
    // The takeover as users see it: from the kill to the lost partition's first firing after it.
    const resumedAt = Math.min(
      ...rows.filter((r) => r.symbol === lost && (r.firedAt ?? 0) > walked.killedAt).map((r) => r.firedAt!),
    );
    console.log(
      `partition ${lostP} (${lost}) on a survivor ${walked.movedAt - walked.killedAt} ms after the kill, ` +
        `firing again after ${resumedAt - walked.killedAt} ms; ` +
        `${kept} legs fired meanwhile: ${firedIn(kept, walked.killedAt, resumedAt)}; ` +
        `${lost} legs waiting at the kill: ${walked.lostWaiting}; walk answers ${JSON.stringify([...walked.tally])}; ` +
        `fired ms from the kill: ${STOCKS.map(
          (s) =>
            `${s} ${rows
              .filter((r) => r.symbol === s)
              .map((r) => (r.firedAt ?? 0) - walked.killedAt)
              .sort((a, b) => a - b)
              .join(' ')}`,
        ).join('; ')}`,
    );
    // The kept partition fired while the lost one had no owner; the lost one went on after.
    expect(walked.lostWaiting).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThan(Infinity);
    expect(firedIn(kept, walked.killedAt, resumedAt)).toBeGreaterThan(0);

    // Every alert fired, and was told once for each firing it counts: a message and a push written
    // with the fire, every push sent (the killed owner's by the next owner's sweep). The open app's
    // live event leaves after the commit: never twice, and missed only by a fire the kill cut off.
    await waitFor(
      'every alert fired and told',
      async () => {
        const a = await alertsOf(alertIds);
        const owed = await alertPushes(alertIds);
        const all = a.every(
          (r) =>
            r.firedCount > 0 &&
            owed.filter((p) => p.tag === `alert-${r.id}` && p.sentAt !== null).length >= r.firedCount,
        );
        return all ? { a, owed } : undefined;
      },
      30_000,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    off();
    const { a, owed } = await alertsAndPushes(alertIds);
    for (const row of a) {
      const mine = owed.filter((p) => p.tag === `alert-${row.id}`);
      expect(mine.length, String(row.id)).toBe(row.firedCount);
      expect(new Set(mine.map((p) => p.messageId)).size, String(row.id)).toBe(row.firedCount);
      expect(told.filter((t) => t.id === String(row.id)).length, String(row.id)).toBeLessThanOrEqual(
        row.firedCount,
      );
    }
    expect(told.every((t) => alertIds.includes(t.id))).toBe(true);
    const keptAlerts = new Set(armed.find((a) => a.symbol === kept)!.alerts);
    expect(told.some((t) => keptAlerts.has(t.id) && t.at >= walked.killedAt && t.at <= resumedAt)).toBe(true);
    await world.withDb(async (db) => expect(await verifyLedger(db)).toEqual([]));
  }, 240_000);
});

/**
 * Two movers walk the prices up through the nodes alive: to the first line until it fired on both
 * partitions; then the owner of the one with more lines waiting is killed and each walk aims at
 * its lowest line still waiting, until every leg has fired.
 */
async function firingWalk(o: {
  /** Each partition's owner, by index. */
  owners: number[];
  legIds: string[];
  /** Each symbol's lines, as they were armed. */
  levels: Map<string, (k: number) => Decimal>;
}) {
  const { owners, legIds, levels } = o;
  let waiting = (await legsOf(legIds)).filter((r) => r.state === 'pending');
  let killedAt = 0;
  let going = true;
  const poll = (async () => {
    while (going) {
      waiting = (await legsOf(legIds)).filter((r) => r.state === 'pending');
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  const target = (symbol: string) => () => {
    const lines = waiting.filter((r) => r.symbol === symbol).map((r) => new Decimal(r.triggerPrice));
    if (killedAt === 0 || lines.length === 0) return levels.get(symbol)!(killedAt === 0 ? LINES[0]! : 11);
    return Decimal.min(...lines);
  };
  const tally = new Map<string, number>();
  let n = 0;
  const alive = () => [0, 1, 2].filter((i) => world.alive(i));
  const via = () => alive()[n++ % alive().length]!;
  const movers = [await fundedMover(cluster), await fundedMover(cluster)];
  const walks = STOCKS.map((symbol, k) =>
    walk(world, cluster, movers[k]!, symbol, { via, target: target(symbol), going: () => going }, tally),
  );
  const count = (symbol: string) => waiting.filter((r) => r.symbol === symbol).length;
  const armedOf = new Map(STOCKS.map((s) => [s, count(s)]));
  let lostWaiting = 0;
  let movedAt = 0;
  let lost: string = STOCKS[1];
  try {
    // The market's own moves fire lines too, several at a time: the kill comes once both partitions
    // fired, or before either is down to its last lines (the kept one must have some left to fire
    // during the takeover).
    await waitFor(
      'the first line fired on both partitions',
      async () =>
        STOCKS.every((s) => count(s) < armedOf.get(s)!) || STOCKS.some((s) => count(s) <= 6)
          ? true
          : undefined,
      30_000,
    );
    // The partition with more left to fire loses its owner: more is fired across the takeover.
    lost = count(STOCKS[0]) > count(STOCKS[1]) ? STOCKS[0] : STOCKS[1];
    lostWaiting = count(lost);
    const lostP = map.of(lost);
    world.node(owners[lostP]!).child.kill('SIGKILL');
    killedAt = Date.now();
    await waitFor(
      `partition ${lostP} on a survivor`,
      async () => (alive().includes((await world.owners(PARTITIONS))[lostP]!) ? true : undefined),
      10_000,
    );
    movedAt = Date.now();
    await waitFor('every leg fired', async () => (waiting.length === 0 ? true : undefined), 60_000).catch(
      (error: unknown) => {
        const left = waiting.map((r) => `${r.symbol} ${r.kind} ${r.triggerPrice}`);
        throw new Error(
          `${String(error)}; waiting ${JSON.stringify(left)}; walk ${JSON.stringify([...tally])}`,
        );
      },
    );
  } finally {
    going = false;
    await Promise.allSettled([...walks, poll]);
  }
  const kept = STOCKS.find((s) => s !== lost)!;
  return { lost, kept, killedAt, movedAt, lostWaiting, armedOf, tally };
}
