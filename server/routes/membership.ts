import { z } from 'zod';
import {
  adviceListSchema,
  creditLogRequestSchema,
  creditLogSchema,
  pollListRequestSchema,
  pollPageSchema,
  pollSchema,
  vipBuyRequestSchema,
  vipStatusSchema,
  voteRequestSchema,
} from '../../domain/protocol/membership';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { defineRoute, type RouteDef } from '../http/route';
import { listAdvice } from '../membership/advice';
import { creditLog } from '../membership/credit';
import { buyVip, startTrial, vipStatus } from '../membership/vip';
import { castVote, listPolls } from '../membership/vote';

type BuyContext = {
  db: Db;
  session: Session;
  trading: { clock: { now(): number } };
  input: z.infer<typeof vipBuyRequestSchema>;
};

/** One purchase, whichever method carried it. */
function buyHandler({ db, session, trading, input }: BuyContext) {
  const now = trading.clock.now();
  return input.plan === 'trial'
    ? startTrial(db, session, now)
    : buyVip(
        db,
        session,
        { price: input.price, paidUntil: input.paidUntil, tradePassword: input.tradePassword },
        now,
      );
}

/** Membership products: VIP, polls and the credit score. All are the signed-in user's. */
export const membershipRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/user/vip/get',
    summary: "The caller's VIP membership (none, trial, expired, purchased) and its disclosed terms",
    tag: 'membership',
    auth: 'user',
    input: z.object({}),
    output: vipStatusSchema,
    handler: async ({ db, session, trading }) => vipStatus(db, session.userId, trading.clock.now()),
  }),
  defineRoute({
    // A GET that moves money: endpoints.txt gives this method, so the contract keeps it for
    // clients that call it so. The trade password travels as a query field (over TLS in
    // production); no log line carries it (server/http/log-redact.ts). plan=trial starts the
    // free trial (once); plan=paid charges the disclosed price from the real stock account.
    method: 'GET',
    path: '/user/vip/buy',
    summary:
      'Start the free VIP trial (plan=trial, once) or buy VIP (plan=paid: price from the real stock account, trade password); POST is the same with the fields in the body',
    tag: 'membership',
    auth: 'user',
    input: vipBuyRequestSchema,
    output: vipStatusSchema,
    handler: buyHandler,
  }),
  defineRoute({
    // (added) The same purchase with its fields, the PIN among them, in a form body rather than
    // the URL, where proxies, browser history and access logs would keep it. The app uses this.
    method: 'POST',
    path: '/user/vip/buy',
    summary:
      'Start the free VIP trial or buy VIP as GET /user/vip/buy does, the fields (trade password too) in a form body',
    tag: 'membership',
    auth: 'user',
    input: vipBuyRequestSchema,
    output: vipStatusSchema,
    handler: buyHandler,
  }),
  defineRoute({
    method: 'GET',
    path: '/index/vote/info',
    summary: 'Published polls, newest first; results once the caller voted or the poll closed',
    tag: 'membership',
    auth: 'user',
    input: pollListRequestSchema,
    output: pollPageSchema,
    handler: async ({ db, session, locale, trading, input }) =>
      listPolls(db, session.userId, locale, input, trading.clock.now()),
  }),
  defineRoute({
    method: 'POST',
    path: '/vote',
    summary: 'Vote in an open poll (one vote per user); answers the poll with its results',
    tag: 'membership',
    auth: 'user',
    input: voteRequestSchema,
    output: pollSchema,
    handler: async ({ db, session, locale, trading, input }) =>
      castVote(db, session.userId, locale, input, trading.clock.now()),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/point/change/log',
    summary:
      'The credit score, its published rule and its change log (newest first); never a withdrawal condition',
    tag: 'membership',
    auth: 'user',
    input: creditLogRequestSchema,
    output: creditLogSchema,
    handler: async ({ db, session, trading, input }) =>
      creditLog(db, session.userId, input, trading.clock.now()),
  }),

  defineRoute({
    // (added) No listed endpoint serves trading advice: this one is ours.
    method: 'GET',
    path: '/stock/advice/list',
    summary:
      "VIP members' trading advice: indicator signals on BIST stocks with entry, stop, target and each kind's past results",
    tag: 'membership',
    auth: 'user',
    input: z.object({}),
    output: adviceListSchema,
    handler: async ({ db, market, session, trading }) =>
      listAdvice(db, market, session.userId, trading.clock.now()),
  }),
];
