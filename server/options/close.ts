import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { optionPositions } from '../db/schema/options';
import { ApiError } from '../http/errors';
import { closedShare } from '../../domain/options/money';
import { postCredit } from './postings';
import type { PositionRow } from './wire';

/** An early close's figures: `contracts` of the position, at `premium` a share after the spread. */
export type ClosePart = {
  contracts: string;
  spot: string;
  premium: string;
  gross: Decimal;
  fee: Decimal;
  net: Decimal;
};

/**
 * How many of a position's contracts a close sells: all of them when the request names none,
 * else a whole number from 1 to what is held (OPTION_CONTRACTS_ABOVE_POSITION above it).
 */
export function closeContracts(value: string | undefined, held: string): string {
  if (value === undefined) return held;
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new ApiError('FIELD_INVALID', { field: 'contracts' });
  if (BigInt(value) > BigInt(held)) throw new ApiError('OPTION_CONTRACTS_ABOVE_POSITION', { max: held });
  return value;
}

/**
 * Books an early close of a locked open position inside the caller's transaction and answers the
 * closed row. All of it: the row itself is closed. Part of it: the closed contracts become a row
 * of their own, closed, carrying their share of the premium paid and the buy's fee (truncated to
 * the kuruş; what the truncation leaves stays with the open rest), so each row's P&L is its payoff
 * less its own cost, and the open row keeps the rest. The proceeds are posted against the closed
 * row either way.
 */
export async function bookClose(
  tx: Db,
  session: Session,
  locked: PositionRow,
  part: ClosePart,
  now: number,
): Promise<PositionRow> {
  const held = new Decimal(locked.contracts);
  if (new Decimal(part.contracts).gt(held))
    throw new ApiError('OPTION_CONTRACTS_ABOVE_POSITION', { max: held.toFixed() });
  const closing = {
    status: 'closed',
    closePrice: part.spot,
    closePremium: part.premium,
    payoff: part.net.toFixed(),
    closeFee: part.fee.toFixed(),
    closedAt: now,
  };
  let closedId = locked.id;
  if (held.gt(part.contracts)) {
    const { premiumTotal: premiumShare, fee: feeShare } = closedShare(
      locked.premiumTotal,
      locked.fee,
      part.contracts,
      held,
    );
    const { id: _id, ...copy } = locked;
    const [split] = await tx
      .insert(optionPositions)
      .values({
        ...copy,
        contracts: part.contracts,
        premiumTotal: premiumShare.toFixed(),
        fee: feeShare.toFixed(),
        ...closing,
      })
      .returning();
    if (!split) throw new Error('option partial close inserted nothing');
    await tx
      .update(optionPositions)
      .set({
        contracts: held.minus(part.contracts).toFixed(),
        premiumTotal: new Decimal(locked.premiumTotal).minus(premiumShare).toFixed(),
        fee: new Decimal(locked.fee).minus(feeShare).toFixed(),
      })
      .where(eq(optionPositions.id, locked.id));
    closedId = split.id;
  }
  const posted = await postCredit(tx, session, {
    positionId: closedId,
    reason: 'close',
    gross: part.gross,
    fee: part.fee,
    memo: `${locked.symbol} ${locked.kind} ${new Decimal(locked.strike).toFixed()} close${closedId === locked.id ? '' : ` ×${part.contracts}`}`,
  });
  const [done] = await tx
    .update(optionPositions)
    .set({ ...closing, closeTxId: posted?.id ?? null })
    .where(eq(optionPositions.id, closedId))
    .returning();
  if (!done) throw new Error('option close updated nothing');
  return done;
}
