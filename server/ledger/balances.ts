import { and, gt } from 'drizzle-orm';
import { WALLETS, type AccountType, type Wallet, type WalletBalance } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/ledger';
import { stockLocks } from '../db/schema/trading';
import { WALLET_CASH } from '../../domain/protocol/account';
import { LedgerDecimal } from './decimal';
import { ownedBy } from '../db/owned';

type Sums = { available: LedgerDecimal; frozen: LedgerDecimal };

/** Shares still T+1-locked at `now`, per symbol (read only when the user holds shares at all). */
async function lockedShares(
  db: Db,
  userId: bigint,
  accountType: AccountType,
  now: number,
): Promise<Map<string, LedgerDecimal>> {
  const rows = await db
    .select({ symbol: stockLocks.symbol, qty: stockLocks.qty })
    .from(stockLocks)
    .where(and(ownedBy(stockLocks, { userId, accountType }), gt(stockLocks.unlockAt, now)));
  const out = new Map<string, LedgerDecimal>();
  for (const r of rows) out.set(r.symbol, (out.get(r.symbol) ?? new LedgerDecimal(0)).plus(r.qty));
  return out;
}

/**
 * One account type's balances as the user sees them, read from the ledger: each wallet's cash
 * currency always (zero when never touched), other currencies while they hold anything.
 * Ordered by wallet, cash currency first, then by currency. Shares bought under T+1 and not
 * yet sellable at `now` (the trading clock) count as `locked`, not `available`, as
 * /stock/hold/info says.
 */
export async function userBalances(
  db: Db,
  userId: bigint,
  accountType: AccountType,
  now: number = Date.now(),
): Promise<WalletBalance[]> {
  const rows = await db
    .select({
      wallet: ledgerAccounts.wallet,
      currency: ledgerAccounts.currency,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(ownedBy(ledgerAccounts, { userId, accountType }));
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
  const holdsShares = rows.some(
    (r) => r.wallet === 'stock' && r.currency !== WALLET_CASH.stock && !new LedgerDecimal(r.balance).isZero(),
  );
  const locks = holdsShares
    ? await lockedShares(db, userId, accountType, now)
    : new Map<string, LedgerDecimal>();
  const balances: WalletBalance[] = [];
  for (const wallet of WALLETS) {
    const cash = WALLET_CASH[wallet];
    const entries = [...(byWallet.get(wallet) ?? new Map<string, Sums>())].sort(([a], [b]) =>
      a === cash ? -1 : b === cash ? 1 : a < b ? -1 : a > b ? 1 : 0,
    );
    for (const [currency, { available, frozen }] of entries) {
      const total = available.plus(frozen);
      if (currency !== cash && total.isZero()) continue;
      const lockedAll = wallet === 'stock' ? locks.get(currency) : undefined;
      const locked = lockedAll
        ? LedgerDecimal.max(0, LedgerDecimal.min(lockedAll, available))
        : new LedgerDecimal(0);
      balances.push({
        wallet,
        currency,
        available: available.minus(locked).toFixed(),
        frozen: frozen.toFixed(),
        locked: locked.toFixed(),
        total: total.toFixed(),
      });
    }
  }
  return balances;
}
