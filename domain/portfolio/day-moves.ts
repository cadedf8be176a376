import { WALLET_CASH } from '../protocol/account';
import type { DayCash, DayTrade, PortfolioBalance, PortfolioInput } from './portfolio-input';

const tradeKey = (wallet: string, currency: string) => `${wallet}/${currency}`;

/** The balances with a zero line for each asset traded in the window and no longer held. */
export function withTrades(
  input: PortfolioInput,
): { balance: PortfolioBalance; trade: DayTrade | undefined; cash: DayCash | undefined }[] {
  const trades = new Map<string, DayTrade>();
  for (const trade of input.today ?? []) {
    // The wallet's cash is not an asset traded against itself; its rule stays the balance now.
    if (trade.currency === (trade.wallet === 'stock' ? 'TRY' : 'USDT')) continue;
    trades.set(tradeKey(trade.wallet, trade.currency), trade);
  }
  const moves = new Map<string, DayCash>();
  for (const cash of input.todayCash ?? []) {
    // Only the wallet's own cash: any other line would be a misread answer.
    if (cash.currency === WALLET_CASH[cash.wallet]) moves.set(tradeKey(cash.wallet, cash.currency), cash);
  }
  const out = input.balances.map((balance) => {
    const key = tradeKey(balance.wallet, balance.currency);
    const trade = trades.get(key);
    const cash = moves.get(key);
    trades.delete(key);
    moves.delete(key);
    return { balance, trade, cash };
  });
  for (const trade of trades.values())
    out.push({
      balance: { wallet: trade.wallet, currency: trade.currency, total: '0' },
      trade,
      cash: undefined,
    });
  for (const cash of moves.values())
    out.push({
      balance: { wallet: cash.wallet, currency: cash.currency, total: '0' },
      trade: undefined,
      cash,
    });
  return out;
}
