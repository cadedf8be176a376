import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetsAnswer } from '../../domain/protocol/account';
import type { TxRecord } from '../../domain/protocol/trading';
import { hashPin } from '../../server/accounts/pin-hash';
import { pinKeyOf } from '../../server/app-state';
import { setPinHash } from '../../server/accounts/pins';
import { kycSubmissions } from '../../server/db/schema/kyc';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { pick, rng, seedFromEnv } from '../support/random';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { dbTargets, postForm, startServer, type DbTarget, type TestServer } from '../support/server';
import { userWithSession } from '../support/session';
import { draft, HOUR, newIpo, SYMBOL } from './ipo-support';
import {
  contractWorld,
  SYMBOL as CONTRACT_SYMBOL,
  TRADE_PIN,
  traderWithPin,
  type ContractWorld,
} from './contract-support';
import { coinBook, expectCleanLedger, MONDAY_NOON, stockBook } from './spot-support';

/**
 * Property test of the funds detail (GET /user/tx/record): seeded random journeys of one user
 * through every product that books money — operator funding, stock and coin limit and market
 * orders that rest, fill and are cancelled, TRC20 withdrawals approved, rejected or cancelled,
 * transfers between the coin and contract wallets, an IPO application allotted and refunded —
 * beside another user doing the same. At checkpoints and at the end the whole statement is read
 * page by page: per wallet currency, oldest first, the rows' `available` and `frozen` summed so
 * far are the row's balance, and the newest row's balance is what /user/assets shows. Every
 * approved TRC20 withdrawal's row carries its 1 USDT network fee; every fill its costs.
 */
const STEPS = 36;
const PIN = '246810';
const OPERATOR_KEY = 'p'.repeat(43);
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRC20_FEE = '1';

const KINDS = [
  'fund-stock',
  'fund-coin',
  'stock-limit',
  'stock-market',
  'stock-trade-through',
  'stock-cancel',
  'coin-limit',
  'coin-market',
  'coin-trade-through',
  'coin-cancel',
  'withdraw',
  'withdraw-decide',
  'transfer',
  'ipo-apply',
] as const;
type Kind = (typeof KINDS)[number];

type World = {
  server: TestServer;
  source: ScriptedSource;
  clock: { now(): number; set(v: number): void };
  close(): Promise<void>;
};

async function statementWorld(target: DbTarget): Promise<World> {
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v) };
  const source = scriptedSource(
    [
      instrument('THYAO', { name: 'Türk Hava Yolları' }),
      instrument(SYMBOL, { name: 'Yeni Arz A.Ş.', t1: true }),
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2, qtyScale: 5, minQty: '0.00001' }),
    ],
    clock.now,
  );
  source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  source.setTicker(SYMBOL, { last: '20.00', prev: '20.00' });
  source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
  const server = await startServer(target, { source, clock, operatorKey: OPERATOR_KEY });
  return { server, source, clock, close: () => server.close() };
}

type Envelope<T> = { code: number; msg: string; key?: string; data: T };

/** Every row of the statement, newest first, read page by page through the cursor. */
async function statement(server: TestServer, token: string): Promise<TxRecord[]> {
  const rows: TxRecord[] = [];
  let before: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const query = new URLSearchParams({ size: '17', ...(before ? { before } : {}) });
    const res = await fetch(`${server.api('/user/tx/record')}?${query}`, { headers: { accesstoken: token } });
    const page = (await res.json()) as Envelope<{ list: TxRecord[]; total: number }>;
    expect(page.code, JSON.stringify(page)).toBe(0);
    rows.push(...page.data.list);
    before = page.data.list.at(-1)?.id;
    if (page.data.list.length < 17) {
      expect(rows.length).toBe(page.data.total);
      return rows;
    }
  }
  throw new Error('statement longer than 200 pages');
}

/**
 * The property: per wallet currency, oldest first, the rows' columns summed so far are the row's
 * balance, and the newest row's balance is what /user/assets shows.
 */
async function expectAddsUp(server: TestServer, token: string, label: string): Promise<TxRecord[]> {
  const rows = await statement(server, token);
  const sums = new Map<string, { available: Decimal; frozen: Decimal }>();
  for (const r of [...rows].reverse()) {
    const key = `${r.wallet} ${r.currency}`;
    const sum = sums.get(key) ?? { available: new Decimal(0), frozen: new Decimal(0) };
    sum.available = sum.available.plus(r.available);
    sum.frozen = sum.frozen.plus(r.frozen);
    sums.set(key, sum);
    const seen = [key, r.reason, r.amount, r.balance.available, r.balance.frozen, r.balance.total];
    const want = [
      key,
      r.reason,
      new Decimal(r.available).plus(r.frozen).toFixed(),
      sum.available.toFixed(),
      sum.frozen.toFixed(),
      sum.available.plus(sum.frozen).toFixed(),
    ];
    expect(seen.map(String), `${label}: row ${r.id}`).toEqual(want.map(String));
  }
  const res = await postForm(server.api('/user/assets'), {}, { accesstoken: token });
  const assets = (await res.json()) as Envelope<AssetsAnswer>;
  expect(assets.code).toBe(0);
  const wallets = new Map(assets.data.balances.map((b) => [`${b.wallet} ${b.currency}`, b]));
  for (const key of new Set([...sums.keys(), ...wallets.keys()])) {
    const sum = sums.get(key) ?? { available: new Decimal(0), frozen: new Decimal(0) };
    const b = wallets.get(key);
    // /user/assets splits shares still T+1-locked out of `available`; the ledger holds them there.
    const held = b
      ? [new Decimal(b.available).plus(b.locked).toFixed(), new Decimal(b.frozen).toFixed()]
      : ['0', '0'];
    expect([key, sum.available.toFixed(), sum.frozen.toFixed()], `${label}: /user/assets`).toEqual([
      key,
      ...held,
    ]);
  }
  return rows;
}

type User = { id: bigint; token: string };
type Stats = Record<Kind, number> & { refused: number; filled: number; rows: number };

describe.each(dbTargets())('funds detail adds up on %s', (target) => {
  let world: World;
  beforeAll(async () => {
    world = await statementWorld(target);
  });
  afterAll(async () => world?.close());

  const send = async <T>(res: Response) => {
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope<T>;
  };
  const post = async <T = Record<string, unknown>>(
    path: string,
    token: string,
    fields: Record<string, string>,
  ) =>
    send<T>(
      await postForm(world.server.api(path), fields, { accesstoken: token, 'Accept-Language': 'en-US' }),
    );
  const get = async <T = Record<string, unknown>>(
    path: string,
    token: string,
    query: Record<string, string>,
  ) =>
    send<T>(
      await fetch(`${world.server.api(path)}?${new URLSearchParams(query)}`, {
        headers: { accesstoken: token, 'Accept-Language': 'en-US' },
      }),
    );
  const op = async <T = Record<string, unknown>>(path: string, fields: Record<string, string>) =>
    send<T>(
      await postForm(`${world.server.url}/operator/${path}`, fields, {
        'x-operator-key': OPERATOR_KEY,
        'Accept-Language': 'en-US',
      }),
    );

  /** A verified real account with trade and withdrawal passwords and a saved TRC20 address. */
  async function user(): Promise<User & { addressId: string }> {
    const db = world.server.database.db;
    const u = await userWithSession(db, { idStatus: 'succ' });
    const id = BigInt(u.userId);
    await db.insert(kycSubmissions).values({
      userId: id,
      certType: 'id_card',
      fullName: 'Ayşe Yılmaz',
      certNumber: '12345678901',
      taxId: '1234567890',
      frontImageId: randomBytes(16).toString('hex'),
      backImageId: randomBytes(16).toString('hex'),
      status: 'succ',
    });
    await setPinHash(db, id, 'trade', hashPin(pinKeyOf(db), PIN));
    await setPinHash(db, id, 'withdraw', hashPin(pinKeyOf(db), PIN));
    const saved = await post<{ id: string }>('/coin/withdraw/address/generate', u.token, {
      currency: 'USDT',
      chain: 'TRC20',
      address: TRC20_ADDRESS,
    });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    return { id, token: u.token, addressId: saved.data.id };
  }

  const expectStatementAddsUp = (u: User, label: string) => expectAddsUp(world.server, u.token, label);

  async function journey(seed: number): Promise<Stats> {
    const random = rng(seed);
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const stats = Object.fromEntries([...KINDS, 'refused', 'filled', 'rows'].map((k) => [k, 0])) as Stats;
    const db = world.server.database.db;
    world.clock.set(MONDAY_NOON);
    stockBook(world.source);
    coinBook(world.source);
    const [me, other] = [await user(), await user()];
    for (const u of [me, other]) {
      expect((await op('fund', { userId: String(u.id), amount: '20000', reason: 'journey' })).code).toBe(0);
      const coin = {
        userId: String(u.id),
        amount: '3000',
        reason: 'journey',
        wallet: 'coin',
        currency: 'USDT',
      };
      expect((await op('fund', coin)).code).toBe(0);
    }
    // An IPO taking applications now; allotted and refunded after the journey.
    const start = MONDAY_NOON - HOUR;
    const ipo = await newIpo(
      { server: world.server, source: world.source, db, clock: world.clock, close: world.close },
      draft(start, { lotsRetail: '12', maxLots: '10' }),
    );

    const refusals: string[] = [];
    const ok = (res: Envelope<unknown>, kind: Kind) => {
      if (res.code === 0) stats[kind]++;
      else {
        // A refusal is a stable key of the product's own, and books nothing.
        expect(res.key, JSON.stringify(res)).toMatch(/^[A-Z0-9_]+$/);
        stats.refused++;
        refusals.push(`${kind}:${res.key}`);
      }
    };
    const open = async (u: User, wallet: 'stock' | 'coin') => {
      const res =
        wallet === 'stock'
          ? await get<{ list: { id: string; side: string; price: string | null }[] }>(
              '/stock/order/list',
              u.token,
              {
                status: 'open',
                size: '100',
              },
            )
          : await post<{ list: { id: string; side: string; price: string | null }[] }>(
              '/coin/order/list',
              u.token,
              {
                status: 'open',
                size: '100',
              },
            );
      return res.data.list;
    };
    /**
     * The market trades through every resting order of the wallet, both users' (the fills are the
     * engine's, after the event): they fill, then the book is reset. Waited for, so no fill lands
     * while a statement is read.
     */
    const tradeThrough = async (wallet: 'stock' | 'coin') => {
      const symbol = wallet === 'stock' ? 'THYAO' : 'BTCUSDT';
      const [low, high] = wallet === 'stock' ? ['98.00', '102.00'] : ['49000.00', '51000.00'];
      const size = wallet === 'stock' ? '100000' : '100';
      const resting = async () => [...(await open(me, wallet)), ...(await open(other, wallet))];
      const before = await resting();
      world.source.emitBook(symbol, [[high, size]], [[low, size]]);
      const deadline = Date.now() + 10_000;
      while ((await resting()).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      expect(await resting(), `SEED=${seed}: resting ${wallet} orders trade through`).toEqual([]);
      stats.filled += before.length;
      if (wallet === 'stock') stockBook(world.source);
      else coinBook(world.source);
    };
    /** Each user's withdrawals waiting for a decision. */
    const pending = new Map<bigint, string[]>([
      [me.id, []],
      [other.id, []],
    ]);

    async function act(u: User & { addressId: string }, kind: Kind): Promise<void> {
      // Buys twice as often: a sell needs what earlier buys brought.
      const side = pick(random, ['buy', 'buy', 'sell'] as const);
      switch (kind) {
        case 'fund-stock':
          return ok(
            await op('fund', { userId: String(u.id), amount: String(int(1, 5000)), reason: 'journey' }),
            kind,
          );
        case 'fund-coin':
          return ok(
            await op('fund', {
              userId: String(u.id),
              amount: `${int(1, 500)}.${int(0, 99)}`,
              reason: 'journey',
              wallet: 'coin',
              currency: 'USDT',
            }),
            kind,
          );
        case 'stock-limit':
        case 'stock-market': {
          const limit = kind === 'stock-limit';
          const price = pick(random, ['99.50', '99.80', '99.90', '100.10', '100.20', '100.50']);
          return ok(
            await post(`/stock/order/${side}`, u.token, {
              symbol: 'THYAO',
              type: limit ? 'limit' : 'market',
              quantity: String(int(1, 40)),
              ...(limit ? { price, timeInForce: 'gtc' } : {}),
            }),
            kind,
          );
        }
        case 'coin-limit':
        case 'coin-market': {
          const limit = kind === 'coin-limit';
          const price = pick(random, ['49980.00', '49990.00', '50000.00', '50010.00', '50020.00']);
          return ok(
            await post('/coin/order/add', u.token, {
              symbol: 'BTCUSDT',
              side,
              type: limit ? 'limit' : 'market',
              quantity: `0.00${int(1, 9)}${int(0, 9)}`,
              ...(limit ? { price } : {}),
            }),
            kind,
          );
        }
        case 'stock-trade-through':
          await tradeThrough('stock');
          stats[kind]++;
          return;
        case 'coin-trade-through':
          await tradeThrough('coin');
          stats[kind]++;
          return;
        case 'stock-cancel':
        case 'coin-cancel': {
          const wallet = kind === 'stock-cancel' ? 'stock' : 'coin';
          const orders = await open(u, wallet);
          if (orders.length === 0) return;
          const id = pick(random, orders).id;
          return ok(
            wallet === 'stock'
              ? await get('/stock/order/cancel', u.token, { id })
              : await post('/coin/order/close', u.token, { id }),
            kind,
          );
        }
        case 'withdraw': {
          const res = await post<{ id: string }>('/coin/withdraw/add', u.token, {
            addressId: u.addressId,
            amount: `${int(10, 60)}.${int(0, 9)}`,
            withdrawPassword: PIN,
          });
          if (res.code === 0) pending.get(u.id)?.push(res.data.id);
          return ok(res, kind);
        }
        case 'withdraw-decide': {
          const id = pending.get(u.id)?.shift();
          if (!id) return;
          const how = pick(random, ['approve', 'approve', 'reject', 'cancel'] as const);
          return ok(
            how === 'approve'
              ? await op('withdrawal-approve', { id, txHash: randomBytes(32).toString('hex') })
              : how === 'reject'
                ? await op('withdrawal-reject', { id, reason: 'journey' })
                : await post('/user/withdraw/cancel', u.token, { id }),
            kind,
          );
        }
        case 'transfer': {
          const [from, to] = pick(random, [
            ['coin', 'contract'],
            ['coin', 'contract'],
            ['contract', 'coin'],
          ] as const);
          return ok(
            await post('/coin/transfer', u.token, {
              from,
              to,
              amount: `${int(1, 80)}.${int(0, 99)}`,
              tradePassword: PIN,
            }),
            kind,
          );
        }
        case 'ipo-apply':
          return ok(
            await post('/stock/order/new/apply', u.token, {
              id: ipo,
              lots: String(int(1, 10)),
              tradePassword: PIN,
            }),
            kind,
          );
      }
    }

    // Every kind once, in a seeded order among random others, so no run skips a product.
    const plan: Kind[] = [
      ...KINDS,
      ...Array.from({ length: STEPS - KINDS.length }, () => pick(random, KINDS)),
    ];
    for (let i = plan.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [plan[i], plan[j]] = [plan[j] as Kind, plan[i] as Kind];
    }
    for (const [i, kind] of plan.entries()) {
      await act(me, kind);
      // The other user moves too: their rows never reach this statement.
      if (random() < 0.3) await act(other, pick(random, KINDS));
      if (i % 12 === 11) await expectStatementAddsUp(me, `SEED=${seed} replays; after step ${i} (${kind})`);
    }
    // The rest of the withdrawals decided, the IPO allotted (window closed) and refunded.
    for (const id of [...pending.values()].flat())
      expect((await op('withdrawal-approve', { id, txHash: randomBytes(32).toString('hex') })).code).toBe(0);
    stats['withdraw-decide']++;
    for (const at of [start + 3 * HOUR, start + 4 * HOUR]) {
      world.clock.set(at);
      await runIpoPass(db, at);
    }
    const rows = await expectStatementAddsUp(me, `SEED=${seed} replays; at the end`);
    stats.rows = rows.length;
    console.info(`refusals: ${refusals.join(' ')}`);

    // Every fee on the row that charged it: each approved TRC20 withdrawal its network fee, each
    // fill of a stock or coin its costs, on the cash row.
    for (const r of rows) {
      if (r.reason === 'withdrawal') expect([r.id, r.fees], `SEED=${seed}`).toEqual([r.id, TRC20_FEE]);
      if (r.reason === 'fill' && (r.currency === 'TRY' || r.currency === 'USDT'))
        expect(new Decimal(r.fees ?? 0).gt(0), `SEED=${seed}: fees of ${r.id}`).toBe(true);
      if (r.reason === 'order_freeze' || r.reason === 'order_release')
        expect(new Decimal(r.amount).isZero(), `SEED=${seed}: ${r.id} moves nothing out`).toBe(true);
    }
    await expectCleanLedger(db);
    return stats;
  }

  it('after every row of every product the columns add up to its balance, and the newest is the wallet', async () => {
    const seed = seedFromEnv();
    console.info(`funds detail property on ${target}: SEED=${seed}`);
    let stats: Stats;
    try {
      stats = await journey(seed);
    } catch (error) {
      console.error(`funds detail property failed on ${target}: SEED=${seed} replays`);
      throw error;
    }
    console.info(`funds detail property on ${target}: ${JSON.stringify(stats)}`);
    // The journey did what it set out to: fills, holds, withdrawals, transfers and the IPO booked.
    expect(stats.filled + stats['stock-market'] + stats['coin-market'], `SEED=${seed}`).toBeGreaterThan(0);
    expect(stats.withdraw + stats.transfer + stats['ipo-apply'], `SEED=${seed}`).toBeGreaterThan(0);
    expect(stats.rows, `SEED=${seed}`).toBeGreaterThan(10);
  }, 180_000);
});

/**
 * The same property over the contract wallet: seeded journeys of positions opened long and short
 * at random leverage, marks that move them (some to liquidation), funding charged and paid, closes
 * in part and in whole, transfers in and out. Margin is the frozen column (held in the position),
 * fees and P&L move the balance; after every row the columns add up to it.
 */
const CONTRACT_KINDS = ['open', 'open', 'close', 'tick', 'tick', 'funding', 'transfer'] as const;

describe.each(dbTargets())('the contract wallet statement adds up on %s', (target) => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await contractWorld(target);
  });
  afterAll(async () => world?.close());

  type ContractStats = {
    opened: number;
    closed: number;
    refused: number;
    funding: number;
    transfers: number;
    rows: number;
  };
  async function journey(seed: number): Promise<ContractStats> {
    const random = rng(seed);
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const stats: ContractStats = { opened: 0, closed: 0, refused: 0, funding: 0, transfers: 0, rows: 0 };
    let price = 50_000;
    await world.tick(price);
    const me = await traderWithPin(world, '2000', '1000');
    const open: string[] = [];
    for (let step = 0; step < 30; step++) {
      const kind = pick(random, CONTRACT_KINDS);
      if (kind === 'open') {
        const res = await world.call('/coin/contract/order/add', me.real, {
          symbol: CONTRACT_SYMBOL,
          side: pick(random, ['long', 'short'] as const),
          leverage: String(pick(random, [1, 2, 3, 5, 10, 20] as const)),
          margin: String(int(10, 150)),
          acceptRisk: '1',
        });
        if (res.code === 0) {
          open.push((res.data as { id: string }).id);
          stats.opened++;
        } else stats.refused++;
      } else if (kind === 'close' && open.length > 0) {
        const id = open.splice(int(0, open.length - 1), 1)[0] ?? '';
        const res = await world.call('/coin/contract/order/close', me.real, { id });
        // A position the mark liquidated is closed already: refused with its key, nothing booked.
        if (res.code === 0) stats.closed++;
        else stats.refused++;
      } else if (kind === 'tick') {
        price += int(-1500, 1500);
        await world.tick(price);
      } else if (kind === 'funding') {
        // The next funding time passes with a rate: open positions pay or receive it.
        world.clock.t += 8 * 3_600_000;
        await world.tick(price, pick(random, ['0.0001', '-0.0002', '0.0003']));
        stats.funding++;
      } else if (kind === 'transfer') {
        const into = random() < 0.6;
        const res = await world.call('/coin/transfer', me.real, {
          from: into ? 'coin' : 'contract',
          to: into ? 'contract' : 'coin',
          amount: `${int(1, 200)}.${int(0, 99)}`,
          tradePassword: TRADE_PIN,
        });
        if (res.code === 0) stats.transfers++;
        else stats.refused++;
      }
      if (step % 10 === 9)
        await expectAddsUp(world.server, me.real, `SEED=${seed} replays; contract step ${step}`);
    }
    const rows = await expectAddsUp(world.server, me.real, `SEED=${seed} replays; contracts at the end`);
    // The fees a contract's postings paid are on its rows: every open charged one.
    for (const r of rows)
      if (r.reason === 'contract_open')
        expect(new Decimal(r.fees ?? 0).gt(0), `SEED=${seed}: fees of ${r.id}`).toBe(true);
    stats.rows = rows.length;
    return stats;
  }

  it('after every row the columns add up to its balance, and the newest is the wallet', async () => {
    const seed = seedFromEnv();
    console.info(`contract statement property on ${target}: SEED=${seed}`);
    let stats: ContractStats;
    try {
      stats = await journey(seed);
    } catch (error) {
      console.error(`contract statement property failed on ${target}: SEED=${seed} replays`);
      throw error;
    }
    console.info(`contract statement property on ${target}: ${JSON.stringify(stats)}`);
    expect(stats.opened, `SEED=${seed}`).toBeGreaterThan(0);
    await expectCleanLedger(world.db);
  }, 180_000);
});
