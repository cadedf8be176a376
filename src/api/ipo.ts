import type { Page } from '../../domain/protocol/envelope';
import {
  ipoApplicationPageSchema,
  ipoApplicationSchema,
  ipoDetailSchema,
  ipoPageSchema,
  type APPLICATION_STATUSES,
  type Ipo,
  type IpoApplication,
  type IpoApplyRequest,
  type IpoDetail,
  type IpoStatusWire,
} from '../../domain/protocol/ipo';
import { get, post, type RequestOptions } from './request';

/**
 * Stock IPOs: the offerings (public; a signed-in caller's token adds `applied` and
 * their account's pool) and the user's applications. One function per endpoint; every answer is
 * checked against the schema the server answers with (domain/protocol/ipo.ts).
 */

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type Paging = { page?: number; size?: number };

/** GET /stock/index/new/list: every IPO, newest window first, optionally one status. */
export function listIpos(
  query: Paging & { status?: IpoStatusWire | undefined } = {},
  options?: RequestOptions,
): Promise<Page<Ipo>> {
  return get('/stock/index/new/list', { page: 1, size: 20, ...query }, ipoPageSchema, options);
}

/** GET /stock/index/new/today: the IPOs accepting subscriptions now. */
export function listTodayIpos(query: Paging = {}, options?: RequestOptions): Promise<Page<Ipo>> {
  return get('/stock/index/new/today', { page: 1, size: 20, ...query }, ipoPageSchema, options);
}

/** GET /stock/index/new/list/coming: the IPOs not open yet, soonest first. */
export function listComingIpos(query: Paging = {}, options?: RequestOptions): Promise<Page<Ipo>> {
  return get('/stock/index/new/list/coming', { page: 1, size: 20, ...query }, ipoPageSchema, options);
}

/** GET /stock/index/new/info: one IPO with its live demand (the estimate's input) and costs. */
export function getIpo(id: string, options?: RequestOptions): Promise<IpoDetail> {
  return get('/stock/index/new/info', { id }, ipoDetailSchema, options);
}

/** GET /stock/order/new/list: the active account's applications, newest first. */
export function listApplications(
  query: Paging & { status?: ApplicationStatus | undefined } = {},
  options?: RequestOptions,
): Promise<Page<IpoApplication>> {
  return get('/stock/order/new/list', { page: 1, size: 20, ...query }, ipoApplicationPageSchema, options);
}

/** POST /stock/order/new/apply: holds issue price × lots (+ costs); the answer is the application. */
export function applyForIpo(request: IpoApplyRequest, options?: RequestOptions): Promise<IpoApplication> {
  return post('/stock/order/new/apply', request, ipoApplicationSchema, options);
}
