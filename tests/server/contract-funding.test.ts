import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { messages } from '../../server/db/schema/content';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { fundingDue } from '../../server/trading/contracts/risk';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { contractBalance, ok, openLong, SYMBOL, sharedContractWorld } from './contract-support';

const HOUR = 3_600_000;
const EIGHT_HOURS = 8 * HOUR;
const dec = (v: string) => new Decimal(v);

describe('fundingDue', () => {
  const b = Date.UTC(2025, 0, 6, 8);
  it('lists each boundary crossed since the open or the last charge, oldest first', () => {
    expect(fundingDue({ openedAt: b - HOUR, lastFundingAt: null }, b - 1)).toEqual([]);
    expect(fundingDue({ openedAt: b - HOUR, lastFundingAt: null }, b)).toEqual([b]);
    // Opened on the boundary itself: that one is not owed.
    expect(fundingDue({ openedAt: b, lastFundingAt: null }, b + EIGHT_HOURS - 1)).toEqual([]);
    expect(fundingDue({ openedAt: b - HOUR, lastFundingAt: b }, b + 3 * EIGHT_HOURS + 5)).toEqual([
      b + EIGHT_HOURS,
      b + 2 * EIGHT_HOURS,
      b + 3 * EIGHT_HOURS,
    ]);
  });
});

/**
 * Boundaries that passed while the broker was down (virtual clock jumped, no ticks) are each
 * charged once on the first tick that carries a rate, at the rate and mark the source shows then;
 * later ticks charge nothing more until the next boundary.
 */
describe.each(dbTargets())('funding missed while the broker was down on %s', (target) => {
  const t = sharedContractWorld(target);

  const query = async (token: string, id: string) =>
    ok<ContractPosition>(await t.world.call('/coin/contract/order/query', token, { id }));
  const fundingRows = async (userId: bigint) => {
    const rows = await t.world.db.select().from(messages).where(eq(messages.userId, userId));
    return rows.filter((r) => r.title['en-US'] === 'Funding payment').length;
  };

  it('charges each missed 8 h boundary once, then only the next one', async () => {
    t.world.clock.t = Math.floor(t.world.clock.t / EIGHT_HOURS) * EIGHT_HOURS + 2 * HOUR;
    await t.world.tick(50_000, '0.0100');
    const user = await t.world.trader('1000');
    const long = await openLong(t.world, user.real, { leverage: '5' });
    const before = await contractBalance(t.world, user.real);
    const { tx: txBefore } = await t.world.counts();

    // Down for three boundaries and a bit: the feed's ticks (without a rate) charge nothing.
    t.world.clock.t += 3 * EIGHT_HOURS;
    await t.world.tick(50_000);
    expect((await query(user.real, long.id)).funding).toBe('0');

    // The first tick with a rate: three charges at 0.02 % of the notional at the mark now.
    await t.world.tick(50_200, '0.0200');
    const once = dec(long.qty).mul('50200').mul('0.0002').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const after = await query(user.real, long.id);
    expect(after.funding).toBe(once.mul(3).toFixed());
    expect(after.margin).toBe(dec(long.margin).minus(once.mul(3)).toFixed());
    expect(await fundingRows(user.id)).toBe(3);
    const funding = (await t.world.db.select().from(ledgerTransactions)).filter(
      (t) => t.reason === 'contract_funding' && t.referenceId === long.id,
    );
    expect(funding).toHaveLength(3);
    expect((await t.world.counts()).tx).toBe(txBefore + 3);
    // Out of the margin, not the wallet's available cash.
    expect((await contractBalance(t.world, user.real)).available).toBe(before.available);

    // Idempotent: more ticks in the same interval charge nothing.
    await t.world.tick(50_200, '0.0200');
    t.world.clock.t += HOUR;
    await t.world.tick(50_200, '0.0200');
    expect((await query(user.real, long.id)).funding).toBe(once.mul(3).toFixed());

    // The next boundary: one more charge, at the rate shown then.
    t.world.clock.t += EIGHT_HOURS;
    await t.world.tick(50_200, '0.0100');
    const next = dec(long.qty).mul('50200').mul('0.0001').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect((await query(user.real, long.id)).funding).toBe(once.mul(3).plus(next).toFixed());
    expect(await fundingRows(user.id)).toBe(4);
    // The last message states the rate and the amount as the screens do, in each language.
    const rows = await t.world.db.select().from(messages).where(eq(messages.userId, user.id));
    const last = rows.filter((r) => r.title['en-US'] === 'Funding payment').at(-1);
    // 0.009999 BTC (100 × 5 ÷ 50001, to the pair's 6 decimals) × 50200 × 0.0001 = 0.05019498 USDT.
    expect(next.toFixed()).toBe('0.05019498');
    expect(last?.body['tr-TR']).toBe(
      `${SYMBOL} Long 5×: %0,0100 fonlama oranıyla 0,05019498\u00a0USDT ödendi.`,
    );
    expect(last?.body['en-US']).toBe(
      `${SYMBOL} Long 5×: 0.05019498\u00a0USDT paid at a funding rate of 0.0100%.`,
    );
    expect(await verifyLedger(t.world.db)).toEqual([]);
  });
});
