import Decimal from 'decimal.js';
import { and, eq, inArray, isNotNull, like, sql, type SQL } from 'drizzle-orm';
import { pnlFigures } from '../../domain/costs/pnl-figures';
import { cashScale } from '../../domain/format/money';
import type { RealisticPnl } from '../../domain/protocol/account';
import type { Session } from '../auth/session-types';
import type { Db } from '../db/client';
import { ledgerTransactions } from '../db/schema/ledger';
import { realisticFills } from '../db/schema/realistic';
import { contractPositions } from '../db/schema/trading';
import { lastDemoReset } from '../portfolio/day-trades';
import { realisticPnl } from './pnl';

/** The position a contract counterpart belongs to: its ledger transaction's reference. */
const positionOfTx = sql`${contractPositions.id}::text = ${ledgerTransactions.referenceId}
  and ${ledgerTransactions.referenceType} = 'contract_position'`;

/** A demo's positions since its latest reset (each opened by a transaction after it); a live account's all. */
function sinceReset(session: Session): SQL | undefined {
  if (session.accountType !== 'demo') return undefined;
  return sql`exists (select 1 from ${ledgerTransactions} where ${positionOfTx}
    and ${ledgerTransactions.reason} = 'contract_open' and ${ledgerTransactions.id} > ${lastDemoReset(session)})`;
}

/**
 * The contract wallet's paper and realistic realised P&L (docs/real-costs.md), in USDT, or null
 * before any position has realised anything. Paper: Σ the positions' realised P&L (fees and
 * funding included, a partly closed one's so far); the lines: Σ those positions' contract
 * counterparts (their openings, closes and funding boundaries). `fills` counts the positions,
 * `priced` those whose opening has a counterpart (ones opened before they were kept count on
 * paper only).
 */
export async function contractRealisticPnl(db: Db, session: Session): Promise<RealisticPnl | null> {
  const owned = and(
    eq(contractPositions.userId, session.userId),
    eq(contractPositions.accountType, session.accountType),
    isNotNull(contractPositions.realizedPnl),
    sinceReset(session),
  );
  const [paper] = await db
    .select({
      paper: sql<string>`coalesce(sum(${contractPositions.realizedPnl}), 0)::text`,
      fills: sql<number>`count(*)::int`,
    })
    .from(contractPositions)
    .where(owned);
  if (!paper || Number(paper.fills) === 0) return null;
  const sum = (col: typeof realisticFills.delta) => sql<string>`coalesce(sum(${col}), 0)::text`;
  const [lines] = await db
    .select({
      slippage: sum(realisticFills.slippage),
      fees: sum(realisticFills.feesDelta),
      taxes: sum(realisticFills.taxes),
      queue: sum(realisticFills.queue),
      priced: sql<number>`count(*) filter (where ${realisticFills.kind} = 'contract-open')::int`,
    })
    .from(realisticFills)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, realisticFills.fillId))
    .innerJoin(contractPositions, positionOfTx)
    .where(and(like(realisticFills.kind, 'contract-%'), owned));
  const sums = {
    paper: paper.paper,
    slippage: lines?.slippage ?? '0',
    fees: lines?.fees ?? '0',
    taxes: lines?.taxes ?? '0',
    queue: lines?.queue ?? '0',
  };
  return {
    wallet: 'contract',
    currency: 'USDT',
    ...pnlFigures(sums, cashScale('USDT')),
    fills: Number(paper.fills),
    priced: Number(lines?.priced ?? 0),
  };
}

/**
 * Σ the counterparts' lines (paper P&L − realistic P&L) of each of `positionIds`, by position id;
 * a position none was kept for is absent (the journal shows its realistic P&L as unknown).
 */
export async function contractDeltas(db: Db, positionIds: readonly string[]): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>();
  if (positionIds.length === 0) return out;
  const rows = await db
    .select({
      id: ledgerTransactions.referenceId,
      delta: sql<string>`sum(${realisticFills.delta})::text`,
      opened: sql<number>`count(*) filter (where ${realisticFills.kind} = 'contract-open')::int`,
    })
    .from(realisticFills)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, realisticFills.fillId))
    .where(
      and(
        like(realisticFills.kind, 'contract-%'),
        eq(ledgerTransactions.referenceType, 'contract_position'),
        inArray(ledgerTransactions.referenceId, [...positionIds]),
      ),
    )
    .groupBy(ledgerTransactions.referenceId);
  // Only a position priced from its opening on: a part would tell a realistic P&L too kind.
  for (const r of rows) if (Number(r.opened) > 0) out.set(r.id, new Decimal(r.delta));
  return out;
}

/** The account's realised P&L on paper and on a real venue per wallet: the spot wallets', then the contract one's. */
export async function accountRealisticPnl(db: Db, session: Session): Promise<RealisticPnl[]> {
  const spot = await realisticPnl(db, session);
  const contract = await contractRealisticPnl(db, session);
  return contract ? [...spot, contract] : spot;
}
