import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioValue } from '../../domain/portfolio/value';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { fundFromSandbox } from '../../server/ledger/moves';
import { assetReads } from '../../server/routes/assets';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { contractWorld, ok, type ContractWorld, type Trader } from './contract-support';

/**
 * A posting made between the reads of one /user/assets call, through hooks on the two reads
 * that must agree: right after the balances are read and before the day's moves are. Swapped in
 * the route's table of reads and restored (server tests share modules, so none is mocked).
 */
const hook = {
  afterBalances: null as (() => void) | null,
  beforeMoves: null as (() => Promise<void>) | null,
};
const real = { ...assetReads };
beforeAll(() => {
  assetReads.userBalances = async (...args) => {
    const balances = await real.userBalances(...args);
    hook.afterBalances?.();
    return balances;
  };
  assetReads.dayMoves = async (...args) => {
    await hook.beforeMoves?.();
    return real.dayMoves(...args);
  };
});
afterAll(() => {
  Object.assign(assetReads, real);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dec = (v: Decimal.Value) => new Decimal(v);

/**
 * /user/assets reads the balances and the day's moves that explain them from one snapshot
 * (server/db/snapshot.ts), so for each cash balance `total − pnl − flows` is the cash held at
 * the day reference in every answer, even when a posting lands in the middle of the reads.
 */
describe.each(dbTargets())('assets: balances and day moves from one snapshot on %s', (target) => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await contractWorld(target);
  });
  afterAll(async () => {
    hook.afterBalances = null;
    hook.beforeMoves = null;
    if (world) expect(await verifyLedger(world.db)).toEqual([]);
    await world?.close();
  });

  const assets = async (token: string) => ok<AssetsAnswer>(await world.call('/user/assets', token));
  /** Each cash balance's figure at the reference by the answer's own numbers: total − pnl − flows. */
  const atReference = (answer: AssetsAnswer) =>
    Object.fromEntries(
      (answer.todayCash ?? []).map((c) => {
        const total = answer.balances.find((b) => b.wallet === c.wallet && b.currency === c.currency)?.total;
        return [
          c.wallet,
          dec(total ?? 'NaN')
            .minus(c.pnl)
            .minus(c.flows)
            .toFixed(),
        ];
      }),
    );
  const dayPnl = (answer: AssetsAnswer) =>
    portfolioValue({
      balances: answer.balances,
      prices: {},
      usdtTry: { last: '43.85', prev: '43.80' },
      contractPnls: [],
      today: answer.today ?? [],
      todayCash: answer.todayCash ?? [],
      openPnlRef: answer.openPnlRef ?? null,
    }).dayPnlTry;
  const fundCoin = (me: Trader, amount: string) =>
    fundFromSandbox(world.db, {
      reason: 'test',
      referenceType: 'test',
      referenceId: 'snapshot',
      userId: me.id,
      accountType: 'real',
      wallet: 'coin',
      currency: 'USDT',
      amount,
    });

  it('a deposit landing between the balances and the day moves is in both or in neither', async () => {
    // All of the account's money arrived today: at the reference every balance held 0.
    const me = await world.trader('1000', '4000');
    const zero = { stock: '0', coin: '0', contract: '0' };
    expect(atReference(await assets(me.real))).toEqual(zero);
    expect(dayPnl(await assets(me.real))).toBe('0.00');

    let balancesRead = () => {};
    const read = new Promise<void>((resolve) => {
      balancesRead = resolve;
    });
    let posted: Promise<unknown> = Promise.resolve();
    hook.afterBalances = () => {
      hook.afterBalances = null;
      balancesRead();
    };
    hook.beforeMoves = async () => {
      hook.beforeMoves = null;
      // The moves are read after the balances (the reads ran in parallel before the fix).
      await Promise.race([read, sleep(1_000)]);
      posted = fundCoin(me, '7');
      // On PGlite inside the snapshot the posting waits for it to end: let it wait.
      await Promise.race([posted, sleep(300)]);
    };
    const during = await assets(me.real);
    await posted;
    expect(hook.beforeMoves).toBeNull();
    // Without one snapshot: the balance without the 7 USDT, the flows with them, so the
    // coin cash "held" −7 at the reference and the day P&L showed a 7 USDT gain.
    expect(atReference(during)).toEqual(zero);
    expect(dayPnl(during)).toBe('0.00');

    const after = await assets(me.real);
    expect(after.todayCash?.find((c) => c.wallet === 'coin')?.flows).toBe('4007');
    expect(atReference(after)).toEqual(zero);
  });
});
