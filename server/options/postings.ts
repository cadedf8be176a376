import type Decimal from 'decimal.js';
import type { AccountType } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { systemAccount, userAccount } from '../ledger/account-ref';
import { postTransaction, type PostedTransaction, type PostingLine } from '../ledger/post';

/**
 * Options' postings (DECISIONS §2). The premium goes from the stock account (TRY) into the
 * broker's option book (`system:options:TRY`), the fee into `system:fees`; a payoff or an early
 * close comes back out of the option book. Every posting names its position, so the statistics
 * are read back from these lines.
 */
export const OPTION_REFERENCE = 'option_position';
export const OPTION_REASONS = { buy: 'option_buy', settle: 'option_settle', close: 'option_close' } as const;

type Owner = { userId: bigint; accountType: AccountType };

const cash = (o: Owner) => userAccount(o.userId, o.accountType, 'stock', 'TRY');

/** A buy: premium + fee out of the stock account; INSUFFICIENT_BALANCE when it is not there. */
export function postBuy(
  db: Db,
  o: Owner,
  move: { positionId: bigint; premium: Decimal; fee: Decimal; memo: string },
): Promise<PostedTransaction> {
  const lines: PostingLine[] = [
    { account: cash(o), amount: move.premium.plus(move.fee).neg().toFixed() },
    { account: systemAccount('options', 'TRY'), amount: move.premium.toFixed() },
  ];
  if (move.fee.gt(0)) lines.push({ account: systemAccount('fees', 'TRY'), amount: move.fee.toFixed() });
  return postTransaction(db, {
    reason: OPTION_REASONS.buy,
    referenceType: OPTION_REFERENCE,
    referenceId: String(move.positionId),
    memo: move.memo,
    lines,
  });
}

/**
 * A settlement's payoff or an early close's proceeds: `gross` out of the option book, `fee` of it
 * to fees, the rest to the stock account. Nothing to move (a worthless expiry) posts nothing.
 */
export async function postCredit(
  db: Db,
  o: Owner,
  move: { positionId: bigint; reason: 'settle' | 'close'; gross: Decimal; fee: Decimal; memo: string },
): Promise<PostedTransaction | null> {
  if (move.gross.lte(0)) return null;
  const net = move.gross.minus(move.fee);
  const lines: PostingLine[] = [
    { account: systemAccount('options', 'TRY'), amount: move.gross.neg().toFixed() },
  ];
  if (net.gt(0)) lines.push({ account: cash(o), amount: net.toFixed() });
  if (move.fee.gt(0)) lines.push({ account: systemAccount('fees', 'TRY'), amount: move.fee.toFixed() });
  return postTransaction(db, {
    reason: OPTION_REASONS[move.reason],
    referenceType: OPTION_REFERENCE,
    referenceId: String(move.positionId),
    memo: move.memo,
    lines,
  });
}
