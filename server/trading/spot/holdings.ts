import { and, eq, gt, ne } from 'drizzle-orm';
import type { Holding, HoldInfo } from '../../../domain/protocol/trading';
import { stockSellable } from '../../../domain/rules/stock';
import type { Session } from '../../auth/session';
import type { Db } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { spotPositions, stockLocks } from '../../db/schema/trading';
import { LedgerDecimal } from '../../ledger/decimal';
import type { Listing, MarketSource } from '../../market/source';
import { balanceOf } from './place';
import { ownedBy } from '../../db/owned';

const D = LedgerDecimal;
/** Money shown to people rounds half up to kuruş (the basis itself keeps 18 places). */
const kurus = (v: LedgerDecimal) => v.toDecimalPlaces(2, LedgerDecimal.ROUND_HALF_UP);

/**
 * What the account's stock sales have realised, each stock's P&L in kuruş as its holding shows it,
 * sold-out stocks included: the portfolio's "Gerçekleşen K/Z" summed only the stocks still held,
 * so selling the whole of one took its loss off the total the income screen still counted.
 */
export async function stockRealizedPnl(db: Db, session: Session): Promise<string> {
  const rows = await db
    .select({ realizedPnl: spotPositions.realizedPnl })
    .from(spotPositions)
    .where(and(ownedBy(spotPositions, session), eq(spotPositions.wallet, 'stock')));
  return rows.reduce((sum, row) => sum.plus(kurus(new D(row.realizedPnl))), new D(0)).toFixed();
}

/**
 * What the user's stock wallet holds, as stored: each stock's free and frozen quantity (ledger),
 * the cost bases and realised P&L (positions), and the T+1 locks still locked at `now`.
 */
async function heldStock(db: Db, session: Session, now: number) {
  const { userId, accountType } = session;
  const accounts = await db
    .select({
      currency: ledgerAccounts.currency,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(
      and(
        ownedBy(ledgerAccounts, { userId, accountType }),
        eq(ledgerAccounts.wallet, 'stock'),
        ne(ledgerAccounts.currency, 'TRY'),
      ),
    );
  const positions = await db
    .select()
    .from(spotPositions)
    .where(and(ownedBy(spotPositions, { userId, accountType }), eq(spotPositions.wallet, 'stock')));
  const locks = await db
    .select()
    .from(stockLocks)
    .where(and(ownedBy(stockLocks, { userId, accountType }), gt(stockLocks.unlockAt, now)));
  const held = new Map<string, { free: LedgerDecimal; frozen: LedgerDecimal }>();
  for (const a of accounts) {
    const h = held.get(a.currency) ?? { free: new D(0), frozen: new D(0) };
    if (a.bucket === 'frozen') h.frozen = h.frozen.plus(a.balance);
    else h.free = h.free.plus(a.balance);
    held.set(a.currency, h);
  }
  return { held, positions, locks };
}

/**
 * The user's stock holdings: quantities from the ledger (free + frozen), T+1 locks, cost basis
 * and realised P&L from the positions, value at the source's last price. `listings` (IPO stocks'
 * dates and issue prices): a stock held before its listing is valued at its issue price, as the
 * market will open it, and says when it lists.
 */
export async function stockHoldings(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
  listings: ReadonlyMap<string, Listing> = new Map(),
): Promise<Holding[]> {
  const { held, positions, locks } = await heldStock(db, session, now);
  const out: Holding[] = [];
  for (const [symbol, h] of [...held].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const quantity = h.free.plus(h.frozen);
    if (quantity.isZero()) continue;
    const mine = locks.filter((l) => l.symbol === symbol);
    const lockedAll = mine.reduce((s, l) => s.plus(l.qty), new D(0));
    const locked = D.min(lockedAll, h.free);
    const position = positions.find((p) => p.symbol === symbol);
    const avgCost = new D(position?.avgCost ?? 0);
    const cost = kurus(avgCost.times(quantity));
    const listing = listings.get(symbol);
    const unlisted = listing !== undefined && listing.listingAt > now ? listing : null;
    const price = new D(unlisted?.price ?? market.ticker(symbol)?.last ?? avgCost);
    const marketValue = kurus(price.times(quantity));
    const unrealized = marketValue.minus(cost);
    out.push({
      symbol,
      name: market.instrument(symbol)?.name ?? symbol,
      quantity: quantity.toFixed(),
      sellable: stockSellable(h.free.toFixed(), locked.toFixed()),
      frozen: h.frozen.toFixed(),
      locked: locked.toFixed(),
      unlockAt: locked.gt(0) ? Math.min(...mine.map((l) => l.unlockAt)) : null,
      ...(unlisted ? { listingAt: unlisted.listingAt } : {}),
      t1: market.instrument(symbol)?.t1 ?? false,
      avgCost: avgCost.toDecimalPlaces(4, LedgerDecimal.ROUND_HALF_UP).toFixed(),
      cost: cost.toFixed(),
      price: price.toFixed(),
      marketValue: marketValue.toFixed(),
      unrealizedPnl: unrealized.toFixed(),
      unrealizedPct: cost.isZero() ? null : kurus(unrealized.dividedBy(cost).times(100)).toFixed(2),
      realizedPnl: kurus(new D(position?.realizedPnl ?? 0)).toFixed(),
    });
  }
  return out;
}

export async function holdInfo(
  db: Db,
  market: MarketSource,
  session: Session,
  symbol: string,
  now: number,
): Promise<HoldInfo> {
  const holding = (await stockHoldings(db, market, session, now)).find((h) => h.symbol === symbol) ?? null;
  return {
    symbol,
    cashAvailable: new D(await balanceOf(db, session.userId, session.accountType, 'stock', 'TRY')).toFixed(),
    sellable: holding?.sellable ?? '0',
    holding,
  };
}
