import { membershipEndpoints } from '../../domain/protocol/endpoints/membership';
import type { z } from 'zod';
import type { vipBuyRequestSchema } from '../../domain/protocol/membership';
import type { Session } from '../auth/session';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { implementAll } from '../http/route';
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
export const membershipRoutes = implementAll(membershipEndpoints, 'membership', {
  vip: {
    summary: "The caller's VIP membership (none, trial, expired, purchased) and its disclosed terms",
    handler: async ({ db, session, trading }) => vipStatus(db, session.userId, trading.clock.now()),
  },
  buyByQuery: {
    summary:
      'Buys nothing: answers USE_POST whatever its query holds, so a trade password sent in a URL never spends money',
    handler: async () => {
      throw new ApiError('USE_POST');
    },
  },
  buy: {
    summary:
      'Start the free VIP trial (plan=trial, once) or buy VIP (plan=paid: price from the real stock account, trade password), the fields in a form body',
    handler: buyHandler,
  },
  polls: {
    summary: 'Published polls, newest first; results once the caller voted or the poll closed',
    handler: async ({ db, session, locale, trading, input }) =>
      listPolls(db, session.userId, locale, input, trading.clock.now()),
  },
  vote: {
    summary: 'Vote in an open poll (one vote per user); answers the poll with its results',
    handler: async ({ db, session, locale, trading, input }) =>
      castVote(db, session.userId, locale, input, trading.clock.now()),
  },
  creditLog: {
    summary:
      'The credit score, its published rule and its change log (newest first); never a withdrawal condition',
    handler: async ({ db, session, trading, input }) =>
      creditLog(db, session.userId, input, trading.clock.now()),
  },

  advice: {
    summary:
      "VIP members' trading advice: indicator signals on BIST stocks with entry, stop, target and each kind's past results",
    handler: async ({ db, market, session, trading }) =>
      listAdvice(db, market, session.userId, trading.clock.now()),
  },
});
