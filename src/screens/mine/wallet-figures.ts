import type { Locale } from '../../../domain/format/locale';
import { formatMoney } from '../../../domain/format/number';
import type { WalletBalance } from '../../../domain/protocol/account';
import { WALLET_CASH } from '../../../domain/protocol/wallets';

/**
 * Fiat and the USDT quote currency show cents; shares (a stock wallet's other currencies) are
 * whole; coins show satoshi-level precision.
 */
export function decimalsOf(balance: Pick<WalletBalance, 'wallet' | 'currency'>): number {
  if (balance.currency === 'TRY' || balance.currency === 'USDT') return 2;
  return balance.wallet === 'stock' ? 0 : 8;
}

/** An amount in a cell whose heading names the currency: the number alone keeps narrow cells readable. */
export function amount(
  value: string,
  balance: Pick<WalletBalance, 'wallet' | 'currency'>,
  locale: Locale,
): string {
  return formatMoney(value, locale, { decimals: decimalsOf(balance) });
}

const WALLET_ORDER = { stock: 0, coin: 1, contract: 2 } as const;

/** Wallet order, then the main currency first, then the others by code. */
export function sortBalances(balances: readonly WalletBalance[]): WalletBalance[] {
  return [...balances].sort((a, b) => {
    if (a.wallet !== b.wallet) return WALLET_ORDER[a.wallet] - WALLET_ORDER[b.wallet];
    const aMain = a.currency === WALLET_CASH[a.wallet] ? 0 : 1;
    const bMain = b.currency === WALLET_CASH[b.wallet] ? 0 : 1;
    return aMain - bMain || a.currency.localeCompare(b.currency);
  });
}
