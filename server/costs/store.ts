/**
 * The realistic counterparts of fills (docs/real-costs.md), as stored. The journal reads them with
 * `realisticOf(db, fillIds)`: each fill's realistic avg price, fees, taxes and reason lines.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Session } from '../auth/session-types';
import type { Db } from '../db/client';
import { realisticFills } from '../db/schema/realistic';
import { spotFills } from '../db/schema/trading';
import { canonical } from '../ledger/decimal';
import { lastDemoReset } from '../portfolio/day-trades';

export type RealisticRow = typeof realisticFills.$inferInsert;

/** A fill's realistic counterpart as the journal and the screens read it (canonical decimals). */
export type Realistic = {
  fillId: string;
  role: 'taker' | 'maker';
  venue: string;
  qty: string;
  avgPrice: string | null;
  fees: string;
  tax: string;
  lines: { slippage: string; fees: string; taxes: string; queue: string };
  /** Paper P&L − realistic P&L of the fill. */
  delta: string;
  queueKnown: boolean;
};

/** Stores counterparts; one already stored for a fill stays (a job run twice writes it once). */
export async function saveRealistic(db: Db, rows: readonly RealisticRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(realisticFills)
    .values([...rows])
    .onConflictDoNothing();
}

/** The counterparts of `fillIds` (spot fills by default, or a replay's), by fill id; a fill without one is absent. */
export async function realisticOf(
  db: Db,
  fillIds: readonly (bigint | string)[],
  kind: 'spot' | 'replay' = 'spot',
): Promise<Map<string, Realistic>> {
  const out = new Map<string, Realistic>();
  if (fillIds.length === 0) return out;
  const rows = await db
    .select()
    .from(realisticFills)
    .where(and(eq(realisticFills.kind, kind), inArray(realisticFills.fillId, fillIds.map(BigInt))));
  for (const r of rows)
    out.set(String(r.fillId), {
      fillId: String(r.fillId),
      role: r.role,
      venue: r.venue,
      qty: canonical(r.qty),
      avgPrice: r.avgPrice === null ? null : canonical(r.avgPrice),
      fees: canonical(r.fees),
      tax: canonical(r.tax),
      lines: {
        slippage: canonical(r.slippage),
        fees: canonical(r.feesDelta),
        taxes: canonical(r.taxes),
        queue: canonical(r.queue),
      },
      delta: canonical(r.delta),
      queueKnown: r.queueKnown,
    });
  return out;
}

/** One wallet's paper and realistic realised P&L and what made the difference (raw sums). */
export type PnlSums = {
  wallet: 'stock' | 'coin';
  paper: string;
  slippage: string;
  fees: string;
  taxes: string;
  queue: string;
  delta: string;
  fills: number;
  priced: number;
};

/**
 * The account's spot fills per wallet (a demo's since its latest reset): paper realised P&L, and the
 * sums of their counterparts' lines (a fill without a counterpart yet, or from before they were
 * kept, counts on paper only).
 */
export async function pnlSums(db: Db, session: Session): Promise<PnlSums[]> {
  const r = alias(realisticFills, 'r');
  const sum = (col: typeof r.delta) => sql<string>`coalesce(sum(${col}), 0)::text`;
  const rows = await db
    .select({
      wallet: spotFills.wallet,
      paper: sql<string>`coalesce(sum(${spotFills.realizedPnl}), 0)::text`,
      slippage: sum(r.slippage),
      fees: sum(r.feesDelta),
      taxes: sum(r.taxes),
      queue: sum(r.queue),
      delta: sum(r.delta),
      fills: sql<number>`count(*)::int`,
      priced: sql<number>`count(${r.fillId})::int`,
    })
    .from(spotFills)
    .leftJoin(r, and(eq(r.kind, 'spot'), eq(r.fillId, spotFills.id)))
    .where(
      and(
        eq(spotFills.userId, session.userId),
        eq(spotFills.accountType, session.accountType),
        // A demo reset starts the account again: its earlier fills explain nothing it holds now.
        session.accountType === 'demo' ? gt(spotFills.ledgerTxId, lastDemoReset(session)) : undefined,
      ),
    )
    .groupBy(spotFills.wallet)
    .orderBy(spotFills.wallet);
  return rows.map((r) => ({ ...r, fills: Number(r.fills), priced: Number(r.priced) }));
}
