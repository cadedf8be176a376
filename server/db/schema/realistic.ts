import { bigint, boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { SPOT_WALLETS } from '../../../domain/protocol/account';
import { ORDER_SIDES } from '../../../domain/protocol/trading';
import { money, ms } from './columns';
import { accountType, userRef } from './user-ref';

/** Where a counterpart's fill lives (the table's comment). */
export const REALISTIC_KINDS = [
  'spot',
  'replay',
  'contract-open',
  'contract-close',
  'contract-funding',
] as const;

/**
 * The realistic counterpart of each paper fill (docs/real-costs.md): what the same units would
 * have cost on a real venue, written after the fill's batch commits (server/costs/recorder.ts).
 * Keyed by where the fill lives (`spot`: spot_fills, `replay`: a replay's own fills) and its id,
 * or for a contract execution (`contract-open`, `contract-close`, `contract-funding`: the contract
 * wallet's opening, close or funding boundary) the id of its ledger transaction; no foreign key, so
 * a replay's fills can have theirs too. Cash figures are in the fill's cash
 * (TRY, USDT); the four lines are positive where the real venue costs more, and `delta` is their
 * sum: paper P&L − realistic P&L for the fill.
 */
export const realisticFills = pgTable(
  'realistic_fills',
  {
    kind: text('kind', { enum: REALISTIC_KINDS }).notNull(),
    fillId: bigint('fill_id', { mode: 'bigint' }).notNull(),
    userId: userRef(),
    accountType: accountType(),
    wallet: text('wallet', { enum: [...SPOT_WALLETS, 'contract'] as const }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    /** taker: traded on arrival; maker: rested at its limit first. */
    role: text('role', { enum: ['taker', 'maker'] }).notNull(),
    /** bist, binance-spot, binance-usdm (domain/costs/schedules.ts). */
    venue: text('venue').notNull(),
    /** Units a real order would have had by then (≤ the paper fill's). */
    qty: money('qty').notNull(),
    avgPrice: money('avg_price'),
    fees: money('fees').notNull(),
    tax: money('tax').notNull(),
    slippage: money('slippage').notNull(),
    feesDelta: money('fees_delta').notNull(),
    taxes: money('taxes').notNull(),
    queue: money('queue').notNull(),
    delta: money('delta').notNull(),
    /** False when the order's place in its queue was not known (it rested before a restart). */
    queueKnown: boolean('queue_known').notNull(),
    t: ms('t').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.fillId] }),
    index('realistic_fills_user_idx').on(t.userId, t.accountType, t.wallet),
  ],
);
