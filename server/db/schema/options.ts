import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { OPTION_KINDS, OPTION_STATUSES } from '../../../domain/protocol/options';
import { lots, money, ms, rowId, txRef } from './columns';
import { oneOfCheck } from './one-of';
import { userRef } from './user-ref';

/** The contract a position holds and a quote prices: kind call | put, `contracts` whole. */
const optionTerms = () => ({
  symbol: text('symbol').notNull(),
  kind: text('kind').notNull(),
  strike: money('strike').notNull(),
  expiresAt: ms('expires_at').notNull(),
  contracts: lots('contracts').notNull(),
  multiplier: integer('multiplier').notNull(),
});

/**
 * Stock options (DECISIONS §3): cash-settled European calls and puts. Money moves only
 * through the ledger (DECISIONS §2): a buy posts the premium and the fee out of the stock account,
 * settlement or an early close posts the credit back; the row keeps the terms and names each
 * posting. Times are epoch ms; prices and money numerics; `contracts` a whole number.
 */
export const optionPositions = pgTable(
  'option_positions',
  {
    id: rowId(),
    userId: userRef(),
    /** real | demo: demo positions are paid with demo money, as spot orders are. */
    accountType: text('account_type').notNull(),
    ...optionTerms(),
    /** The underlying's price when bought. */
    openPrice: money('open_price').notNull(),
    /** Per share as charged, and the terms it was priced on (shown again with the position). */
    premium: money('premium').notNull(),
    premiumTotal: money('premium_total').notNull(),
    fee: money('fee').notNull(),
    volatility: money('volatility').notNull(),
    rate: money('rate').notNull(),
    /** open | expired | closed */
    status: text('status').notNull().default('open'),
    /** The underlying's price at settlement (expired) or when closed early. */
    closePrice: money('close_price'),
    /** An early close's per-share price (model × (1 − spread)). */
    closePremium: money('close_premium'),
    /** What was credited: the payoff at expiry or the early close's net proceeds. */
    payoff: money('payoff'),
    closeFee: money('close_fee'),
    buyTxId: txRef('buy_tx_id'),
    /** null when nothing was credited (expired worthless, or a close whose fee took it all). */
    closeTxId: txRef('close_tx_id'),
    openedAt: ms('opened_at').notNull(),
    closedAt: ms('closed_at'),
  },
  (t) => [
    index('option_positions_user_idx').on(t.userId, t.accountType, t.id),
    // The settlement pass reads open positions by expiry.
    index('option_positions_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    oneOfCheck('option_positions_kind', t.kind, OPTION_KINDS),
    oneOfCheck('option_positions_status', t.status, OPTION_STATUSES),
    check('option_positions_contracts', sql`${t.contracts} > 0`),
  ],
);

/**
 * A quote (POST /stock/order/option/apply `action: 'quote'`): the figures a buy or an early close
 * is priced at now, honoured exactly until `validUntil` and once (`usedAt` set in the same
 * transaction as the position and its posting, the row locked). The id is random, unguessable.
 * A user's quotes long past their life are pruned when they ask for a new one.
 */
export const optionQuotes = pgTable(
  'option_quotes',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    accountType: text('account_type').notNull(),
    /** buy | close */
    side: text('side').notNull(),
    /** The position a close quote is for. */
    positionId: bigint('position_id', { mode: 'bigint' }),
    ...optionTerms(),
    /** The underlying's price and the model's inputs it was priced on. */
    spot: money('spot').notNull(),
    volatility: money('volatility').notNull(),
    rate: money('rate').notNull(),
    /** Per share (a close's after the spread), its total, the fee, and the cost or the proceeds. */
    premium: money('premium').notNull(),
    premiumTotal: money('premium_total').notNull(),
    fee: money('fee').notNull(),
    total: money('total').notNull(),
    createdAt: ms('created_at').notNull(),
    validUntil: ms('valid_until').notNull(),
    usedAt: ms('used_at'),
  },
  (t) => [
    index('option_quotes_user_idx').on(t.userId, t.validUntil),
    check('option_quotes_side', sql`${t.side} in ('buy', 'close')`),
  ],
);
