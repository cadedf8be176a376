import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closeEstimate } from '../../domain/contracts/close-estimate';
import { closeMarginShare, closeQuantity, closingPart } from '../../domain/contracts/close-part';
import { d } from '../../domain/contracts';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import { contractCloses } from '../../server/db/schema/trading';
import { dbTargets } from '../support/server';
import { contractBalance, ok, SYMBOL, sharedContractWorld } from './contract-support';

const P = '/coin/contract/order';

/**
 * Closing part of a position (the close slider: 25/50/75/100 %): the part goes at market, the rest
 * stays open with its margin's share and its take-profit and stop-loss, which are levels of the
 * position and so now close the rest, whatever its size.
 */
describe.each(dbTargets())('partial close of a contract position on %s', (target) => {
  const t = sharedContractWorld(target);

  const query = async (token: string, id: string) =>
    ok<ContractPosition>(await t.world.call(`${P}/query`, token, { id }));
  const open = async (token: string, fields: Record<string, string>) =>
    ok<ContractPosition>(
      await t.world.call(`${P}/add`, token, {
        symbol: SYMBOL,
        side: 'long',
        leverage: '10',
        acceptRisk: '1',
        ...fields,
      }),
    );
  const closedQty = async (id: string) => {
    const rows = await t.world.db
      .select()
      .from(contractCloses)
      .where(eq(contractCloses.positionId, BigInt(id)));
    return rows.reduce((sum, row) => sum.plus(row.qty), d(0)).toFixed();
  };

  it('closes 50 %: the rest keeps its TP/SL, half the margin, and the TP later closes exactly the rest', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('5000');
    const p = await open(user.real, {
      quantity: '0.1',
      takeProfit: '51000',
      stopLoss: '48000',
    });
    expect(p).toMatchObject({ qty: '0.1', takeProfit: '51000', stopLoss: '48000' });
    const rules = ok<ContractRules>(await t.world.call(`${P}/multiple`, user.real, { symbol: SYMBOL }));
    const part = closeQuantity(p.qty, 50, 6)!;
    expect(part.toFixed()).toBe('0.05');
    const before = await contractBalance(t.world, user.real);
    // The bid the part fills at: the book's best, 49999 (bookAround), one level deep enough.
    const estimate = closeEstimate(closingPart(p, part), '49999', rules)!;

    const rest = ok<ContractPosition>(
      await t.world.call(`${P}/close`, user.real, { id: p.id, quantity: part.toFixed() }),
    );
    expect(rest).toMatchObject({ status: 'open', qty: '0.05', takeProfit: '51000', stopLoss: '48000' });
    expect(rest.margin).toBe(
      d(p.margin)
        .minus(closeMarginShare(p.margin, part, p.qty))
        .toFixed(),
    );
    // What came back is what the confirm sheet estimated at that fill: the same functions.
    const after = await contractBalance(t.world, user.real);
    expect(d(after.available).minus(before.available).toFixed()).toBe(estimate.returned.toFixed());
    expect(await closedQty(p.id)).toBe('0.05');

    await t.world.tick(50_999);
    expect(await query(user.real, p.id)).toMatchObject({ status: 'open', qty: '0.05' });
    await t.world.tick(51_000);
    const done = await query(user.real, p.id);
    expect(done).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
    expect(await closedQty(p.id)).toBe('0.1');
    expect((await contractBalance(t.world, user.real)).frozen).toBe('0');
  });

  it('closes 25 % then the rest by stop-loss on a short; a part larger than the position changes nothing', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('5000');
    const p = await open(user.real, {
      side: 'short',
      quantity: '0.2',
      stopLoss: '50500',
    });
    const tooMuch = await t.world.call(`${P}/close`, user.real, { id: p.id, quantity: '0.3' });
    expect(tooMuch).toMatchObject({ code: -1001, key: 'CLOSE_QUANTITY_TOO_LARGE' });
    expect(await query(user.real, p.id)).toMatchObject({ qty: '0.2', margin: p.margin });
    const quarter = closeQuantity(p.qty, 25, 6)!;
    const rest = ok<ContractPosition>(
      await t.world.call(`${P}/close`, user.real, { id: p.id, quantity: quarter.toFixed() }),
    );
    expect(rest).toMatchObject({ status: 'open', qty: '0.15', stopLoss: '50500', takeProfit: null });
    await t.world.tick(50_600);
    expect(await query(user.real, p.id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    expect(await closedQty(p.id)).toBe('0.2');
  });
});
