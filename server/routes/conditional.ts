import type { SpotWallet } from '../../domain/protocol/account';
import {
  coinConditionalEndpoints,
  stockConditionalEndpoints,
} from '../../domain/protocol/endpoints/conditional';
import { implementAll, type RouteContext } from '../http/route';
import { requireCoinTradable } from '../primary/ico/listing';
import { requireListed } from '../primary/ipo/listing';
import { listConditional } from '../trading/conditional/reads';

/** What differs between the wallets: the words of the document and what may be traded now. */
type WalletTerms = {
  endpoints: typeof stockConditionalEndpoints;
  tag: string;
  held: string;
  requireTradable: (ctx: RouteContext<{ symbol: string }, 'user'>) => Promise<unknown>;
};

const TERMS: Record<SpotWallet, WalletTerms> = {
  stock: {
    endpoints: stockConditionalEndpoints,
    tag: 'stock-orders',
    held: 'its shares or cash',
    requireTradable: ({ db, input, trading }) => requireListed(db, input.symbol, trading.clock.now()),
  },
  coin: {
    endpoints: coinConditionalEndpoints,
    tag: 'coin-orders',
    held: 'its coins or USDT',
    requireTradable: ({ db, input, market, trading }) =>
      requireCoinTradable(db, market, input.symbol, trading.clock.now()),
  },
};

/**
 * Conditional orders (stop, stop-limit, take-profit, trailing stop, one-cancels-other) for BIST
 * stocks and coin spot. The trigger is watched and fired by the broker on the feed's trades.
 */
function conditionalRoutesOf(wallet: SpotWallet) {
  const { endpoints, tag, held, requireTradable } = TERMS[wallet];
  return implementAll(endpoints, tag, {
    add: {
      summary: `Places a conditional ${wallet} order: ${held} held now, the order placed when a trade crosses the trigger`,
      handler: async (ctx) => {
        await requireTradable(ctx);
        return { list: await ctx.trading.conditional.add(ctx.session, wallet, ctx.input) };
      },
    },
    list: {
      summary: `The conditional ${wallet} orders: waiting ones or all, newest first, with what fired them`,
      handler: ({ db, session, input }) => listConditional(db, session, wallet, input),
    },
    modify: {
      summary: `Moves a waiting conditional ${wallet} order's trigger, limit or trailing offset, checked as a new one's; the hold follows`,
      handler: async ({ input, session, trading }) => ({
        list: await trading.conditional.modify(session, wallet, input),
      }),
    },
    cancel: {
      summary: `Cancels a waiting conditional ${wallet} order (and its pair), releasing its hold`,
      handler: async ({ input, session, trading }) => ({
        cancelled: await trading.conditional.cancel(session, wallet, input.id),
      }),
    },
  });
}

export const conditionalRoutes = [...conditionalRoutesOf('stock'), ...conditionalRoutesOf('coin')];
