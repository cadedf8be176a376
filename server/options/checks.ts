import type Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { optionPositions } from '../db/schema/options';
import { decimalField } from '../http/decimal-field';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import type { PositionRow } from './wire';
import { ownedBy } from '../db/owned';
import { buyCost } from '../../domain/options/money';
import type { OptionKind } from '../../domain/protocol/options';
import { checkExpiry, checkStrike, requireTradable, underlyingOf, type OptionSettings } from './terms';

// The checks a buy, a close and their quotes share (their numbers through ../http/decimal-field).

/** Whole contracts, from one up to the configured maximum. */
export function contractsField(value: string, max: number): bigint {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new ApiError('FIELD_INVALID', { field: 'contracts' });
  const contracts = BigInt(value);
  if (contracts > BigInt(max)) throw new ApiError('OPTION_CONTRACTS_ABOVE_MAXIMUM', { max });
  return contracts;
}

export function checkOpen(market: MarketSource): void {
  if (!market.status('BIST').open) throw new ApiError('MARKET_CLOSED');
}

/**
 * The contract a buy (or a buy's quote) asks for, checked in the order both report: the stock
 * tradable, a listed expiry and strike, the contracts within the maximum, the market open.
 */
export async function checkBuy(
  db: Db,
  market: MarketSource,
  input: { symbol: string; kind: OptionKind; strike: string; expiresAt: number; contracts: string },
  settings: OptionSettings,
  now: number,
) {
  const u = underlyingOf(market, input.symbol, settings, now);
  await requireTradable(db, u, now);
  decimalField(input.strike, 'strike');
  const { expiresAt } = checkExpiry(u, input.expiresAt, now);
  const strike = checkStrike(u, input.strike);
  const contracts = contractsField(input.contracts, settings.maxContracts);
  checkOpen(market);
  // The contract as a position or a quote records it.
  const contract = {
    symbol: u.instrument.symbol,
    kind: input.kind,
    strike,
    expiresAt,
    contracts: contracts.toString(),
    multiplier: settings.multiplier,
  };
  return { u, expiresAt, strike, contracts, contract };
}

/**
 * The position a close (or a close's quote) names, checked in the order both report: the option
 * not expired, the caller's own open position, the market open; with its stock's terms now.
 */
export async function checkClose(
  db: Db,
  market: MarketSource,
  session: Session,
  id: bigint,
  settings: OptionSettings,
  now: number,
) {
  await checkNotExpired(db, session, id, now);
  const position = await ownPosition(db, session, id, false);
  checkOpen(market);
  return { position, u: underlyingOf(market, position.symbol, settings, now) };
}

/** A buy's premium total, fee and cash needed at `premium` (OPTION_BELOW_MINIMUM under the minimum). */
export function buyCharge(premium: Decimal, settings: OptionSettings, contracts: bigint) {
  const charge = buyCost(
    premium,
    settings.multiplier,
    contracts.toString(),
    settings.feeRate,
    settings.minFee,
  );
  if (charge.total.lt(settings.minPremium))
    throw new ApiError('OPTION_BELOW_MINIMUM', { min: settings.minPremium });
  return charge;
}

/** The caller's own position (OPTION_NOT_FOUND otherwise), still open (OPTION_NOT_OPEN otherwise). */
export async function ownPosition(db: Db, session: Session, id: bigint, lock: boolean): Promise<PositionRow> {
  const query = db
    .select()
    .from(optionPositions)
    .where(and(eq(optionPositions.id, id), ownedBy(optionPositions, session)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('OPTION_NOT_FOUND');
  if (row.status !== 'open') throw new ApiError('OPTION_NOT_OPEN');
  return row;
}

/** Before any other check: past its expiry a position is expired, settled by the pass yet or not. */
export async function checkNotExpired(db: Db, session: Session, id: bigint, now: number): Promise<void> {
  const [row] = await db
    .select({ expiresAt: optionPositions.expiresAt })
    .from(optionPositions)
    .where(and(eq(optionPositions.id, id), ownedBy(optionPositions, session)));
  if (row && row.expiresAt <= now) throw new ApiError('OPTION_EXPIRED');
}
