import Decimal from 'decimal.js';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiOrderDetails, AiProductInfo } from '../../domain/protocol/ai-products';
import { runAiPass } from '../../server/ai-products/pass';
import { aiMarks } from '../../server/db/schema/ai-products';
import { dbTargets } from '../support/server';
import { mondayAiWorld, DAY, HOUR, type AiWorld } from './ai-products-support';
import { holder } from './options-support';
import { api, MONDAY_NOON, requireTradePassword } from './spot-support';

const PIN = '246810';

/**
 * `mom-2` bought Monday 12:00 for 10 000 (AAA 415 @ 12, BBB 249 @ 20, cash 24.02, as in
 * ai-products-flow), with no rebalance due for a week. The daily bar that opened half a day
 * before the buy closes half a day after it at AAA 12.1, BBB 21: marked, the book is worth
 * 24.02 + 5021.5 + 5229 = 10274.52. A day in, at the last prices AAA 12, BBB 20, it is worth
 * 9984.02: a fall of (1.027452 − 0.998402) ÷ 1.027452 = 0.028274 that marks at rebalances
 * alone (none yet) never saw.
 */
describe.each(dbTargets())('an AI product marked at every daily close on %s', (target) => {
  let world: AiWorld;
  beforeAll(async () => {
    world = await mondayAiWorld(target);
  });
  afterAll(async () => world?.close());

  const marks = async () =>
    (await world.db.select().from(aiMarks).orderBy(asc(aiMarks.t))).map((m) => [
      m.t,
      new Decimal(m.value).toFixed(),
      new Decimal(m.paidIn).toFixed(),
    ]);

  it('marks the book once per closed bar, never a bar the source generated, and the drawdown reads it', async () => {
    const call = api(world as never);
    const u = await holder(world.db, '20000');
    await requireTradePassword(world.db, u.userId, PIN);
    // Before any order there is no book to mark.
    expect(await runAiPass(world.db, world.source, MONDAY_NOON)).toBe(0);
    const bought = await call.post<AiOrderDetails>('/stock/ai/buy', u.token, {
      action: 'buy',
      id: 'mom-2',
      amount: '10000',
      tradePassword: PIN,
    });
    expect(bought.data).toMatchObject({ cash: '24.02', value: '9984.02' });
    // The bar that last closed did so a day before the buy, on a book the product did not have
    // then: nothing marked (the one open at the buy has not closed).
    await runAiPass(world.db, world.source, MONDAY_NOON + HOUR);
    expect(await marks()).toEqual([]);

    // A restart at the buy: the source generated the bar that closes later, it did not print it.
    world.clock.set(MONDAY_NOON + DAY);
    world.source.printedSince = () => ({ since: MONDAY_NOON, price: '102' });
    await runAiPass(world.db, world.source, MONDAY_NOON + DAY);
    expect(await marks()).toEqual([]);

    world.source.printedSince = () => null;
    await runAiPass(world.db, world.source, MONDAY_NOON + DAY);
    await runAiPass(world.db, world.source, MONDAY_NOON + DAY + HOUR);
    expect(await marks()).toEqual([[MONDAY_NOON + DAY / 2, '10274.52', '10000']]);

    const info = await call.post<AiProductInfo>('/stock/ai/info', '', { id: 'mom-2' });
    expect(info.data.performance).toMatchObject({
      value: '9984.02',
      return: '-0.001598',
      maxDrawdown: '0.028274',
      rebalances: 0,
    });
  });
});
