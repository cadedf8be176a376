import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { realisticFills } from '../db/schema/realistic';
import { spotFills } from '../db/schema/trading';
import { canonical } from '../ledger/decimal';
import { lastDemoReset } from '../portfolio/day-trades';
import { heldBackKey, type ExecutionToPrice } from './price';

type HeldBackKey = Pick<ExecutionToPrice, 'userId' | 'accountType' | 'wallet' | 'symbol'>;

/**
 * The units of each asset the account's buys filled on paper and the queue kept from a real order,
 * less those its sells filled on paper and the queue kept from selling (domain/costs/held-back.ts),
 * from the counterparts stored so far (a demo's since its latest reset), by `heldBackKey`.
 */
export async function heldBackOf(db: Db, keys: readonly HeldBackKey[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byAccount = new Map<string, HeldBackKey[]>();
  for (const k of keys) {
    const account = `${k.userId}:${k.accountType}`;
    byAccount.set(account, [...(byAccount.get(account) ?? []), k]);
  }
  const r = alias(realisticFills, 'r');
  for (const list of byAccount.values()) {
    const { userId, accountType } = list[0]!;
    const rows = await db
      .select({
        wallet: spotFills.wallet,
        symbol: spotFills.symbol,
        units: sql<string>`coalesce(sum(case when ${spotFills.side} = 'buy' then ${spotFills.qty} - ${r.qty}
          else ${r.qty} - ${spotFills.qty} end), 0)::text`,
      })
      .from(spotFills)
      .innerJoin(r, and(eq(r.kind, 'spot'), eq(r.fillId, spotFills.id)))
      .where(
        and(
          eq(spotFills.userId, userId),
          eq(spotFills.accountType, accountType),
          inArray(spotFills.symbol, [...new Set(list.map((k) => k.symbol))]),
          ne(r.qty, spotFills.qty),
          accountType === 'demo'
            ? gt(spotFills.ledgerTxId, lastDemoReset({ userId, accountType }))
            : undefined,
        ),
      )
      .groupBy(spotFills.wallet, spotFills.symbol);
    for (const row of rows)
      out.set(
        heldBackKey({ userId, accountType, wallet: row.wallet, symbol: row.symbol }),
        canonical(row.units),
      );
  }
  return out;
}
