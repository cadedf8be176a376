import { useSnapshot } from 'valtio';
import type { PricePoint } from '../../domain/portfolio/portfolio-input';
import { portfolioValue, type PortfolioValue } from '../../domain/portfolio/value';
import type { Topic } from '../../domain/market-data/contract';
import type { AssetsAnswer } from '../../domain/protocol/account';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { market } from '../state/market';
import { livePositions } from '../state/positions';

/** The feed's USDT/TRY pair (the simulator's and Binance's symbol). */
export const USDT_TRY = 'USDTTRY';

/**
 * The tickers a portfolio needs: each held share and coin, each one traded since its day
 * reference (a holding sold out today still needs its reference price), and USDT/TRY whenever a
 * USDT wallet holds or traded anything or a contract is open. Sorted, so the same holdings give
 * the same list.
 */
export function portfolioTopics(
  assets: AssetsAnswer | undefined,
  positions: readonly ContractPosition[],
): Topic[] {
  if (!assets) return [];
  const topics = new Map<string, Topic>();
  let usdt = positions.length > 0;
  const held = assets.balances.filter((b) => Number(b.total) !== 0);
  for (const b of [...held, ...(assets.today ?? [])]) {
    if (b.wallet === 'stock') {
      if (b.currency !== 'TRY')
        topics.set(b.currency, { kind: 'ticker', market: 'stock', symbol: b.currency });
      continue;
    }
    usdt = true;
    if (b.currency !== 'USDT') {
      const symbol = `${b.currency}USDT`;
      topics.set(symbol, { kind: 'ticker', market: 'coin', symbol });
    }
  }
  if ((assets.products ?? []).some((p) => p.currency === 'USDT' && Number(p.value) !== 0)) usdt = true;
  // A USDT wallet emptied today still moved (a contract loss, a transfer out), as did a position closed since.
  const moved = (assets.todayCash ?? []).some(
    (c) => c.currency === 'USDT' && (Number(c.pnl) !== 0 || Number(c.flows) !== 0),
  );
  if (moved || Number(assets.openPnlRef ?? 0) !== 0) usdt = true;
  if (usdt) topics.set(USDT_TRY, { kind: 'ticker', market: 'coin', symbol: USDT_TRY });
  return [...topics.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}

/**
 * The account's value in TRY at live prices: /user/assets' ledger balances and the day's spot
 * trades and cash moves (so the day's figure counts no move from before a holding was bought, the
 * contract wallet's P&L in full, and no gain on money that came or went without trading), the feed's tickers
 * (only the symbols held are read, so another symbol's tick never re-renders the caller) and the
 * open contracts' PnL, live from the worker where it follows them, else the REST figure.
 */
export function usePortfolioValue(
  assets: AssetsAnswer | undefined,
  positions: readonly ContractPosition[],
  topics: readonly Topic[],
): PortfolioValue | null {
  const tickers = useSnapshot(market).tickers;
  const live = useSnapshot(livePositions).byId;
  if (!assets) return null;
  const prices: Record<string, PricePoint> = {};
  for (const topic of topics) {
    const ticker = tickers[topic.symbol];
    if (ticker && ticker.last !== '' && ticker.prev !== '')
      prices[topic.symbol] = { last: ticker.last, prev: ticker.prev };
  }
  return portfolioValue({
    balances: assets.balances,
    prices,
    usdtTry: prices[USDT_TRY],
    contractPnls: positions.map((p) => live[p.id]?.unrealizedPnl ?? p.unrealizedPnl),
    products: assets.products ?? [],
    today: assets.today ?? [],
    ...(assets.todayCash ? { todayCash: assets.todayCash } : {}),
    openPnlRef: assets.openPnlRef ?? null,
    loanDebt: assets.loanDebt ?? null,
  });
}
