import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { NAMED_IDS_MAX, type SpotOrder } from '../../domain/protocol/trading';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { contractWorld, EN, ok, openLong, type ContractWorld } from './contract-support';
import {
  api,
  coinBook,
  expectCleanLedger,
  spotWorld,
  stockBook,
  trader,
  type SpotWorld,
} from './spot-support';

type Cancelled = { cancelled: SpotOrder[]; gone: string[] };
type ClosedAll = { closed: ContractPosition[]; gone: string[] };
const P = '/coin/contract/order';
/** "1,2,…,n": a list of n ids. */
const idsUpTo = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join(',');

/**
 * Cancel-all and close-all touch only what the user's confirmation named (`ids`): an order placed
 * or a position opened meanwhile, from another device, stays; a named one already finished is
 * said back as `gone`. Without `ids` they touch everything, as before.
 */
describe.each(dbTargets())('cancel all and close all of named ids on %s', (target) => {
  let spot: SpotWorld;
  let call: ReturnType<typeof api>;
  let contracts: ContractWorld;
  beforeAll(async () => {
    spot = await spotWorld(target);
    call = api(spot);
    contracts = await contractWorld(target);
  });
  afterAll(async () => {
    await spot?.close();
    if (contracts) expect(await verifyLedger(contracts.db)).toEqual([]);
    await contracts?.close();
  });

  async function restingBuys(token: string, prices: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const price of prices) {
      const placed = await call.post<{ order: SpotOrder }>('/stock/order/buy', token, {
        symbol: 'THYAO',
        type: 'limit',
        price,
        quantity: '5',
        timeInForce: 'gtc',
      });
      expect(placed.code).toBe(0);
      ids.push(placed.data.order.id);
    }
    return ids;
  }

  it('cancels only the named stock orders; a named one already cancelled is gone', async () => {
    stockBook(spot.source);
    const me = await trader(spot.db);
    const [first, second, third] = await restingBuys(me.token, ['99.00', '98.00', '97.00']);
    // Cancelled on its own first: named later, it is gone, not an error.
    await call.get('/stock/order/cancel', me.token, { id: first! });
    // Placed "from another device" after the sheet was shown: not named, so it stays.
    const [later] = await restingBuys(me.token, ['96.00']);
    const answer = await call.get<Cancelled>('/stock/order/cancel', me.token, {
      all: '1',
      ids: [first, second, third].join(','),
    });
    expect(answer.code).toBe(0);
    expect(answer.data.cancelled.map((o) => o.id).sort()).toEqual([second, third].sort());
    expect(answer.data.gone).toEqual([first]);
    const open = await call.get<{ list: SpotOrder[] }>('/stock/order/list', me.token, { status: 'open' });
    expect(open.data.list.map((o) => o.id)).toEqual([later]);
    // Without a list, "all" is still all.
    const all = await call.get<Cancelled>('/stock/order/cancel', me.token, { all: '1' });
    expect(all.data).toEqual({ cancelled: [expect.objectContaining({ id: later })], gone: [] });
    await expectCleanLedger(spot.db);
  });

  it("never cancels another user's order named in the list: it is gone to the caller", async () => {
    stockBook(spot.source);
    const owner = await trader(spot.db);
    const other = await trader(spot.db);
    const [theirs] = await restingBuys(owner.token, ['95.00']);
    const answer = await call.get<Cancelled>('/stock/order/cancel', other.token, { all: '1', ids: theirs! });
    expect(answer.data).toEqual({ cancelled: [], gone: [theirs] });
    const open = await call.get<{ total: number }>('/stock/order/list', owner.token, { status: 'open' });
    expect(open.data.total).toBe(1);
  });

  it('cancels only the named coin orders of the pair', async () => {
    coinBook(spot.source);
    const me = await trader(spot.db, { USDT: '10000' });
    const ids: string[] = [];
    for (const price of ['40000', '39000', '38000']) {
      const placed = await call.post<{ order: SpotOrder }>('/coin/order/add', me.token, {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        price,
        quantity: '0.001',
      });
      expect(placed.code).toBe(0);
      ids.push(placed.data.order.id);
    }
    const answer = await call.post<Cancelled>('/coin/order/close', me.token, {
      all: '1',
      symbol: 'BTCUSDT',
      ids: ids.slice(0, 2).join(','),
    });
    expect(answer.data.cancelled.map((o) => o.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(answer.data.gone).toEqual([]);
    const open = await call.post<{ list: SpotOrder[] }>('/coin/order/list', me.token, {
      status: 'open',
      symbol: 'BTCUSDT',
    });
    expect(open.data.list.map((o) => o.id)).toEqual([ids[2]]);
    await expectCleanLedger(spot.db);
  });

  it.each([
    ['en-US', `At most ${NAMED_IDS_MAX} orders or positions can be named in one go.`],
    ['tr-TR', `Tek seferde en fazla ${NAMED_IDS_MAX} emir ya da pozisyon belirtilebilir.`],
  ] as const)('refuses a list past the cap, or not of ids, changing nothing (%s)', async (lang, msg) => {
    stockBook(spot.source);
    const me = await trader(spot.db);
    const [id] = await restingBuys(me.token, ['94.00']);
    const many = idsUpTo(NAMED_IDS_MAX + 1);
    const refused = await call.get('/stock/order/cancel', me.token, { all: '1', ids: many }, lang);
    expect(refused).toMatchObject({ code: -1001, key: 'IDS_TOO_MANY', msg });
    const bad = await call.get('/stock/order/cancel', me.token, { all: '1', ids: `${id},x` }, lang);
    expect(bad).toMatchObject({ code: -1001, key: 'FIELD_INVALID' });
    const open = await call.get<{ total: number }>('/stock/order/list', me.token, { status: 'open' });
    expect(open.data.total).toBe(1);
  });

  it('closes only the named positions; one opened meanwhile stays, one closed before is gone', async () => {
    await contracts.tick(50_000);
    const user = await contracts.trader('1000');
    const first = await openLong(contracts, user.real, { margin: '100' });
    const second = await openLong(contracts, user.real, { margin: '100' });
    await contracts.call(`${P}/close`, user.real, { id: first.id });
    const later = await openLong(contracts, user.real, { margin: '100' });
    const answer = ok<ClosedAll>(
      await contracts.call(`${P}/liquidate/all`, user.real, { ids: `${first.id},${second.id}` }),
    );
    expect(answer.closed.map((p) => [p.id, p.status, p.closeReason])).toEqual([[second.id, 'closed', 'all']]);
    expect(answer.gone).toEqual([first.id]);
    const active = ok<{ list: ContractPosition[] }>(await contracts.call(`${P}/list/active`, user.real));
    expect(active.list.map((p) => p.id)).toEqual([later.id]);
    // Another user's id named: nothing of theirs closes, and it reads as gone.
    const other = await contracts.trader('1000');
    const refused = ok<ClosedAll>(await contracts.call(`${P}/liquidate/all`, other.real, { ids: later.id }));
    expect(refused).toEqual({ closed: [], gone: [later.id] });
    const all = ok<ClosedAll>(await contracts.call(`${P}/liquidate/all`, user.real));
    expect(all.closed.map((p) => p.id)).toEqual([later.id]);
    expect(all.gone).toEqual([]);
    const tooMany = idsUpTo(NAMED_IDS_MAX + 1);
    expect(await contracts.call(`${P}/liquidate/all`, user.real, { ids: tooMany }, EN)).toMatchObject({
      code: -1001,
      key: 'IDS_TOO_MANY',
    });
  });
});
