import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiOrderDetails } from '../../domain/protocol/ai-products';
import type { BlockOrder } from '../../domain/protocol/bulk';
import type { OptionPosition } from '../../domain/protocol/options';
import type { RobotOrder } from '../../domain/protocol/robots';
import { dbTargets } from '../support/server';
import { mondayAiWorld, untouched as aiUntouched, type AiWorld } from './ai-products-support';
import { blockDraft, newBlock, untouchedByBlock } from './bulk-support';
import { HOUR, PIN as IPO_PIN, investor, ipoWorld, type IpoWorld } from './ipo-support';
import {
  FRIDAY_CLOSE,
  holder,
  optionWorld,
  untouched as optionsUntouched,
  type OptionWorld,
} from './options-support';
import { newRequestId, refusedWith, replays, twentyAtOnce } from './request-keys-support';
import {
  holder as robotHolder,
  PIN as ROBOT_PIN,
  robotWorld,
  untouched as robotsUntouched,
  type RobotWorld,
} from './robots-support';
import { api, expectCleanLedger, MONDAY_NOON, requireTradePassword } from './spot-support';

/**
 * Option, robot, AI-product and block purchases, once per requestId (the rules in full:
 * request-keys-funding). What a purchase moves: the user's balances and their rows. The global
 * ledger count is left out: the products' own passes may book on their timers meanwhile.
 */
function mine<T extends { ledger: number }>(moved: T): Omit<T, 'ledger'> {
  const rest: Partial<T> = { ...moved };
  delete rest.ledger;
  return rest as Omit<T, 'ledger'>;
}

describe.each(dbTargets())('an option bought once per requestId on %s', (target) => {
  let world: OptionWorld;
  beforeAll(async () => {
    world = await optionWorld(target);
  });
  afterAll(async () => world?.close());

  it('20 identical buys at once open one position; a replay opens none', async () => {
    const call = api(world as never);
    const u = await holder(world.db, '10000');
    const id = newRequestId();
    const fields = {
      action: 'buy',
      symbol: 'THYAO',
      kind: 'call',
      strike: '100',
      expiresAt: String(FRIDAY_CLOSE),
      contracts: '2',
      premium: '1.5340',
    };
    const send = () =>
      call.post<OptionPosition>('/stock/order/option/apply', u.token, { ...fields, requestId: id });
    const before = mine(await optionsUntouched(world.db, u.userId));
    const first = await twentyAtOnce<OptionPosition>(send);
    expect(first).toMatchObject({ status: 'open', contracts: '2' });
    expect(mine(await optionsUntouched(world.db, u.userId)).positions).toBe(before.positions + 1);
    await replays(send, first, async () => mine(await optionsUntouched(world.db, u.userId)));
    // Without a key, two buys are two positions, as before.
    expect((await call.post('/stock/order/option/apply', u.token, fields)).code).toBe(0);
    expect((await call.post('/stock/order/option/apply', u.token, fields)).code).toBe(0);
    expect(mine(await optionsUntouched(world.db, u.userId)).positions).toBe(before.positions + 3);
    await expectCleanLedger(world.db);
  });
});

describe.each(dbTargets())('a robot bought once per requestId on %s', (target) => {
  let world: RobotWorld;
  beforeAll(async () => {
    world = await robotWorld(target);
  });
  afterAll(async () => world?.close());

  it('20 identical buys at once lock the capital once', async () => {
    const call = api(world as never);
    const u = await robotHolder(world.db, '10000');
    const id = newRequestId();
    const send = () =>
      call.post<RobotOrder>('/robot/buy', u.token, {
        action: 'buy',
        robotId: '1',
        amount: '1000',
        days: '1',
        tradePassword: ROBOT_PIN,
        requestId: id,
      });
    const first = await twentyAtOnce<RobotOrder>(send);
    expect(first).toMatchObject({ capital: '1000', status: 'running' });
    expect(mine(await robotsUntouched(world.db, u.userId)).orders).toBe(1);
    await replays(send, first, async () => mine(await robotsUntouched(world.db, u.userId)));
    await expectCleanLedger(world.db);
  });
});

describe.each(dbTargets())('an AI product bought once per requestId on %s', (target) => {
  let world: AiWorld;
  beforeAll(async () => {
    world = await mondayAiWorld(target);
  });
  afterAll(async () => world?.close());

  it('20 identical buys at once make one order', async () => {
    const call = api(world as never);
    const u = await holder(world.db, '20000');
    await requireTradePassword(world.db, u.userId, '246810');
    const id = newRequestId();
    const send = () =>
      call.post<AiOrderDetails>('/stock/ai/buy', u.token, {
        action: 'buy',
        id: 'mom-2',
        amount: '10000',
        tradePassword: '246810',
        requestId: id,
      });
    const first = await twentyAtOnce<AiOrderDetails>(send);
    expect(first).toMatchObject({ status: 'open' });
    expect(mine(await aiUntouched(world.db, u.userId)).orders).toBe(1);
    await replays(send, first, async () => mine(await aiUntouched(world.db, u.userId)));
    await expectCleanLedger(world.db);
  });

  it('20 identical additions to an order at once add the capital once', async () => {
    // The review found the add-amount route unprotected beside the buy it shares a form with.
    const call = api(world as never);
    const u = await holder(world.db, '30000');
    await requireTradePassword(world.db, u.userId, '246810');
    const bought = await call.post<AiOrderDetails>('/stock/ai/buy', u.token, {
      action: 'buy',
      id: 'mom-2',
      amount: '10000',
      tradePassword: '246810',
    });
    expect(bought.code).toBe(0);
    const before = mine(await aiUntouched(world.db, u.userId));
    const id = newRequestId();
    const send = () =>
      call.post<AiOrderDetails>('/stock/ai/order/add/amount', u.token, {
        id: bought.data.id,
        amount: '5000',
        tradePassword: '246810',
        requestId: id,
      });
    const added = await twentyAtOnce<AiOrderDetails>(send);
    expect(added).toMatchObject({ status: 'open' });
    const after = mine(await aiUntouched(world.db, u.userId));
    // 5,000 TRY left the wallet once (30,000 − 10,000 − 5,000 and the costs), not 20 times.
    const tryOf = (b: typeof after) =>
      Number(b.real.find((x) => x.wallet === 'stock' && x.currency === 'TRY')?.total ?? 0);
    expect(tryOf(before) - tryOf(after)).toBeGreaterThanOrEqual(5000);
    expect(tryOf(before) - tryOf(after)).toBeLessThan(5100);
    await replays(send, added, async () => mine(await aiUntouched(world.db, u.userId)));
    await expectCleanLedger(world.db);
  });
});

describe.each(dbTargets())('a block bought once per requestId on %s', (target) => {
  let world: IpoWorld;
  beforeAll(async () => {
    world = await ipoWorld(target);
  });
  afterAll(async () => world?.close());

  it('20 identical buys at once make one order; another route refuses the key', async () => {
    const call = api(world as never);
    world.clock.set(MONDAY_NOON);
    const block = await newBlock(world, blockDraft(MONDAY_NOON - HOUR));
    const u = await investor(world.db, '20000');
    const id = newRequestId();
    const send = () =>
      call.post<BlockOrder>('/stock/bulk/apply', u.token, {
        id: block,
        lots: '10',
        price: '95',
        tradePassword: IPO_PIN,
        requestId: id,
      });
    const first = await twentyAtOnce<BlockOrder>(send);
    expect(mine(await untouchedByBlock(world.db, u.userId)).orders).toBe(1);
    await replays(send, first, async () => mine(await untouchedByBlock(world.db, u.userId)));
    refusedWith(
      await call.post('/stock/order/option/apply', u.token, {
        action: 'close',
        id: '1',
        premium: '0',
        requestId: id,
      }),
      'REQUEST_ID_REUSED',
    );
    await expectCleanLedger(world.db);
  });
});
