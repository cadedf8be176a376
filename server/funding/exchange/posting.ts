import Decimal from 'decimal.js';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { systemAccount, userAccount } from '../../ledger/account-ref';
import { postTransaction, type PostedTransaction, type PostingLine } from '../../ledger/post';
import type { QuoteRow } from './store';

/**
 * The system accounts an exchange posts to: named for its writer batch's first round of locks
 * (docs/partitions.md, "Lock order"), since the exchange runs after other jobs of the batch.
 */
export function exchangeSystemAccounts(from: string, to: string) {
  return [systemAccount('exchange', from), systemAccount('exchange', to), systemAccount('fees', to)];
}

/**
 * One balanced posting per executed quote: the amount leaves the user's from-wallet for the
 * system exchange account of that currency; the exchange account of the target currency pays
 * what the user receives into the to-wallet and the fee to the fees account. The exchange
 * accounts run negative or positive as conversions go (they stand for the market we price on).
 */
export async function postExchange(tx: Db, session: Session, row: QuoteRow): Promise<PostedTransaction> {
  const { userId, accountType } = session;
  const fromWallet = row.fromWallet === 'stock' ? 'stock' : 'coin';
  const toWallet = row.toWallet === 'stock' ? 'stock' : 'coin';
  const amount = new Decimal(row.amount);
  const receive = new Decimal(row.receive);
  const fee = new Decimal(row.fee);
  const lines: PostingLine[] = [
    {
      account: userAccount(userId, accountType, fromWallet, row.fromCurrency),
      amount: amount.neg().toFixed(),
    },
    { account: systemAccount('exchange', row.fromCurrency), amount: amount.toFixed() },
    { account: systemAccount('exchange', row.toCurrency), amount: receive.plus(fee).neg().toFixed() },
    { account: userAccount(userId, accountType, toWallet, row.toCurrency), amount: receive.toFixed() },
  ];
  if (!fee.isZero()) lines.push({ account: systemAccount('fees', row.toCurrency), amount: fee.toFixed() });
  return postTransaction(tx, {
    reason: 'exchange',
    referenceType: 'exchange',
    referenceId: row.id,
    memo: `${amount.toFixed()} ${row.fromCurrency} → ${receive.toFixed()} ${row.toCurrency}`,
    lines,
  });
}
