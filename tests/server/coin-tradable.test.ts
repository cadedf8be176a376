import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinInfosAnswerSchema, type CoinInfo } from '../../domain/protocol/market';
import { isCoinPairTradable } from '../../domain/rules/tradable';
import { transfer } from '../../server/ledger/moves';
import { createIco } from '../../server/primary/ico/create';
import { instrument, scriptedSource, usdtTry, type ScriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import { dbTargets } from '../support/server';
import { bookAround } from './contract-support';
import { icoDraft, PAIR } from './ico-support';
import { HOUR } from './ipo-support';
import { api, MONDAY_NOON, trader, type Trader } from './spot-support';

type World = {
  server: TestServer;
  source: ScriptedSource;
  db: TestServer['database']['db'];
  clock: { now(): number; set(t: number): void; advance(ms: number): void };
  close(): Promise<void>;
};

/** BTC/USDT, the USDT/TRY rate pair and a coin sale's token (TOKN/USDT), each with a book and a mark. */
async function tradableWorld(target: DbTarget): Promise<World> {
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v), advance: (ms: number) => void (t += ms) };
  const source = scriptedSource(
    [
      instrument('BTCUSDT', { name: 'Bitcoin', priceScale: 2, qtyScale: 5, minQty: '0.00001' }),
      instrument(PAIR, { name: 'Token', priceScale: 4, qtyScale: 2, minQty: '0.01' }),
      usdtTry(),
    ],
    clock.now,
  );
  const { bids, asks } = bookAround(50_000);
  source.setBook('BTCUSDT', 1, bids, asks);
  source.setTicker('BTCUSDT', { last: '50000.00', prev: '50000.00' });
  source.setMark('BTCUSDT', { mark: '50000.00' });
  source.setBook(PAIR, 1, [['0.0990', '100000']], [['0.1010', '100000']]);
  source.setTicker(PAIR, { last: '0.1000', prev: '0.1000' });
  source.setMark(PAIR, { mark: '0.1000' });
  source.setBook('USDTTRY', 1, [['43.80', '100000']], [['43.90', '100000']]);
  source.setTicker('USDTTRY', { last: '43.85', prev: '43.80' });
  source.setMark('USDTTRY', { mark: '43.85' });
  const server = await startServer(target, { source, clock });
  return { server, source, clock, db: server.database.db, close: () => server.close() };
}

/**
 * The broker refuses orders by domain/rules/tradable, the rule the coin tickets list their pairs
 * by: for every pair POST /coin/infos lists, a spot order and a perpetual are refused exactly when
 * the rule, given the pair's facts from that answer, says the pair takes no orders.
 */
describe.each(dbTargets())('coin pairs that take orders on %s', (target) => {
  let world: World;
  let call: ReturnType<typeof api>;
  let me: Trader;
  let listingAt: number;
  beforeAll(async () => {
    world = await tradableWorld(target);
    call = api(world as never);
    me = await trader(world.db, { TRY: '0', USDT: '10000' });
    await transfer(world.db, {
      reason: 'test',
      referenceType: 'test',
      referenceId: 'tradable',
      userId: me.userId,
      accountType: 'real',
      fromWallet: 'coin',
      toWallet: 'contract',
      currency: 'USDT',
      amount: '5000',
    });
    // A sale opening in an hour: its token lists five hours later.
    const draft = icoDraft(MONDAY_NOON + HOUR);
    listingAt = draft.listingAt;
    await createIco(world.db, draft, world.clock.now());
  });
  afterAll(async () => world?.close());

  const infos = async () => coinInfosAnswerSchema.parse((await call.post('/coin/infos', '')).data).list;
  const ORDERS: Record<string, string> = { BTCUSDT: '0.001', [PAIR]: '100', USDTTRY: '10' };
  const spot = (info: CoinInfo) =>
    call.post('/coin/order/add', me.token, {
      symbol: info.symbol,
      side: 'buy',
      type: 'market',
      quantity: ORDERS[info.symbol]!,
    });
  const contract = (info: CoinInfo) =>
    call.post('/coin/contract/order/add', me.token, {
      symbol: info.symbol,
      side: 'long',
      leverage: '10',
      margin: '10',
      acceptRisk: '1',
    });

  it("carries a sale token's listing date in /coin/infos, and no other pair's", async () => {
    const list = await infos();
    expect(list.map((i) => i.symbol)).toEqual(['BTCUSDT', PAIR, 'USDTTRY']);
    expect(Object.fromEntries(list.map((i) => [i.symbol, i.listingAt]))).toEqual({
      BTCUSDT: undefined,
      [PAIR]: listingAt,
      USDTTRY: undefined,
    });
  });

  it('refuses what the rule refuses, before the listing and after it', async () => {
    const seen: Record<string, string[]> = {};
    for (const at of [MONDAY_NOON, listingAt - 1, listingAt]) {
      world.clock.set(at);
      for (const info of await infos()) {
        const tradable = isCoinPairTradable(info, at);
        const placed = await spot(info);
        const opened = await contract(info);
        (seen[info.symbol] ??= []).push(`${placed.key ?? placed.code} ${opened.key ?? opened.code}`);
        if (tradable) {
          expect(placed.code, JSON.stringify(placed)).toBe(0);
          expect(opened.code, JSON.stringify(opened)).toBe(0);
        } else {
          expect(placed.key).toBe('NOT_TRADABLE');
          expect(opened.key).toMatch(/^(NOT_TRADABLE|UNKNOWN_SYMBOL)$/);
        }
      }
    }
    // The token before and from its listing; USDT/TRY has no perpetual at all.
    expect(seen).toEqual({
      BTCUSDT: ['0 0', '0 0', '0 0'],
      [PAIR]: ['NOT_TRADABLE NOT_TRADABLE', 'NOT_TRADABLE NOT_TRADABLE', '0 0'],
      USDTTRY: ['NOT_TRADABLE UNKNOWN_SYMBOL', 'NOT_TRADABLE UNKNOWN_SYMBOL', 'NOT_TRADABLE UNKNOWN_SYMBOL'],
    });
  });
});
