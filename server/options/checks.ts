import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { CANONICAL_DECIMAL } from '../../domain/format/parse';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { optionPositions } from '../db/schema/options';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import type { PositionRow } from './wire';
import { ownedBy } from '../db/owned';

/** The checks a buy, a close and their quotes share. */
export function decimalField(value: string, field: string): Decimal {
  if (!CANONICAL_DECIMAL.test(value) || value.startsWith('-')) throw new ApiError('NUMBER_FORMAT', { field });
  return new Decimal(value);
}

export function contractsField(value: string, max: number): bigint {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new ApiError('FIELD_INVALID', { field: 'contracts' });
  const contracts = BigInt(value);
  if (contracts > BigInt(max)) throw new ApiError('OPTION_CONTRACTS_ABOVE_MAXIMUM', { max });
  return contracts;
}

export function checkOpen(market: MarketSource): void {
  if (!market.status('BIST').open) throw new ApiError('MARKET_CLOSED');
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
