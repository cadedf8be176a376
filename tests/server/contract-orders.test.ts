import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { d, liquidationPrice, positionFigures } from '../../domain/contracts';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { transfer } from '../../server/ledger/moves';
import { dbTargets } from '../support/server';
import { bookAround, contractBalance, ok, openLong, SYMBOL, sharedContractWorld } from './contract-support';

const dec = (v: string) => new Decimal(v);
const P = '/coin/contract/order';
const rules = DEFAULT_SETTINGS.contracts;

describe.each(dbTargets())('contract orders on %s', (target) => {
  const t = sharedContractWorld(target);

  it('answers the rules, and the risk disclosure once accepted stays accepted', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    const before = ok<ContractRules>(await t.world.call(`${P}/multiple`, user.real));
    expect(before).toMatchObject({ choices: [1, 2, 3, 5, 10, 20], riskAccepted: false, riskVersion: 2 });
    expect(before.fundingIntervalMs).toBe(8 * 3_600_000);
    expect(
      await t.world.call(`${P}/add`, user.real, {
        symbol: SYMBOL,
        side: 'long',
        leverage: '5',
        margin: '50',
      }),
    ).toMatchObject({
      code: -1001,
      key: 'RISK_NOT_ACCEPTED',
    });
    await openLong(t.world, user.real);
    expect(ok<ContractRules>(await t.world.call(`${P}/multiple`, user.real)).riskAccepted).toBe(true);
    // Accepted by the user, for both account types.
    expect(ok<ContractRules>(await t.world.call(`${P}/multiple`, user.demo)).riskAccepted).toBe(true);
    await openLong(t.world, user.real, { acceptRisk: '0' });
  });

  it('opens by margin at the levels the book showed; figures are the domain maths at the mark', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    const before = await contractBalance(t.world, user.real);
    const p = await openLong(t.world, user.real, { margin: '100', leverage: '10' });
    // 100 × 10 ÷ 50001 (the best ask) → 0.019999 BTC, filled at 50001.
    expect(p).toMatchObject({
      symbol: SYMBOL,
      side: 'long',
      leverage: 10,
      qty: '0.019999',
      entryPrice: '50001',
    });
    expect(dec(p.margin).lte(100)).toBe(true);
    expect(p.margin).toBe(dec('0.019999').mul(50001).div(10).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed());
    expect(p.openFee).toBe(
      dec('0.019999').mul(50001).mul('0.0005').toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(),
    );
    const figures = positionFigures(p, '50000.00', rules, 2);
    expect(p).toMatchObject(figures);
    expect(p.liquidationPrice).not.toBeNull();
    expect(dec(p.liquidationPrice ?? '0').toFixed(0)).toBe(liquidationPrice(p, rules)?.toFixed(0));
    const after = await contractBalance(t.world, user.real);
    expect(dec(before.available).minus(after.available).toFixed()).toBe(
      dec(p.margin).plus(p.openFee).toFixed(),
    );
    expect(after.frozen).toBe(p.margin);
    // The message centre says it in each reader's number format (a no-break space before USDT).
    const bodies = async (lang: string) =>
      (
        ok(await t.world.call('/user/message/list', user.real, {}, { 'accept-language': lang })) as {
          list: { body: string }[];
        }
      ).list.map((m) => m.body);
    expect(await bodies('tr-TR')).toContain(
      `${SYMBOL} Long 10×: 0,019999 BTC 50.001,00 fiyatından açıldı. Teminat 99,9969999\u00a0USDT, işlem ücreti 0,499985\u00a0USDT.`,
    );
    expect(await bodies('en-US')).toContain(
      `${SYMBOL} Long 10×: 0.019999 BTC opened at 50,001.00. Margin 99.9969999\u00a0USDT, fee 0.499985\u00a0USDT.`,
    );
  });

  it('fills at the book it priced: nothing waits between reading the book and taking from it', async () => {
    // The simulator moves its book on timers. An open that read the book, then awaited the
    // database, then took from it could find its priced levels gone and answer NO_LIQUIDITY
    // (seen twice in Chromium on a live BTC book). Here every read of the book moves it 100 USDT
    // up as soon as anything yields: an open that waits between plan and fill gets nothing.
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    await openLong(t.world, user.real, { margin: '10', leverage: '2' });
    const source = t.world.source;
    const read = source.book;
    let armed = false;
    let moved = 0;
    source.book = (symbol, depth) => {
      if (symbol === SYMBOL && armed) {
        armed = false;
        queueMicrotask(() => {
          moved += 1;
          const { bids, asks } = bookAround(50_100);
          source.setBook(SYMBOL, 900_000, bids, asks);
        });
      }
      return read(symbol, depth);
    };
    try {
      const opens: Array<Record<string, string>> = [
        { margin: '100', leverage: '10' },
        { quantity: '0.01', leverage: '5' },
      ];
      for (const fields of opens) {
        moved = 0;
        await t.world.tick(50_000);
        armed = true;
        const p = ok<ContractPosition>(
          await t.world.call(`${P}/add`, user.real, { symbol: SYMBOL, side: 'long', ...fields }),
        );
        // Priced and filled on the book before the move: the best ask was 50001.
        expect(p.entryPrice).toBe('50001');
        expect(moved).toBe(1);
      }
    } finally {
      source.book = read;
    }
  });

  it('opens by quantity, walking the book level by level', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('100000');
    const q = ok<ContractPosition>(
      await t.world.call(`${P}/add`, user.real, {
        symbol: SYMBOL,
        side: 'short',
        leverage: '20',
        quantity: '7',
        acceptRisk: '1',
      }),
    );
    // 5 at 49999 and 2 at 49998: 349993 / 7 = 49998.714285714285…, on the wire at 8 decimals
    // (it came with 18), the live figures computed from that same value.
    expect(q.qty).toBe('7');
    expect(q.entryPrice).toBe('49998.71428571');
    expect(q.entryPrice).toBe(
      d(5 * 49_999 + 2 * 49_998)
        .div(7)
        .toDecimalPlaces(8, Decimal.ROUND_HALF_UP)
        .toFixed(),
    );
    expect(q.unrealizedPnl).toBe(
      positionFigures(
        { side: 'short', qty: q.qty, entryPrice: q.entryPrice, margin: q.margin },
        q.mark,
        rules,
        2,
      ).unrealizedPnl,
    );
  });

  it('answers a retry with its position when the mark has gone since, where a new opening is paused', async () => {
    // The answer of an opening was lost; its retry met a stale feed (FEED_STALE), which
    // read as "nothing opened", and the phone let the same terms go again under a new id.
    await t.world.tick(50_000);
    const user = await t.world.trader('5000');
    const terms = { symbol: SYMBOL, side: 'long', leverage: '10', quantity: '0.1', acceptRisk: '1' };
    const first = ok<ContractPosition>(
      await t.world.call(`${P}/add`, user.real, { ...terms, clientOrderId: 'gone-1' }),
    );
    const mark = t.world.source.mark;
    t.world.source.mark = () => undefined;
    try {
      const counted = await t.world.counts();
      const retry = ok<ContractPosition>(
        await t.world.call(`${P}/add`, user.real, { ...terms, clientOrderId: 'gone-1' }),
      );
      expect(retry.id).toBe(first.id);
      expect(await t.world.call(`${P}/add`, user.real, { ...terms, clientOrderId: 'gone-2' })).toMatchObject({
        code: -1001,
        key: 'FEED_STALE',
      });
      expect(
        await t.world.call(`${P}/add`, user.real, { ...terms, side: 'short', clientOrderId: 'gone-1' }),
      ).toMatchObject({ code: -1001, key: 'CLIENT_ORDER_ID_REUSED' });
      expect(await t.world.counts()).toEqual(counted);
    } finally {
      t.world.source.mark = mark;
    }
  });

  it('lists, queries, closes part, adds margin, sets and clears TP/SL, closes all', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('5000');
    const one = ok<ContractPosition>(
      await t.world.call(`${P}/add`, user.real, {
        symbol: SYMBOL,
        side: 'long',
        leverage: '10',
        quantity: '0.1',
        acceptRisk: '1',
        clientOrderId: 'one',
      }),
    );
    // The same client id again answers the same position and opens nothing.
    const again = ok<ContractPosition>(
      await t.world.call(`${P}/add`, user.real, {
        symbol: SYMBOL,
        side: 'long',
        leverage: '10',
        quantity: '0.1',
        clientOrderId: 'one',
      }),
    );
    expect(again.id).toBe(one.id);
    // A different opening under that id is refused, in the user's language, and opens nothing.
    const counted = await t.world.counts();
    for (const [changed, lang, msg] of [
      [
        { side: 'short' },
        'en-US',
        'This client order id was already used for a different order. Send a new one for a new order.',
      ],
      [
        { leverage: '5' },
        'tr-TR',
        'Bu istemci emir numarası farklı bir emir için zaten kullanıldı. Yeni bir emir için yeni bir numara gönderin.',
      ],
    ] as const) {
      const refused = await t.world.call(
        `${P}/add`,
        user.real,
        { symbol: SYMBOL, side: 'long', leverage: '10', quantity: '0.1', clientOrderId: 'one', ...changed },
        { 'Accept-Language': lang },
      );
      expect(refused).toMatchObject({ code: -1001, key: 'CLIENT_ORDER_ID_REUSED', msg });
    }
    expect(await t.world.counts()).toEqual(counted);
    const two = await openLong(t.world, user.real, { side: 'short', margin: '50' });
    const list = ok<{ list: ContractPosition[]; total: number }>(await t.world.call(`${P}/list`, user.real));
    expect(list.total).toBe(2);
    expect(list.list.map((p) => p.id)).toEqual([two.id, one.id]);

    const half = ok<ContractPosition>(
      await t.world.call(`${P}/close`, user.real, { id: one.id, quantity: '0.04' }),
    );
    expect(half).toMatchObject({ status: 'open', qty: '0.06' });
    expect(dec(half.margin).lt(one.margin)).toBe(true);

    const added = ok<ContractPosition>(
      await t.world.call(`${P}/add/mgn`, user.real, { id: one.id, amount: '100' }),
    );
    expect(dec(added.margin).minus(half.margin).toFixed()).toBe('100');
    expect(dec(added.liquidationPrice ?? '0').lt(half.liquidationPrice ?? '0')).toBe(true);

    const tp = ok<ContractPosition>(
      await t.world.call(`${P}/set/profit`, user.real, { id: one.id, price: '55000' }),
    );
    expect(tp.takeProfit).toBe('55000');
    const sl = ok<ContractPosition>(
      await t.world.call(`${P}/set/loss`, user.real, { id: one.id, price: '48000' }),
    );
    expect(sl.stopLoss).toBe('48000');
    const cleared = ok<ContractPosition>(
      await t.world.call(`${P}/set/profit`, user.real, { id: one.id, price: '' }),
    );
    expect(cleared).toMatchObject({ takeProfit: null, stopLoss: '48000' });

    const active = ok<{ list: ContractPosition[] }>(await t.world.call(`${P}/list/active`, user.real));
    expect(active.list).toHaveLength(2);
    const all = ok<{ closed: ContractPosition[] }>(await t.world.call(`${P}/liquidate/all`, user.real));
    expect(all.closed.map((p) => p.status)).toEqual(['closed', 'closed']);
    expect(all.closed.map((p) => p.closeReason)).toEqual(['all', 'all']);
    const history = ok<{ list: ContractPosition[]; total: number }>(
      await t.world.call(`${P}/list`, user.real, { status: 'history' }),
    );
    expect(history.total).toBe(2);
    expect(await t.world.call(`${P}/close`, user.real, { id: one.id })).toMatchObject({
      key: 'POSITION_CLOSED',
    });
    const balance = await contractBalance(t.world, user.real);
    expect(balance.frozen).toBe('0');
  });

  it('closes one whole position at the user’s request (liquidate)', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    const p = await openLong(t.world, user.real);
    const closed = ok<ContractPosition>(await t.world.call(`${P}/liquidate`, user.real, { id: p.id }));
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'user', closePrice: '49999' });
  });

  it('keeps users and account types apart: nobody touches another user’s positions', async () => {
    await t.world.tick(50_000);
    const owner = await t.world.trader('1000');
    const other = await t.world.trader('1000');
    const p = await openLong(t.world, owner.real);
    const before = await t.world.counts();
    for (const token of [other.real, other.demo, owner.demo]) {
      for (const [path, fields] of [
        ['query', { id: p.id }],
        ['close', { id: p.id }],
        ['liquidate', { id: p.id }],
        ['set/profit', { id: p.id, price: '60000' }],
        ['set/loss', { id: p.id, price: '40000' }],
        ['add/mgn', { id: p.id, amount: '1' }],
      ] as const) {
        expect(await t.world.call(`${P}/${path}`, token, fields)).toMatchObject({
          code: -1001,
          key: 'POSITION_NOT_FOUND',
          msg: 'Position not found.',
        });
      }
      expect(ok<{ list: unknown[] }>(await t.world.call(`${P}/list/active`, token)).list).toEqual([]);
      expect(ok<{ closed: unknown[] }>(await t.world.call(`${P}/liquidate/all`, token)).closed).toEqual([]);
    }
    expect(await t.world.counts()).toEqual(before);
    // Untouched, field by field: no trigger set, no margin added, nothing closed.
    expect(ok<ContractPosition>(await t.world.call(`${P}/query`, owner.real, { id: p.id }))).toMatchObject({
      status: 'open',
      takeProfit: null,
      stopLoss: null,
      margin: p.margin,
      qty: p.qty,
    });
    expect(await t.world.call(`${P}/list`, undefined)).toMatchObject({ code: -1000 });
  });

  it('keeps demo money apart: a demo position spends the demo contract wallet only', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    expect(
      await t.world.call(`${P}/add`, user.demo, {
        symbol: SYMBOL,
        side: 'long',
        leverage: '10',
        margin: '10',
        acceptRisk: '1',
      }),
    ).toMatchObject({
      key: 'INSUFFICIENT_BALANCE',
    });
    await transfer(t.world.db, {
      reason: 'test',
      referenceType: 'test',
      referenceId: 'demo',
      userId: user.id,
      accountType: 'demo',
      fromWallet: 'coin',
      toWallet: 'contract',
      currency: 'USDT',
      amount: '500',
    });
    const realBefore = await contractBalance(t.world, user.real);
    const p = await openLong(t.world, user.demo, { margin: '10' });
    const demo = await contractBalance(t.world, user.demo);
    expect(demo.frozen).toBe(p.margin);
    expect(await contractBalance(t.world, user.real)).toEqual(realBefore);
    expect(ok<{ list: unknown[] }>(await t.world.call(`${P}/list/active`, user.real)).list).toEqual([]);
    expect(
      ok<{ list: ContractPosition[] }>(await t.world.call(`${P}/list/active`, user.demo)).list.map(
        (x) => x.id,
      ),
    ).toEqual([p.id]);
  });

  // Newest first by close time; "close all" closes several positions at one instant. Without a
  // tie-breaker PostgreSQL's top-N sort returned tied rows in a different order for each offset:
  // paging one at a time showed the same position three times and never showed two others.
  it('pages positions closed together each once, newest id first among equals', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('2000');
    const opened: string[] = [];
    for (let i = 0; i < 6; i++) opened.push((await openLong(t.world, user.real, { margin: '50' })).id);
    const closed = ok<{ closed: ContractPosition[] }>(
      await t.world.call(`${P}/liquidate/all`, user.real),
    ).closed;
    expect(new Set(closed.map((p) => p.closedAt)).size).toBe(1); // one instant for all six
    const walked: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const answer = ok<{ list: ContractPosition[] }>(
        await t.world.call(`${P}/list`, user.real, { status: 'history', page: String(page), size: '1' }),
      );
      walked.push(...answer.list.map((p) => p.id));
    }
    expect(walked).toEqual([...opened].sort((a, b) => Number(b) - Number(a)));
  });
});
