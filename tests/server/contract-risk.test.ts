import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  closeFeeRate,
  closeFees,
  liquidationOutcome,
  positionFigures,
  unrealizedPnl,
} from '../../domain/contracts';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import { messages } from '../../server/db/schema/content';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { contractBalance, ok, openLong, SYMBOL, sharedContractWorld } from './contract-support';

const dec = (v: string) => new Decimal(v);
const EIGHT_HOURS = 8 * 3_600_000;

describe.each(dbTargets())('contract risk engine on %s', (target) => {
  const t = sharedContractWorld(target);

  async function query(token: string, id: string) {
    return ok<ContractPosition>(await t.world.call('/coin/contract/order/query', token, { id }));
  }

  /** Loss of a closed position: what it locked minus what came back, fees of closing included. */
  async function settle(token: string, before: { available: string }, p: ContractPosition) {
    const after = await contractBalance(t.world, token);
    const returned = dec(after.available).minus(before.available);
    return { after, returned, loss: dec(p.margin).minus(returned) };
  }

  it.each(['long', 'short'] as const)(
    'liquidates a %s at most one tick after the mark passes its liquidation price; loss ≤ margin',
    async (side) => {
      await t.world.tick(50_000);
      const user = await t.world.trader('1000');
      const p = await openLong(t.world, user.real, { side });
      expect(p.status).toBe('open');
      const liq = Number(p.liquidationPrice);
      expect(liq).toBeGreaterThan(0);
      const before = await contractBalance(t.world, user.real);
      // One whole USDT on the safe side: still open.
      const safe = side === 'long' ? Math.ceil(liq) + 1 : Math.floor(liq) - 1;
      await t.world.tick(safe);
      expect((await query(user.real, p.id)).status).toBe('open');
      // Past it: liquidated on this very tick.
      const past = side === 'long' ? Math.floor(liq) - 1 : Math.ceil(liq) + 1;
      await t.world.tick(past);
      const closed = await query(user.real, p.id);
      expect(closed).toMatchObject({ status: 'liquidated', closeReason: 'liquidation' });
      expect(closed.closedAt).toBe(t.world.clock.now());
      // Nothing of it is open any more: no unrealized loss, nothing at risk beside its realized
      // result (not −400.07 unrealized and a 100 % margin ratio beside a realized −101).
      expect(closed).toMatchObject({ mark: closed.closePrice, liquidationPrice: null });
      for (const figure of ['notional', 'unrealizedPnl', 'roe', 'maintenanceMargin', 'marginRatio'] as const)
        expect(dec(closed[figure]).isZero(), figure).toBe(true);
      const { returned, loss, after } = await settle(user.real, before, p);
      expect(dec(after.frozen).isZero()).toBe(true);
      expect(returned.gte(0)).toBe(true);
      expect(loss.lte(p.margin)).toBe(true);
      expect(dec(closed.realizedPnl ?? '0').eq(returned.minus(p.margin).minus(p.openFee))).toBe(true);
      const sent = await t.world.db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, user.id)))
        .orderBy(messages.id);
      // The last message says what happened, in both languages.
      expect(sent.at(-1)?.title).toEqual({
        'tr-TR': 'Pozisyon tasfiye edildi',
        'en-US': 'Position liquidated',
      });
      expect(await verifyLedger(t.world.db)).toEqual([]);
    },
  );

  it.each(['long', 'short'] as const)(
    'a %s liquidated one tick past its shown price is charged exactly the domain fee (taker + liquidation fee)',
    async (side) => {
      await t.world.tick(50_000);
      const user = await t.world.trader('1000');
      const p = await openLong(t.world, user.real, { side, leverage: '20' });
      const rules = ok<ContractRules>(await t.world.call('/coin/contract/order/multiple', user.real));
      const core = { side, qty: p.qty, entryPrice: p.entryPrice, margin: p.margin };
      // The price the card shows is the domain's, computed with the liquidation close's rate.
      expect(p.liquidationPrice).toBe(positionFigures(core, p.mark, rules, 2).liquidationPrice);
      const outcome = liquidationOutcome(core, rules);
      expect(outcome).not.toBeNull();
      const shown = dec(p.liquidationPrice ?? '0');
      const before = await contractBalance(t.world, user.real);
      // A book with one deep level at `price` on the side the close takes, and the mark there.
      const at = async (price: Decimal) => {
        const level: [string, string][] = [[price.toFixed(2), '100']];
        const far: [string, string][] = [
          [(side === 'long' ? price.plus(5) : price.minus(5)).toFixed(2), '100'],
        ];
        t.world.source.setBook(
          SYMBOL,
          1_000_000 + t.world.clock.t++,
          side === 'long' ? level : far,
          side === 'long' ? far : level,
        );
        t.world.source.emitMark(SYMBOL, { mark: price.toFixed(2), funding: null });
        await t.world.call('/test/contracts/settled', undefined);
      };
      // At the shown price: not yet (it is rounded toward the mark).
      await at(shown);
      expect((await query(user.real, p.id)).status).toBe('open');
      // One tick beyond: liquidated, filled at that price.
      const beyond = side === 'long' ? shown.minus('0.01') : shown.plus('0.01');
      await at(beyond);
      const closed = await query(user.real, p.id);
      expect(closed).toMatchObject({ status: 'liquidated', closeReason: 'liquidation' });
      expect(closed.closePrice).toBe(beyond.toFixed());
      const fee = closeFees([{ qty: p.qty, price: beyond }], closeFeeRate(rules, 'liquidation'));
      // 0.55 % of the notional there, nothing capped: the condition reserved it.
      expect(fee.toFixed()).toBe(
        dec(p.qty).mul(beyond).mul('0.0055').toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(),
      );
      expect(closed.closeFee).toBe(fee.toFixed());
      // What is left is the equity there minus that fee: about the maintenance margin, never below zero.
      const pnl = unrealizedPnl(side, p.qty, p.entryPrice, beyond).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
      const left = dec(p.margin).plus(pnl).minus(fee);
      const { returned } = await settle(user.real, before, p);
      expect(returned.toFixed()).toBe(left.toFixed());
      expect(left.gt(0)).toBe(true);
      expect(
        left
          .minus(outcome?.left ?? 0)
          .abs()
          .lt(dec(p.qty).mul('0.02')),
      ).toBe(true);
      // The ledger: the fee went to system fees in the liquidation's own transaction.
      const lines = await t.world.db
        .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            eq(ledgerTransactions.reason, 'contract_liquidation'),
            eq(ledgerTransactions.referenceId, p.id),
          ),
        );
      const feeLine = lines.find((l) => l.code === 'system:fees:USDT');
      expect(dec(feeLine?.amount ?? '0').toFixed()).toBe(fee.toFixed());
      expect(await verifyLedger(t.world.db)).toEqual([]);
    },
  );

  it('protects against a negative balance: a gap far past liquidation costs exactly the margin', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    const p = await openLong(t.world, user.real, { leverage: '20' });
    const before = await contractBalance(t.world, user.real);
    await t.world.tick(30_000);
    const closed = await query(user.real, p.id);
    expect(closed.status).toBe('liquidated');
    const { returned, loss, after } = await settle(user.real, before, p);
    expect(returned.toFixed()).toBe('0');
    expect(loss.toFixed()).toBe(dec(p.margin).toFixed());
    expect(dec(after.available).gte(0)).toBe(true);
    expect(closed.closeFee).toBe('0');
    expect(await verifyLedger(t.world.db)).toEqual([]);
  });

  it('closes at market when the mark reaches a long take-profit', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    const p = await openLong(t.world, user.real, { takeProfit: '51000' });
    const before = await contractBalance(t.world, user.real);
    await t.world.tick(50_999);
    expect((await query(user.real, p.id)).status).toBe('open');
    await t.world.tick(51_000);
    const closed = await query(user.real, p.id);
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
    const { returned } = await settle(user.real, before, p);
    expect(returned.gt(p.margin)).toBe(true);
    const rows = await t.world.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(rows.map((r) => r.title['en-US'])).toContain('Take-profit triggered');
    expect(rows.map((r) => r.title['tr-TR'])).toContain('Kâr al tetiklendi');
  });

  it('closes at market when the mark reaches a short stop-loss', async () => {
    await t.world.tick(50_000);
    const user = await t.world.trader('1000');
    const p = await openLong(t.world, user.real, { side: 'short', stopLoss: '50500' });
    await t.world.tick(50_499);
    expect((await query(user.real, p.id)).status).toBe('open');
    await t.world.tick(50_600);
    const closed = await query(user.real, p.id);
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    expect(dec(closed.realizedPnl ?? '0').lt(0)).toBe(true);
  });

  it('settles funding every 8 h at the displayed percent rate: longs pay, shorts receive, once', async () => {
    // Two hours before a boundary.
    t.world.clock.t = Math.floor(t.world.clock.t / EIGHT_HOURS) * EIGHT_HOURS + 6 * 3_600_000;
    await t.world.tick(50_000, '0.0100');
    const user = await t.world.trader('1000');
    const long = await openLong(t.world, user.real);
    const short = await openLong(t.world, user.real, { side: 'short' });
    await t.world.tick(50_000, '0.0100');
    expect((await query(user.real, long.id)).funding).toBe('0');
    t.world.clock.t += 2 * 3_600_000 + 1000;
    await t.world.tick(50_000, '0.0100');
    // 0.0100 % of the notional at the mark, truncated to 8 decimals.
    const paid = dec(long.qty).mul('50000').mul('0.0001').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const l = await query(user.real, long.id);
    expect(l.funding).toBe(paid.toFixed());
    expect(l.margin).toBe(dec(long.margin).minus(paid).toFixed());
    const received = dec(short.qty).mul('50000').mul('0.0001').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const s = await query(user.real, short.id);
    expect(s.funding).toBe(received.neg().toFixed());
    expect(s.margin).toBe(dec(short.margin).plus(received).toFixed());
    // The same interval again: nothing more.
    t.world.clock.t += 60_000;
    await t.world.tick(50_000, '0.0100');
    expect((await query(user.real, long.id)).funding).toBe(paid.toFixed());
    const rows = await t.world.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(rows.filter((r) => r.title['en-US'] === 'Funding payment')).toHaveLength(2);
    expect(await verifyLedger(t.world.db)).toEqual([]);
  });
});
