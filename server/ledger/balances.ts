import { and, eq } from 'drizzle-orm';
import { WALLETS, type AccountType, type Wallet, type WalletBalance } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/ledger';
import { WALLET_CASH } from '../../domain/protocol/account';
import { LedgerDecimal } from './decimal';

type Sums = { available: LedgerDecimal; frozen: LedgerDecimal };

/**
 * One account type's balances as the user sees them, read from the ledger: each wallet's cash
 * currency always (zero when never touched), other currencies while they hold anything.
 * Ordered by wallet, cash currency first, then by currency.
 */
export async function userBalances(
  db: Db,
  userId: bigint,
  accountType: AccountType,
): Promise<WalletBalance[]> {
  const rows = await db
    .select({
      wallet: ledgerAccounts.wallet,
      currency: ledgerAccounts.currency,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.accountType, accountType)));
  const byWallet = new Map<Wallet, Map<string, Sums>>(WALLETS.map((w) => [w, new Map()]));
  for (const wallet of WALLETS)
    byWallet
      .get(wallet)
      ?.set(WALLET_CASH[wallet], { available: new LedgerDecimal(0), frozen: new LedgerDecimal(0) });
  for (const row of rows) {
    const currencies = byWallet.get(row.wallet as Wallet);
    if (!currencies) continue;
    const sums = currencies.get(row.currency) ?? {
      available: new LedgerDecimal(0),
      frozen: new LedgerDecimal(0),
    };
    if (row.bucket === 'frozen') sums.frozen = sums.frozen.plus(row.balance);
    else sums.available = sums.available.plus(row.balance);
    currencies.set(row.currency, sums);
  }
  const balances: WalletBalance[] = [];
  for (const wallet of WALLETS) {
    const cash = WALLET_CASH[wallet];
    const entries = [...(byWallet.get(wallet) ?? new Map<string, Sums>())].sort(([a], [b]) =>
      a === cash ? -1 : b === cash ? 1 : a < b ? -1 : a > b ? 1 : 0,
    );
    for (const [currency, { available, frozen }] of entries) {
      const total = available.plus(frozen);
      if (currency !== cash && total.isZero()) continue;
      balances.push({
        wallet,
        currency,
        available: available.toFixed(),
        frozen: frozen.toFixed(),
        total: total.toFixed(),
      });
    }
  }
  return balances;
}
