import type { Page } from '../../domain/protocol/envelope';
import {
  robotInfoSchema,
  robotListSchema,
  robotOrderInfoSchema,
  robotOrderPageSchema,
  robotOrderSchema,
  type Robot,
  type RobotApplyRequest,
  type RobotInfo,
  type RobotOrder,
  type RobotOrderInfo,
  type RobotOrderStatus,
} from '../../domain/protocol/robots';
import { post, type RequestOptions } from './request';

/**
 * Trading robots: the robots with their measured records (public), and the signed-in
 * user's robot orders. One function per endpoint, each answer checked against its schema.
 */

/** POST /robot/list: the robots on offer with their terms and track records. */
export async function listRobots(options?: RequestOptions): Promise<Robot[]> {
  return (await post('/robot/list', {}, robotListSchema, options)).list;
}

/** POST /robot/info: one robot with its backtest beside buy-and-hold. */
export function getRobot(id: string, options?: RequestOptions): Promise<RobotInfo> {
  return post('/robot/info', { id }, robotInfoSchema, options);
}

/** POST /robot/buy: start a robot (buy) or stop a running order early (stop). */
export function applyRobot(request: RobotApplyRequest, options?: RequestOptions): Promise<RobotOrder> {
  const fields =
    request.action === 'buy'
      ? { ...request, days: String(request.days) }
      : { ...request, id: String(request.id) };
  return post('/robot/buy', fields, robotOrderSchema, options);
}

/** POST /robot/order/list: the active account's robot orders, newest first. */
export function listRobotOrders(
  query: { page?: number; size?: number; status?: RobotOrderStatus | undefined } = {},
  options?: RequestOptions,
): Promise<Page<RobotOrder>> {
  return post('/robot/order/list', { page: 1, size: 20, ...query }, robotOrderPageSchema, options);
}

/** POST /robot/order/info: one order with its fills, newest first. */
export function getRobotOrder(id: string, options?: RequestOptions): Promise<RobotOrderInfo> {
  return post('/robot/order/info', { id }, robotOrderInfoSchema, options);
}
