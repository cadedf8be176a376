import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ProductValue } from '../../domain/protocol/account';
import type { OptionKind } from '../../domain/protocol/options';
import { orderBalances } from '../ai-products/postings';
import { valueOf } from '../ai-products/rebalance';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { aiOrders } from '../db/schema/ai-products';
import { icoCommitments } from '../db/schema/ico';
import { optionPositions } from '../db/schema/options';
import { robotOrders } from '../db/schema/robots';
import type { MarketSource } from '../market/source';
import { modelPremium, optionSettings, underlyingOf } from '../options/terms';
import { ownedBy } from '../db/owned';

/**
 * What the account's products hold outside its wallets, for /user/assets (the total on
 * Home and Mine must be whole). AI products and robots move the capital into accounts of their
 * own (so the user's balances never mix with the product's), and an option's premium went to the
 * broker's option book: without these lines, buying a product would look like losing the money.
 * Each is valued as its own screen values it: AI orders and robots at the source's last prices
 * (server/ai-products/rebalance valueOf, server/robots/wire orderOnWire), open options at the
 * model premium a close is priced from (before the close's spread and fee), or their intrinsic
 * value once past expiry and waiting for the settlement pass.
 */
export async function productValues(
  db: Db,
  market: MarketSource,
  session: Session,
  now: number,
): Promise<ProductValue[]> {
  // In turn: /user/assets runs this inside one snapshot transaction, whose one connection takes
  // one query at a time (node-postgres deprecates queuing a second while one runs).
  const ai = await aiValue(db, market, session);
  const robots = await robotValue(db, market, session);
  const options = await optionValue(db, market, session, now);
  const sales = await icoValue(db, session);
  return [ai, robots, options, sales].filter((p): p is ProductValue => p !== null);
}

/**
 * A coin sale's tokens allotted and paid for but delivered only at the listing (server/primary/ico
 * /pass.ts): at what was paid for them, as the sale has no market price before then. Without it
 * the USDT spent left the account at allocation with nothing counted for it until listing day.
 */
async function icoValue(db: Db, s: Session): Promise<ProductValue | null> {
  const pending = await db
    .select({ spent: icoCommitments.spent })
    .from(icoCommitments)
    .where(
      and(
        ownedBy(icoCommitments, s),
        isNotNull(icoCommitments.allocatedAt),
        isNull(icoCommitments.creditedAt),
        gt(icoCommitments.tokens, '0'),
      ),
    );
  if (pending.length === 0) return null;
  const value = pending.reduce((sum, p) => sum.plus(p.spent), new Decimal(0));
  return { product: 'ico', currency: 'USDT', value: value.toFixed(), count: pending.length };
}

async function aiValue(db: Db, market: MarketSource, s: Session): Promise<ProductValue | null> {
  const open = await db
    .select({ id: aiOrders.id })
    .from(aiOrders)
    .where(and(ownedBy(aiOrders, s), eq(aiOrders.status, 'open')));
  if (open.length === 0) return null;
  const balances = await orderBalances(
    db,
    open.map((o) => o.id),
  );
  let value = new Decimal(0);
  for (const b of balances.values()) value = value.plus(valueOf(market, b.cash, b.shares));
  return { product: 'ai', currency: 'TRY', value: value.toFixed(), count: open.length };
}

async function robotValue(db: Db, market: MarketSource, s: Session): Promise<ProductValue | null> {
  const running = await db
    .select({ symbol: robotOrders.symbol, cash: robotOrders.cash, qty: robotOrders.qty })
    .from(robotOrders)
    .where(and(ownedBy(robotOrders, s), eq(robotOrders.status, 'running')));
  if (running.length === 0) return null;
  let value = new Decimal(0);
  for (const r of running)
    value = value.plus(r.cash).plus(new Decimal(r.qty).times(market.ticker(r.symbol)?.last ?? '0'));
  return { product: 'robot', currency: 'USDT', value: value.toFixed(), count: running.length };
}

async function optionValue(
  db: Db,
  market: MarketSource,
  s: Session,
  now: number,
): Promise<ProductValue | null> {
  const open = await db
    .select()
    .from(optionPositions)
    .where(
      and(
        ownedBy(optionPositions, s),
        eq(optionPositions.status, 'open'),
        lte(optionPositions.openedAt, now),
      ),
    );
  if (open.length === 0) return null;
  const settings = await optionSettings(db);
  let value = new Decimal(0);
  for (const p of open) {
    const spot = market.ticker(p.symbol)?.last;
    if (!spot) continue;
    const kind = p.kind as OptionKind;
    const intrinsic = Decimal.max(
      0,
      kind === 'call' ? new Decimal(spot).minus(p.strike) : new Decimal(p.strike).minus(spot),
    );
    let perShare = intrinsic;
    if (p.expiresAt > now) {
      try {
        const u = underlyingOf(market, p.symbol, settings, now);
        perShare = modelPremium(u, kind, spot, p.strike, now, p.expiresAt) ?? intrinsic;
      } catch {
        // No model price (the source lost the stock's volatility): its worth at expiry today.
      }
    }
    value = value.plus(perShare.times(p.contracts).times(p.multiplier));
  }
  return {
    product: 'option',
    currency: 'TRY',
    value: value.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
    count: open.length,
  };
}
