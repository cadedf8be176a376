import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRow } from '../../domain/protocol/alerts';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { appStateOf } from '../../server/app-state';
import { dbTargets } from '../support/server';
import { watchAlerts } from './alerts-support';
import { contractWorld, ok, openLong, SYMBOL, type ContractWorld } from './contract-support';

describe.each(dbTargets())('contract risk alerts on %s', (target) => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await contractWorld(target);
  });
  afterAll(async () => world?.close());

  /** A mark tick, with the risk engine and the alert engine both done with it. */
  async function tick(price: number) {
    await world.tick(price);
    await appStateOf(world.db).alerts.settled();
  }
  const add = async (token: string, kind: string, threshold: string) =>
    ok<AlertRow>(await world.call('/user/alert/add', token, { symbol: SYMBOL, kind, threshold }));

  it('a liquidation-distance alert fires when the mark comes within X % of the liquidation price, re-arms past X + 1', async () => {
    await tick(50_000);
    const user = await world.trader('1000');
    const live = watchAlerts(world.db, user.id);
    const p = await openLong(world, user.real);
    const liq = new Decimal(p.liquidationPrice ?? '0');
    expect(liq.gt(0)).toBe(true);
    const alert = await add(user.real, 'liquidation', '5');
    // Distance (mark − liq) / mark: 7 % at liq / 0.93, 4.5 % at liq / 0.955 (whole USDT, on the safe side of each).
    const at7 = liq.div(0.93).ceil().toNumber();
    const at45 = liq.div(0.955).floor().toNumber();
    const at55 = liq.div(0.945).floor().toNumber();
    await tick(at7);
    expect(live.seen).toEqual([]);
    await tick(at45);
    expect(live.seen.map((f) => [f.id, f.kind, f.threshold])).toEqual([[alert.id, 'liquidation', '5']]);
    expect(Number(live.seen[0]?.figure)).toBeLessThanOrEqual(5);
    // 5.5 % is not back past 6 %: no re-arm, so 4.5 % again tells nothing.
    await tick(at55);
    await tick(at45);
    expect(live.seen).toHaveLength(1);
    await tick(at7);
    await tick(at45);
    expect(live.seen).toHaveLength(2);
    // Someone else's position on the symbol never fires this user's alert.
    const other = await world.trader('1000');
    const theirs = watchAlerts(world.db, other.id);
    await tick(at7);
    expect(theirs.seen).toEqual([]);
    live.off();
    theirs.off();
  });

  it('a margin-ratio alert fires on the first mark whose ratio, as the position shows it, reaches Y', async () => {
    await tick(50_000);
    const user = await world.trader('1000');
    const live = watchAlerts(world.db, user.id);
    const p = await openLong(world, user.real);
    const alert = await add(user.real, 'margin', '50');
    let price = 50_000;
    let ratio = 0;
    while (ratio < 50) {
      price -= 100;
      await tick(price);
      const now = ok<ContractPosition>(
        await world.call('/coin/contract/order/query', user.real, { id: p.id }),
      );
      ratio = Number(now.marginRatio);
      expect(live.seen.length, `ratio ${ratio} at ${price}`).toBe(ratio >= 50 ? 1 : 0);
    }
    expect(live.seen[0]).toMatchObject({ id: alert.id, kind: 'margin', threshold: '50' });
    live.off();
  });
});
