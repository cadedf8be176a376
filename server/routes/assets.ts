import { assetEndpoints } from '../../domain/protocol/endpoints/assets';
import { readSnapshot } from '../db/snapshot';
import { ApiError } from '../http/errors';
import { implementAll } from '../http/route';
import { userBalances } from '../ledger/balances';
import { resetDemo } from '../ledger/demo';
import { loanDebt } from '../loans/debt';
import { dayMoves, ledgerDay } from '../portfolio/day-cash';
import { dayExchangeLegs, withConversions } from '../portfolio/day-exchanges';
import { dayTrades } from '../portfolio/day-trades';
import { productValues } from '../portfolio/product-values';
import { demoHoldsOutstanding, releaseDemoHolds } from '../primary/demo-reset';
import { endDemoRobots } from '../robots/demo-reset';
import { addHolds, demoTradingHolds } from '../trading/demo-holds';
import { accountRealisticPnl } from '../costs/contract-pnl';
// loans owed
// robots

/**
 * The reads of one /user/assets answer, looked up here at each call: the one seam a test uses to
 * land a posting between two of them (tests/server/assets-snapshot.test.ts). Server tests share a
 * module cache (vitest.config.ts), so they never mock modules; they swap an entry and restore it.
 */
export const assetReads = {
  userBalances,
  productValues,
  dayTrades,
  ledgerDay,
  dayMoves,
  dayExchangeLegs,
  loanDebt,
  realisticPnl: accountRealisticPnl,
};

export const assetRoutes = implementAll(assetEndpoints, 'assets', {
  assets: {
    summary:
      "Balances of the token's account (real or demo) per wallet and currency, from the ledger; T+1 shares not yet sellable show as locked, not available; " +
      "what its products (AI stock products, robots, open options) hold outside the wallets, at the source's last prices; " +
      "and, per traded share or coin, what its spot fills (and a coin's conversions) moved since the day reference (BIST: the session day; coins: 24 h ago): " +
      'net quantity bought and net cash paid with fees, so the day P&L counts only moves the account held; ' +
      'per cash balance (stock TRY, coin USDT, contract USDT), what the ledger moved it by since the same reference other than spot fills: ' +
      "the wallet's own P&L (contracts: realised P&L, fees, funding) and flows (deposits, withdrawals, funding, transfers, TRY ↔ USDT exchange, products), " +
      'so money that came or went without trading is no gain or loss; and the open P&L at the coin reference of the contract positions open then, on the quantity each held then; ' +
      'and what the real account owes on its loans out (principal + accrued interest) with the interest accrued since the stock reference, so the total is net of the debt; ' +
      'and per spot wallet (and the contract wallet) the realised P&L on paper beside what the same fills would have made on a real venue, with what made the difference (slippage, fees, taxes, queue; docs/real-costs.md)',
    handler: async ({ db, session, trading, market }) => {
      const now = trading.spot.now();
      // One snapshot: a posting landing between the balances and the day's moves would skew the
      // day P&L by that posting for one answer. In turn, not in parallel: one connection.
      return readSnapshot(db, async (tx) => {
        const balances = await assetReads.userBalances(tx, session.userId, session.accountType, now);
        const products = await assetReads.productValues(tx, market, session, now);
        const fills = await assetReads.dayTrades(tx, market, session, now);
        // The database's clock and the latest demo reset place every day window below: read once.
        const ledger = await assetReads.ledgerDay(tx, session);
        const cashMoves = await assetReads.dayMoves(tx, market, session, now, ledger);
        const legs = await assetReads.dayExchangeLegs(tx, market, session, now, ledger);
        // Conversions into and out of coins are the day's trades too (day-exchanges.ts).
        const { today, todayCash } = withConversions(fills, cashMoves, legs);
        const moves = { ...cashMoves, todayCash };
        const debt = await assetReads.loanDebt(tx, market, session, now, ledger.dbNow);
        // In a savepoint of its own: the balances stand when this read fails (the panel says so).
        const realistic = await tx
          .transaction((sp) => assetReads.realisticPnl(sp, session))
          .catch(() => null);
        return {
          accountType: session.accountType,
          balances,
          products,
          today,
          ...moves,
          ...(debt ? { loanDebt: debt } : {}),
          // Left out while there is nothing to compare (no spot fills yet), as the other extras are.
          ...(realistic === null || realistic.length > 0 ? { realistic } : {}),
        };
      });
    },
  },
  demoReset: {
    summary: 'Resets the demo account to its starting balance with a ledgered posting (demo token only)',
    handler: async ({ db, market, session, trading }) => {
      if (session.accountType !== 'demo') throw new ApiError('DEMO_ONLY');
      // Positions close and orders cancel first (each ledgered as usual), so the reset posts
      // against final balances and nothing is left holding money the reset takes away.
      await trading.contracts.onDemoReset(session.userId);
      await trading.spot.onDemoReset(session.userId);
      await trading.conditional.onDemoReset(session.userId);
      // robots: running demo robot orders end first, their capital back in the wallet.
      await endDemoRobots(db, market, session.userId, trading.clock.now());
      // Primary market: demo subscriptions give back what they hold (server/primary/demo-reset.ts).
      await releaseDemoHolds(db, session.userId, trading.clock.now());
      // One that arrived meanwhile keeps its hold through the reset: a subscription, an order or
      // a position (server/trading/demo-holds.ts).
      await resetDemo(db, session.userId, async (tx) =>
        addHolds(
          await demoHoldsOutstanding(tx, session.userId),
          await demoTradingHolds(tx, market, session.userId),
        ),
      );
      return {
        accountType: 'demo' as const,
        balances: await userBalances(db, session.userId, 'demo', trading.spot.now()),
      };
    },
  },
});
