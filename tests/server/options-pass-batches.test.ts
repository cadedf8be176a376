import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { OptionPosition } from '../../domain/protocol/options';
import { optionPositions } from '../../server/db/schema/options';
import { runOptionPass } from '../../server/options/pass';
import { dbTargets } from '../support/server';
import { api } from './spot-support';
import { HOUR, holder, MONDAY_CLOSE, optionWorld } from './options-support';

/**
 * The settlement clock reads due positions 200 at a time. One the source has no price for stays
 * open and due; reading only the first 200 again and again, 200 of those (a delisted symbol's,
 * expired earlier) blocked every later expiry for good.
 */
describe.each(dbTargets())(
  'the option settlement pass past a batch of unpriced positions on %s',
  (target) => {
    const t = sharedWorld(() => optionWorld(target));

    it('settles a position due behind 200 it cannot price', async () => {
      const call = api(t.world as never);
      const u = await holder(t.world.db, '10000');
      const bought = await call.post<OptionPosition>('/stock/order/option/apply', u.token, {
        action: 'buy',
        symbol: 'THYAO',
        kind: 'call',
        strike: '100',
        expiresAt: String(MONDAY_CLOSE),
        contracts: '1',
        premium: '0.3270',
      });
      expect(bought.code, JSON.stringify(bought)).toBe(0);
      const [row] = await t.world.db
        .select()
        .from(optionPositions)
        .where(eq(optionPositions.id, BigInt(bought.data.id)));
      // 200 positions on a symbol the source does not know, due an hour before it.
      const { id: _id, ...template } = row!;
      await t.world.db.insert(optionPositions).values(
        Array.from({ length: 200 }, () => ({
          ...template,
          symbol: 'GONEX',
          expiresAt: MONDAY_CLOSE - HOUR,
        })),
      );
      t.world.source.emitTrades('THYAO', [
        { id: 'S1', t: MONDAY_CLOSE - 1_000, price: '104.35', qty: '5', side: 'buy' },
      ]);
      t.world.clock.set(MONDAY_CLOSE + 2 * HOUR);
      expect(await runOptionPass(t.world.db, t.world.market, MONDAY_CLOSE + 2 * HOUR)).toBe(1);
      const [after] = await t.world.db
        .select({ status: optionPositions.status, payoff: optionPositions.payoff })
        .from(optionPositions)
        .where(eq(optionPositions.id, BigInt(bought.data.id)));
      // 4.35 over the strike × 100 shares.
      expect(after?.status).toBe('expired');
      expect(Number(after?.payoff)).toBe(435);
    });
  },
);
