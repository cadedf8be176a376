import Decimal from 'decimal.js';
import type { OptionKind, OptionPosition } from '../../domain/protocol/options';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { optionPositions } from '../db/schema/options';
import type { MarketSource } from '../market/source';
import { announceBalances } from '../primary/ipo/notify';
import { postBuy } from './postings';
import { positionOnWire, type PositionRow } from './wire';
import { updateRow } from '../db/update-row';

/** `buy`, as the route hands it over. */
export type BuyInput = {
  symbol: string;
  kind: OptionKind;
  strike: string;
  expiresAt: number;
  contracts: string;
  premium: string;
  quoteId?: string | undefined;
  tradePassword?: string | undefined;
};
/** `close`, as the route hands it over. */
export type CloseInput = {
  id: bigint;
  contracts?: string | undefined;
  premium: string;
  quoteId?: string | undefined;
  tradePassword?: string | undefined;
};

/**
 * What a bought position is booked at: the model's figures now, or a quote's (the row's columns:
 * decimal strings, `multiplier` shares a contract, `openPrice` the underlying's price it was
 * priced on, `premium` per share and `premiumTotal` for all the contracts).
 */
export type Purchase = Pick<
  typeof optionPositions.$inferInsert,
  | 'symbol'
  | 'kind'
  | 'strike'
  | 'expiresAt'
  | 'contracts'
  | 'multiplier'
  | 'openPrice'
  | 'premium'
  | 'premiumTotal'
  | 'fee'
  | 'volatility'
  | 'rate'
>;

/**
 * Books a purchase inside the caller's transaction: the position's row, then its one posting
 * (premium + fee out of the stock account, INSUFFICIENT_BALANCE rolling it all back), named on
 * the row. The one place an option is bought, priced live (./apply.ts) or at a quote (./quoted.ts).
 */
export async function bookPurchase(tx: Db, session: Session, p: Purchase, now: number): Promise<PositionRow> {
  const [inserted] = await tx
    .insert(optionPositions)
    .values({ userId: session.userId, accountType: session.accountType, ...p, openedAt: now })
    .returning();
  if (!inserted) throw new Error('option insert returned nothing');
  const posted = await postBuy(tx, session, {
    positionId: inserted.id,
    premium: new Decimal(p.premiumTotal),
    fee: new Decimal(p.fee),
    memo: `${p.symbol} ${p.kind} ${new Decimal(p.strike).toFixed()} × ${new Decimal(p.contracts).toFixed()}`,
  });
  return updateRow(tx, optionPositions, inserted, { buyTxId: posted.id });
}

/**
 * How every buy and close ends, priced live or at a quote: the booking in one transaction (a
 * refusal inside it leaves nothing behind), then the account's screens told their balances moved
 * (after the commit, so they read the new figures), then the position as the answer.
 */
export async function bookAndAnswer(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
  book: (tx: Db) => Promise<PositionRow>,
): Promise<OptionPosition> {
  const row = await db.transaction(book);
  await announceBalances(db, session.userId, session.accountType, now);
  return positionOnWire(row, market);
}
