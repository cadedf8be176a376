import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AssetsAnswer } from '../../domain/protocol/account';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import type { JournalTrade } from '../../domain/protocol/learn';
import { fig } from '../../server/journal/wire';
import { realisticFills } from '../../server/db/schema/realistic';
import { contractPositions } from '../../server/db/schema/trading';
import { dbTargets } from '../support/server';
import { ok, openLong, SYMBOL, sharedContractWorld } from './contract-support';

const P = '/coin/contract/order';
const HOUR = 3_600_000;
const dec = (v: Decimal.Value) => new Decimal(v);
const c = (v: string) => dec(v).toFixed();

/**
 * A contract position's executions on a real USDⓈ-M venue (docs/real-costs.md): each market order
 * walks the book as it stood at that moment, pays the VIP 0 taker fee (0.05 %) instead of the
 * broker's, and each funding boundary charges what the paper position pays; the contract
 * wallet's paper and realistic P&L stand beside the spot wallets' on /user/assets.
 */
describe.each(dbTargets())('realistic counterparts of contract fills on %s', (target) => {
  const t = sharedContractWorld(target);

  const rowsOf = async (userId: bigint) =>
    (
      await t.world.db
        .select()
        .from(realisticFills)
        .where(and(eq(realisticFills.userId, userId), eq(realisticFills.wallet, 'contract')))
    )
      .sort((a, b) => (a.fillId < b.fillId ? -1 : 1))
      // The database's numerics, canonical (trailing zeros off) as the wire writes them.
      .map((r) => ({
        ...r,
        qty: c(r.qty),
        avgPrice: r.avgPrice === null ? null : c(r.avgPrice),
        fees: c(r.fees),
        slippage: c(r.slippage),
        feesDelta: c(r.feesDelta),
        delta: c(r.delta),
      }));

  it('opens over two levels, closes part, pays one 8 h funding, closes the rest: every step priced', async () => {
    // Trading clock 12:00 UTC; the next funding boundary is 16:00.
    await t.world.tick(50_000);
    const user = await t.world.trader('60000');
    const opened = ok<ContractPosition>(
      await t.world.call(`${P}/add`, user.real, {
        symbol: SYMBOL,
        side: 'long',
        leverage: '10',
        quantity: '7',
        acceptRisk: '1',
      }),
    );
    expect(opened.qty).toBe('7');
    // A part at the bids 49999 (5 each): 2 × 49999 = 99998.
    ok(await t.world.call(`${P}/close`, user.real, { id: opened.id, quantity: '2' }));
    // Across 16:00 with 0.01 %: 5 × 50000 × 0.0001 = 25 USDT paid, on paper and on the venue.
    t.world.clock.t += 5 * HOUR;
    await t.world.tick(50_000, '0.0100');
    ok(await t.world.call(`${P}/close`, user.real, { id: opened.id, quantity: '5' }));

    const [position] = await t.world.db
      .select()
      .from(contractPositions)
      .where(eq(contractPositions.id, BigInt(opened.id)));
    expect(position?.status).toBe('closed');
    expect(c(position!.funding)).toBe('25');
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => [r.kind, r.side, r.venue, r.role, r.qty])).toEqual([
      ['contract-open', 'buy', 'binance-usdm', 'taker', '7'],
      ['contract-close', 'sell', 'binance-usdm', 'taker', '2'],
      ['contract-funding', 'buy', 'binance-usdm', 'taker', '5'],
      ['contract-close', 'sell', 'binance-usdm', 'taker', '5'],
    ]);
    const [open, part, funding, rest] = rows;
    // The asks 50001 and 50002, 5 each: 5 × 50001 + 2 × 50002 = 350009; the paper order walked the
    // same levels (no slippage); 0.05 % of it is 175.0045.
    expect(open).toMatchObject({ avgPrice: '50001.285714285714', fees: '175.0045', slippage: '0' });
    expect(part).toMatchObject({ avgPrice: '49999', fees: '49.999', slippage: '0' });
    expect(funding).toMatchObject({ avgPrice: '50000', fees: '25', feesDelta: '0', delta: '0' });
    expect(rest).toMatchObject({ avgPrice: '49999', fees: '124.9975', slippage: '0' });
    // Each fee line: the venue's fee less what the paper position paid for the same execution.
    const paperClose = dec(position!.closeFee!);
    expect(dec(open!.feesDelta).toFixed()).toBe(dec('175.0045').minus(position!.openFee).toFixed());
    expect(dec(part!.feesDelta).plus(rest!.feesDelta).toFixed()).toBe(
      dec('174.9965').minus(paperClose).toFixed(),
    );

    const assets = await t.world.call('/user/assets', user.real);
    const realistic = ok<AssetsAnswer>(assets).realistic ?? [];
    const lines = dec(open!.feesDelta).plus(part!.feesDelta).plus(rest!.feesDelta);
    const paper = dec(position!.realizedPnl!);
    expect(realistic.find((r) => r.wallet === 'contract')).toEqual({
      wallet: 'contract',
      currency: 'USDT',
      paper: paper.toFixed(),
      realistic: paper.minus(lines).toFixed(),
      slippage: '0',
      fees: lines.toFixed(),
      taxes: '0',
      queue: '0',
      fills: 1,
      priced: 1,
    });

    // The journal's trade: the same position, realistic = paper − Σ its counterparts' deltas.
    const journal = ok<{ list: JournalTrade[] }>(await t.world.call('/user/journal/list', user.real));
    const trade = journal.list.find((x) => x.id === `live:contract:${opened.id}`);
    const deltas = dec(open!.delta).plus(part!.delta).plus(funding!.delta).plus(rest!.delta);
    expect(deltas.toFixed()).toBe(lines.toFixed());
    expect(trade?.realisticPnl).toBe(fig(paper.minus(deltas)));
  });

  it('a demo account counts the positions since its latest reset', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('0');
    await t.world.fundDemoContract(user, '2000');
    const contractRow = async () =>
      (ok<AssetsAnswer>(await t.world.call('/user/assets', user.demo)).realistic ?? []).find(
        (r) => r.wallet === 'contract',
      );
    const roundTrip = async () => {
      const p = await openLong(t.world, user.demo);
      ok(await t.world.call(`${P}/close`, user.demo, { id: p.id, quantity: p.qty }));
    };
    await roundTrip();
    expect(await contractRow()).toMatchObject({ fills: 1, priced: 1 });
    ok(await t.world.call('/user/demo/reset', user.demo));
    expect(await contractRow()).toBeUndefined();
    // The reset put the demo's USDT back in its coin wallet.
    await t.world.fundDemoContract(user, '2000');
    await roundTrip();
    await roundTrip();
    expect(await contractRow()).toMatchObject({ fills: 2, priced: 2 });
    // The real account has no positions: no contract row there.
    expect(
      (ok<AssetsAnswer>(await t.world.call('/user/assets', user.real)).realistic ?? []).map((r) => r.wallet),
    ).not.toContain('contract');
  });

  it('a liquidation compares the trading fee only: the liquidation fee is the venue’s too', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('10000');
    const opened = ok<ContractPosition>(
      await t.world.call(`${P}/add`, user.real, {
        symbol: SYMBOL,
        side: 'long',
        leverage: '10',
        quantity: '1',
        acceptRisk: '1',
      }),
    );
    const rules = ok<ContractRules>(await t.world.call(`${P}/multiple`, user.real, { symbol: SYMBOL }));
    // Far past its liquidation price: the engine sells 1 at the best bid, 43999.
    await t.world.tick(44_000);
    const [position] = await t.world.db
      .select()
      .from(contractPositions)
      .where(eq(contractPositions.id, BigInt(opened.id)));
    expect(position?.status).toBe('liquidated');
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.kind)).toEqual(['contract-open', 'contract-close']);
    const close = rows[1]!;
    // The venue: 0.05 % of 43999 = 21.9995; paper's trading fee alone: its rate, rounded up to USDT's 8.
    const paperTaker = dec(43_999).mul(rules.feeRate).toDecimalPlaces(8, Decimal.ROUND_UP);
    expect(close).toMatchObject({ qty: '1', avgPrice: '43999', fees: '21.9995', slippage: '0' });
    expect(close.feesDelta).toBe(dec('21.9995').minus(paperTaker).toFixed());
  });
});
