import type { Page } from '../../domain/protocol/envelope';
import {
  adviceListSchema,
  creditLogSchema,
  pollPageSchema,
  pollSchema,
  vipStatusSchema,
  type AdviceList,
  type CreditLog,
  type Poll,
  type VipStatus,
} from '../../domain/protocol/membership';
import { get, post, type RequestOptions } from './request';

/** Membership products: VIP, polls, the credit score and trading advice. */

/** GET /user/vip/get: the membership's state and its disclosed terms. */
export function getVip(options?: RequestOptions): Promise<VipStatus> {
  return get('/user/vip/get', {}, vipStatusSchema, options);
}

/** POST /user/vip/buy plan=trial: starts the free trial (once). */
export function startVipTrial(options?: RequestOptions): Promise<VipStatus> {
  return post('/user/vip/buy', { plan: 'trial' }, vipStatusSchema, options);
}

/**
 * POST /user/vip/buy plan=paid: the purchase, with the trade password in the form body (SPEC's GET
 * would put it in the URL, which proxies, history and access logs keep). The price and the
 * paid-until shown go along, so a changed price or a repeated request is refused, never charged.
 */
export function buyVip(
  shown: { price: string; paidUntil: number | null },
  tradePassword: string,
  options?: RequestOptions,
): Promise<VipStatus> {
  const { price, paidUntil } = shown;
  return post(
    '/user/vip/buy',
    { plan: 'paid', price, paidUntil: paidUntil ?? 0, tradePassword },
    vipStatusSchema,
    options,
  );
}

/** GET /index/vote/info: the published polls, newest first. */
export function listPolls(page = 1, size = 20, options?: RequestOptions): Promise<Page<Poll>> {
  return get('/index/vote/info', { page, size }, pollPageSchema, options);
}

/** POST /vote: one vote; the answer is the poll with its results. */
export function castVote(pollId: string, optionId: string, options?: RequestOptions): Promise<Poll> {
  return post('/vote', { pollId, optionId }, pollSchema, options);
}

/** POST /user/point/change/log: the score, its rule and its change log. */
export function getCreditLog(page = 1, size = 20, options?: RequestOptions): Promise<CreditLog> {
  return post('/user/point/change/log', { page, size }, creditLogSchema, options);
}

/** GET /stock/advice/list (added): VIP members' trading advice with each kind's track record. */
export function listAdvice(options?: RequestOptions): Promise<AdviceList> {
  return get('/stock/advice/list', {}, adviceListSchema, options);
}
