import { sessionUser } from '../accounts/profile';
import { verifyTradePassword } from '../accounts/pins';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';

/**
 * DECISIONS §3: the trade password confirms subscriptions and purchases. Checked before anything
 * else, so a wrong or missing password says so whatever else is wrong with the request.
 */
export async function confirmTradePassword(db: Db, session: Session, tradePassword: string): Promise<void> {
  if (tradePassword === '') {
    const user = await sessionUser(db, session.userId);
    throw new ApiError(
      user.tradePasswordHash === null ? 'TRADE_PASSWORD_NOT_SET' : 'TRADE_PASSWORD_REQUIRED',
    );
  }
  await verifyTradePassword(db, session.userId, tradePassword);
}
