import { and, count, eq } from 'drizzle-orm';
import { USDT_SCALE } from '../../domain/format/money';
import { moneyTo } from '../../domain/validation/scale';
import { barOpenTime, INTERVAL_MS } from '../../domain/market/instrument';
import type { RobotOrder } from '../../domain/protocol/robots';
import { initialState } from '../../domain/robots/strategies';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { robotFills, robotOrders } from '../db/schema/robots';
import { decimalField } from '../http/decimal-field';
import { ApiError } from '../http/errors';
import type { MarketSource } from '../market/source';
import { confirmTradePassword } from '../primary/confirm';
import { announceBalances } from '../primary/ipo/notify';
import { endOrder } from './end';
import { postLock } from './postings';
import { robotCatalogue, robotOf } from './terms';
import { tellEnded } from './notify';
import { orderOnWire } from './wire';
import { DAY_MS } from '../../domain/time';
import { ownedBy } from '../db/owned';
import { updateRow } from '../db/update-row';

export type BuyInput = { robotId: string; amount: string; days: number; tradePassword?: string | undefined };

/**
 * Buys a robot order: the trade password first (DECISIONS §3), then every check —
 * robot sold, start-up capital ≤ amount ≤ single limit, lock-in days in range — then the row and
 * its one posting (capital out of the coin wallet, INSUFFICIENT_BALANCE when short) in one
 * transaction, so a refusal leaves nothing. A demo session buys with its demo USDT, as demo
 * options and spot orders do; the robot then trades the same market.
 */
export async function buyRobot(
  db: Db,
  market: MarketSource,
  session: Session,
  input: BuyInput,
  now: number,
): Promise<RobotOrder> {
  await confirmTradePassword(db, session, input.tradePassword ?? '');
  const catalogue = await robotCatalogue(db);
  const robot = robotOf(catalogue, input.robotId);
  if (catalogue.paused.has(robot.id)) throw new ApiError('ROBOT_PAUSED');
  // The coin wallet holds USDT to 8 decimals, as the buy form takes it: more would be refused by
  // the ledger mid-transaction (past 18) or leave a balance no screen shows in full.
  const amount = decimalField(input.amount, 'amount', moneyTo(USDT_SCALE));
  if (amount.lt(robot.minCapital))
    throw new ApiError('ROBOT_BELOW_STARTUP_CAPITAL', { min: robot.minCapital });
  if (amount.gt(robot.maxCapital)) throw new ApiError('ROBOT_ABOVE_SINGLE_LIMIT', { max: robot.maxCapital });
  if (input.days < robot.lockDaysMin || input.days > robot.lockDaysMax)
    throw new ApiError('ROBOT_DAYS_OUT_OF_RANGE', { min: robot.lockDaysMin, max: robot.lockDaysMax });
  if (!market.instrument(robot.symbol)) throw new ApiError('NOT_TRADABLE');
  const { settings, feeRate } = catalogue;

  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(robotOrders)
      .values({
        userId: session.userId,
        accountType: session.accountType,
        robotId: robot.id,
        level: robot.level,
        strategy: robot.strategy.kind,
        params: robot.strategy,
        symbol: robot.symbol,
        interval: robot.interval,
        capital: amount.toFixed(),
        days: input.days,
        feeRate,
        taxRate: settings.taxRate,
        penaltyRate: settings.penaltyRate,
        cash: amount.toFixed(),
        markPeak: amount.toFixed(),
        markDrawdown: '0',
        state: initialState(robot.strategy, amount),
        // Only bars that open from now on are fed to it: it never trades on a bar it could have known.
        lastBarT: barOpenTime(now, robot.interval, 0) - INTERVAL_MS[robot.interval],
        startedAt: now,
        endsAt: now + input.days * DAY_MS,
      })
      .returning();
    if (!inserted) throw new Error('robot order insert returned nothing');
    const posted = await postLock(tx, session, inserted.id, amount, `robot ${robot.id} × ${input.days}d`);
    return updateRow(tx, robotOrders, inserted, { buyTxId: posted.id });
  });
  await announceBalances(db, session.userId, session.accountType, now);
  return orderOnWire(row, market, 0, now);
}

/**
 * Stops a running order early (the trade password first): its coin sold, its cash released less
 * the withholding and the penalty the confirm sheet showed (the rate is the order's own).
 */
export async function stopRobot(
  db: Db,
  market: MarketSource,
  session: Session,
  input: { id: bigint; tradePassword?: string | undefined },
  now: number,
): Promise<RobotOrder> {
  await confirmTradePassword(db, session, input.tradePassword ?? '');
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(robotOrders)
      .where(and(eq(robotOrders.id, input.id), ownedBy(robotOrders, session)))
      .for('update');
    if (!row) throw new ApiError('ROBOT_ORDER_NOT_FOUND');
    if (row.status !== 'running') throw new ApiError('ROBOT_ORDER_NOT_RUNNING');
    const done = await endOrder(tx, market, row, 'stopped', now);
    if (!done) throw new ApiError('NO_LIQUIDITY');
    return done;
  });
  await tellEnded(db, ended, now);
  const [n] = await db.select({ n: count() }).from(robotFills).where(eq(robotFills.orderId, ended.id));
  return orderOnWire(ended, market, n?.n ?? 0, now);
}
