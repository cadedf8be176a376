import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ms, rowId } from './columns';
import { SPOT_WALLETS } from '../../../domain/protocol/account';
import { POSITION_SIDES, POSITION_STATUSES } from '../../../domain/protocol/contracts';
import { ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES, TIME_IN_FORCE } from '../../../domain/protocol/trading';
import { accountType, parentRef, userRef } from './user-ref';

/**
 * Orders and what they did. Money and shares themselves live in the ledger (DECISIONS §2):
 * these tables say why each posting happened and carry what the ledger cannot (an order's
 * state, a holding's cost basis, a T+1 lock's release day). Amounts are NUMERIC(38,18) like
 * the ledger's; times that travel on the wire are epoch ms (bigint).
 */

/**
 * Spot orders: BIST stocks (wallet `stock`, quantity in shares, cash TRY) and coins (wallet
 * `coin`, quantity in the base coin, cash USDT). One table, one engine, two rule sets.
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: rowId(),
    userId: userRef(),
    accountType: accountType(),
    wallet: text('wallet', { enum: SPOT_WALLETS }).notNull(),
    /** The caller's id for retries: the same id again answers the same order. */
    clientOrderId: text('client_order_id'),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    timeInForce: text('time_in_force', { enum: TIME_IN_FORCE }).notNull(),
    /** Limit price; null for market orders. */
    price: money('price'),
    quantity: money('quantity').notNull(),
    filledQty: money('filled_qty').notNull().default('0'),
    /** Σ price × qty of the fills. */
    filledAmount: money('filled_amount').notNull().default('0'),
    /** Σ of the fills' costs (commission + BSMV + exchange fee; the coin fee). */
    fees: money('fees').notNull().default('0'),
    /** What is still frozen for the order (cash for a buy, shares or coins for a sell). */
    frozen: money('frozen').notNull().default('0'),
    /** Sells: Σ realised P&L of the fills (after costs). */
    realizedPnl: money('realized_pnl').notNull().default('0'),
    /** SPEC §4: open, partial, in_transaction, closed, cancelled, system_closed. */
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Why the system closed or cut it short: expired, no_liquidity, band… (a locale-neutral key). */
    statusReason: text('status_reason'),
    /** The BIST session day (yyyy-mm-dd, Europe/Istanbul) a day order belongs to. */
    tradingDay: text('trading_day'),
    /**
     * Its turn among resting orders at one price (lower first): null means its id, until a modify
     * that loses time priority (a new price, more lots) draws a fresh number from the orders' ids.
     */
    queueSeq: bigint('queue_seq', { mode: 'bigint' }),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('spot_orders_client_id_idx').on(t.userId, t.accountType, t.wallet, t.clientOrderId),
    index('spot_orders_user_idx').on(t.userId, t.accountType, t.wallet, t.id),
    index('spot_orders_status_idx').on(t.status),
  ],
);

/** One execution of a spot order against the source's book (a level it showed). */
export const spotFills = pgTable(
  'spot_fills',
  {
    id: rowId(),
    orderId: parentRef('order_id', () => spotOrders.id),
    userId: userRef(),
    accountType: accountType(),
    wallet: text('wallet', { enum: SPOT_WALLETS }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    /** The source's print this fill was. */
    tradeId: text('trade_id').notNull(),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    amount: money('amount').notNull(),
    commission: money('commission').notNull(),
    bsmv: money('bsmv').notNull(),
    exchangeFee: money('exchange_fee').notNull(),
    /** Sells: (price − average cost) × qty − this fill's costs; null for buys. */
    realizedPnl: money('realized_pnl'),
    /** The ledger transaction that booked it. */
    ledgerTxId: bigint('ledger_tx_id', { mode: 'bigint' }).notNull(),
    t: ms('t').notNull(),
  },
  (t) => [
    index('spot_fills_order_idx').on(t.orderId),
    index('spot_fills_user_idx').on(t.userId, t.accountType, t.wallet, t.t),
  ],
);

/** A holding's cost basis (its quantity is the ledger's). */
export const spotPositions = pgTable(
  'spot_positions',
  {
    userId: userRef(),
    accountType: accountType(),
    wallet: text('wallet', { enum: SPOT_WALLETS }).notNull(),
    symbol: text('symbol').notNull(),
    /** Weighted average cost per unit, costs of buying included. */
    avgCost: money('avg_cost').notNull(),
    realizedPnl: money('realized_pnl').notNull().default('0'),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountType, t.wallet, t.symbol] })],
);

/** Shares bought in a T+1 stock: held but not sellable until `unlockAt` (the next trading day). */
export const stockLocks = pgTable(
  'stock_locks',
  {
    id: rowId(),
    userId: userRef(),
    accountType: accountType(),
    symbol: text('symbol').notNull(),
    /** The fill that bought them; null for IPO shares booked on listing day (ipo_applications). */
    fillId: bigint('fill_id', { mode: 'bigint' }).references(() => spotFills.id),
    qty: money('qty').notNull(),
    unlockAt: ms('unlock_at').notNull(),
  },
  (t) => [index('stock_locks_user_idx').on(t.userId, t.accountType, t.symbol, t.unlockAt)],
);

/**
 * USDT-margined perpetual positions, isolated margin (DECISIONS §3). The margin itself sits in
 * the contract wallet's frozen bucket; `margin` here is this position's share of it.
 */
export const contractPositions = pgTable(
  'contract_positions',
  {
    id: rowId(),
    userId: userRef(),
    accountType: accountType(),
    clientOrderId: text('client_order_id'),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: POSITION_SIDES }).notNull(),
    leverage: integer('leverage').notNull(),
    /** Size in the base coin. */
    qty: money('qty').notNull(),
    entryPrice: money('entry_price').notNull(),
    margin: money('margin').notNull(),
    openFee: money('open_fee').notNull(),
    takeProfit: money('take_profit'),
    stopLoss: money('stop_loss'),
    /** Σ funding paid (negative: received). */
    funding: money('funding').notNull().default('0'),
    status: text('status', { enum: POSITION_STATUSES }).notNull(),
    /** user, all, take_profit, stop_loss, liquidation. */
    closeReason: text('close_reason'),
    closePrice: money('close_price'),
    closeFee: money('close_fee'),
    /** Closed: what the position returned, fees and funding included (never below −margin). */
    realizedPnl: money('realized_pnl'),
    lastFundingAt: ms('last_funding_at'),
    openedAt: ms('opened_at').notNull(),
    closedAt: ms('closed_at'),
  },
  (t) => [
    uniqueIndex('contract_positions_client_id_idx').on(t.userId, t.accountType, t.clientOrderId),
    index('contract_positions_user_idx').on(t.userId, t.accountType, t.status, t.id),
    index('contract_positions_status_idx').on(t.status),
    check('contract_positions_leverage', sql`${t.leverage} between 1 and 125`),
  ],
);

/**
 * Each close of a contract position, partial or final, by the trading clock. The position row
 * keeps only the quantity left (or, closed, its last close's): the quantity it held at a past
 * moment, what the day P&L values the position at its reference with (server/portfolio/day-cash.ts),
 * is what is open now plus what closed since. Closes before this table existed are not here, and
 * closes older than two days are purged (server/trading/contracts/closes-purge.ts).
 */
export const contractCloses = pgTable(
  'contract_closes',
  {
    id: rowId(),
    positionId: parentRef('position_id', () => contractPositions.id),
    qty: money('qty').notNull(),
    /** The fills' average price. */
    price: money('price').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [
    index('contract_closes_position_idx').on(t.positionId, t.at),
    // The purge's range (server/trading/contracts/closes-purge.ts).
    index('contract_closes_at_idx').on(t.at),
  ],
);

/** Risk disclosures a user accepted (contracts, once, before the first position). */
export const riskAcceptances = pgTable(
  'risk_acceptances',
  {
    userId: userRef(),
    kind: text('kind', { enum: ['contracts'] }).notNull(),
    /** The disclosure text version accepted. */
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
