import Decimal from 'decimal.js';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectCleanLedger } from './spot-support';
import { sharedWorld } from '../support/shared-world';
import { portfolioValue } from '../../domain/portfolio/value';
import type { AssetsAnswer, DayCash } from '../../domain/protocol/account';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { dbTargets } from '../support/server';
import { contractBalance, contractWorld, ok, openLong, type Trader } from './contract-support';

const HOUR = 3_600_000;
const EIGHT_HOURS = 8 * HOUR;
const dec = (v: Decimal.Value) => new Decimal(v);

/**
 * /user/assets `todayCash` and `openPnlRef`: what moved each cash balance since its day
 * reference other than spot fills, split into the wallet's own P&L and flows, straight from the
 * ledger, and the open contract P&L at the coin reference (server/portfolio/day-cash.ts), so the
 * day P&L shows a contract loss and no FX gain on USDT that just arrived (domain/portfolio/value).
 */
describe.each(dbTargets())('assets: the day moves of each cash balance on %s', (target) => {
  const t = sharedWorld(
    () => contractWorld(target),
    (world) => {
      // 2 h past a funding boundary, so one more 8 h charges funding once.
      world.clock.t = Math.floor(world.clock.t / EIGHT_HOURS) * EIGHT_HOURS + 2 * HOUR;
    },
    (world) => expectCleanLedger(world.db),
  );

  const assets = async (token: string) => ok<AssetsAnswer>(await t.world.call('/user/assets', token));
  const cash = (answer: AssetsAnswer) =>
    Object.fromEntries((answer.todayCash ?? []).map((c) => [c.wallet, c])) as Record<string, DayCash>;
  const close = async (token: string, id: string) =>
    ok<ContractPosition>(await t.world.call('/coin/contract/order/close', token, { id }));
  const query = async (token: string, id: string) =>
    ok<ContractPosition>(await t.world.call('/coin/contract/order/query', token, { id }));
  const contractTotal = async (token: string) => {
    const b = await contractBalance(t.world, token);
    return dec(b.available).plus(b.frozen);
  };
  /** The ledger's contract-position postings on the user's contract cash, summed in the test. */
  const contractPostings = async (user: Trader, accountType: 'real' | 'demo') => {
    const [row] = await t.world.db
      .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        sql`${ledgerAccounts.userId} = ${user.id} and ${ledgerAccounts.accountType} = ${accountType}
          and ${ledgerAccounts.wallet} = 'contract' and ${ledgerAccounts.currency} = 'USDT'
          and ${ledgerTransactions.referenceType} = 'contract_position'`,
      );
    return dec(row?.sum ?? 0);
  };
  /** Moves the user's ledger history back by `ms`, as if it had been posted that long ago. */
  const backdate = async (user: Trader, ms: number) => {
    const ids = t.world.db
      .select({ id: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerAccounts.userId, user.id));
    await t.world.db
      .update(ledgerTransactions)
      .set({ createdAt: sql`${ledgerTransactions.createdAt} - ${ms} * interval '1 millisecond'` })
      .where(inArray(ledgerTransactions.id, ids));
  };

  it("splits the contract wallet's P&L (fees, funding, a loss) from the money moved in, per user", async () => {
    await t.world.tick(50_000, '0.0100');
    // 5 000 USDT of operator funding, 1 000 of it transferred to the contract wallet.
    const me = await t.world.trader('1000', '4000');
    const other = await t.world.trader('700', '300');
    const lost = await openLong(t.world, me.real);
    const held = await openLong(t.world, me.real, { margin: '50' });
    const theirs = await openLong(t.world, other.real, { margin: '200' });
    // 8 h on, one funding charge on each open position; then the first long closes lower.
    t.world.clock.t += EIGHT_HOURS;
    await t.world.tick(49_800, '0.0100');
    expect(dec((await query(me.real, lost.id)).funding).gt(0)).toBe(true);
    const closed = await close(me.real, lost.id);
    await close(other.real, theirs.id);
    const open = await query(me.real, held.id);

    const answer = await assets(me.real);
    const moves = cash(answer);
    // P&L: the closed long's result (its fees and funding included) and the open one's
    // opening fee and funding, exactly what the ledger's contract postings moved.
    const pnl = dec(closed.realizedPnl ?? 'NaN')
      .minus(open.openFee)
      .minus(open.funding);
    expect(pnl.isNegative()).toBe(true);
    expect(moves.contract).toEqual({
      wallet: 'contract',
      currency: 'USDT',
      pnl: pnl.toFixed(),
      flows: '1000',
    });
    expect(pnl.toFixed()).toBe((await contractPostings(me, 'real')).toFixed());
    // The contract cash is what was moved in plus its P&L.
    expect((await contractTotal(me.real)).toFixed()).toBe(pnl.plus(1000).toFixed());
    expect(moves.coin).toEqual({ wallet: 'coin', currency: 'USDT', pnl: '0', flows: '4000' });
    expect(moves.stock).toEqual({ wallet: 'stock', currency: 'TRY', pnl: '0', flows: '0' });
    // Both positions opened after the reference.
    expect(answer.openPnlRef).toBe('0');

    // The other user's own postings, none of mine.
    const theirMoves = cash(await assets(other.real));
    expect(theirMoves.contract?.pnl).toBe((await contractPostings(other, 'real')).toFixed());
    expect(theirMoves.contract?.flows).toBe('700');
    expect(theirMoves.coin?.flows).toBe('300');
    await close(me.real, held.id);

    // An account end to end: all its money arrived today and the contract lost. The
    // day P&L is the contract wallet's P&L at today's rate, not a 24 h FX gain on 5 000 USDT.
    const after = await assets(me.real);
    const dayPnl = dec(cash(after).contract?.pnl ?? 'NaN');
    expect(dayPnl.toFixed()).toBe((await contractPostings(me, 'real')).toFixed());
    const value = portfolioValue({
      balances: after.balances,
      prices: {},
      usdtTry: { last: '43.85', prev: '43.80' },
      contractPnls: [],
      today: after.today ?? [],
      todayCash: after.todayCash ?? [],
      openPnlRef: after.openPnlRef ?? null,
    });
    expect(value.dayPnlTry).toBe(dayPnl.mul('43.85').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2));
    expect(Number(value.dayPnlTry)).toBeLessThan(0);
  });

  it('counts a position open at the reference from its P&L then, and nothing posted before it', async () => {
    const me = await t.world.trader('1000');
    const long = await openLong(t.world, me.real);
    // A day passes: everything posted so far is from before the 24 h reference.
    await backdate(me, 25 * HOUR);
    t.world.clock.t += 25 * HOUR;
    t.world.source.setTicker('BTCUSDT', { prev: '49500.00' });
    await t.world.tick(49_900);

    let answer = await assets(me.real);
    expect(cash(answer).contract).toMatchObject({ pnl: '0', flows: '0' });
    expect(cash(answer).coin).toMatchObject({ pnl: '0', flows: '0' });
    // Long qty × (24 h-ago price − entry).
    const ref = dec(long.qty).mul(dec('49500').minus(long.entryPrice));
    expect(answer.openPnlRef).toBe(ref.toFixed());

    const before = await contractTotal(me.real);
    const closed = await close(me.real, long.id);
    answer = await assets(me.real);
    // Today's P&L is the close's posting alone: its result less the opening fee paid yesterday.
    const today = dec(closed.realizedPnl ?? 'NaN').plus(long.openFee);
    expect(cash(answer).contract).toMatchObject({ pnl: today.toFixed(), flows: '0' });
    // The margin was in the balance already (frozen): the close moved it by today's P&L.
    expect((await contractTotal(me.real)).minus(before).toFixed()).toBe(today.toFixed());
    // Closed since the reference, it still was open then.
    expect(answer.openPnlRef).toBe(ref.toFixed());
  });

  it('a position open at the reference and partly closed since counts only its move since then', async () => {
    await t.world.tick(50_000);
    const me = await t.world.trader('1000');
    const long = ok<ContractPosition>(
      await t.world.call('/coin/contract/order/add', me.real, {
        symbol: 'BTCUSDT',
        side: 'long',
        leverage: '10',
        quantity: '0.02',
        acceptRisk: '1',
      }),
    );
    await backdate(me, 25 * HOUR);
    t.world.clock.t += 25 * HOUR;
    t.world.source.setTicker('BTCUSDT', { prev: '49500.00' });
    await t.world.tick(49_900);
    // It held 0.02 at the reference: 0.02 × (49 500 − entry).
    const ref = dec('0.02').mul(dec('49500').minus(long.entryPrice));
    expect((await assets(me.real)).openPnlRef).toBe(ref.toFixed());

    // Half closes today. Its realised P&L from the entry lands in today's wallet P&L in full, so
    // the reference must still count the half it held then (on the 0.01 left it counted half of
    // `ref`, and the closed half's move before the reference showed as today's).
    const half = ok<ContractPosition>(
      await t.world.call('/coin/contract/order/close', me.real, { id: long.id, quantity: '0.01' }),
    );
    expect(half).toMatchObject({ status: 'open', qty: '0.01' });
    const answer = await assets(me.real);
    expect(answer.openPnlRef).toBe(ref.toFixed());
    // Today's contract P&L, all told (the wallet's P&L, the open P&L now less then), is each
    // half's move from the reference price: the closed one to its close price less its fee,
    // the open one to the mark.
    const rest = await query(me.real, long.id);
    const today = dec(cash(answer).contract?.pnl ?? 'NaN')
      .plus(rest.unrealizedPnl)
      .minus(answer.openPnlRef ?? 'NaN');
    const fromRef = dec('0.01')
      .mul(dec(half.closePrice ?? 'NaN').minus('49500'))
      .minus(half.closeFee ?? 'NaN')
      .plus(dec('0.01').mul(dec(rest.mark).minus('49500')));
    expect(today.toFixed()).toBe(fromRef.toFixed());

    // Closed in full since the reference: both parts still count at what it held then.
    await close(me.real, long.id);
    expect((await assets(me.real)).openPnlRef).toBe(ref.toFixed());
  });

  it('starts a demo account anew at its latest reset, and never mixes it with the real one', async () => {
    await t.world.tick(50_000);
    const me = await t.world.trader('0');
    const start = { stock: '1000000', coin: '10000', contract: '0' };
    await t.world.fundDemoContract(me, '2000');
    const first = await openLong(t.world, me.demo);
    await t.world.tick(49_900);
    const firstClosed = await close(me.demo, first.id);
    let moves = cash(await assets(me.demo));
    // The demo's opening balance arrived today: a flow, as is the transfer.
    expect(moves.contract).toMatchObject({ pnl: firstClosed.realizedPnl, flows: '2000' });
    expect(moves.coin).toMatchObject({ pnl: '0', flows: '8000' });
    expect(moves.stock).toMatchObject({ pnl: '0', flows: start.stock });
    // The real account moved nothing.
    const real = cash(await assets(me.real));
    for (const w of ['stock', 'coin', 'contract']) expect(real[w]).toMatchObject({ pnl: '0', flows: '0' });

    // The reset: nothing before it counts, and what it left is a flow.
    expect((await t.world.call('/user/demo/reset', me.demo)).code).toBe(0);
    let answer = await assets(me.demo);
    moves = cash(answer);
    for (const w of ['stock', 'coin', 'contract'] as const)
      expect(moves[w]).toMatchObject({ pnl: '0', flows: start[w] });
    expect(answer.openPnlRef).toBe('0');

    await t.world.fundDemoContract(me, '500');
    const second = await openLong(t.world, me.demo, { margin: '40' });
    await t.world.tick(49_700);
    const secondClosed = await close(me.demo, second.id);
    answer = await assets(me.demo);
    moves = cash(answer);
    expect(moves.contract).toMatchObject({ pnl: secondClosed.realizedPnl, flows: '500' });
    expect(moves.coin).toMatchObject({ pnl: '0', flows: '9500' });
    expect((await contractTotal(me.demo)).toFixed()).toBe(
      dec(500)
        .plus(secondClosed.realizedPnl ?? 'NaN')
        .toFixed(),
    );
  });
});
