import type { AppConfig } from './app-config';
import type { Db } from './db/client';
import { simulateFunding } from './funding/simulator';
import { startPeriodicPass } from './periodic';
import type { MarketSource } from './market/source';
import { IPO_PASS_MS } from './primary/ipo/job';
import { runIpoPass } from './primary/ipo/pass';
import { ICO_PASS_MS } from './primary/ico/job';
import { runIcoPass } from './primary/ico/pass';
import { runOfflinePass } from './primary/bulk/offline-pass';
import { applyListings, LISTINGS_PASS_MS } from './primary/market-listings';
import type { Trading } from './trading/services';
import { OPTION_PASS_MS, runOptionPass } from './options/pass';
// AI stock products (issue 16)
import { AI_PASS_MS, runAiPass } from './ai-products/pass';
// robots (issue 16)
import { ROBOT_PASS_MS, runRobotPass } from './robots/pass';
// Loans (issue 17).
import { LOAN_PASS_MS, runLoanPass } from './loans/accrual';
import { purgeRequestKeys, REQUEST_KEYS_PASS_MS } from './http/request-keys-purge';
import { CLOSES_PASS_MS, purgeContractCloses } from './trading/contracts/closes-purge';
import { MARKET_RESUME_MS, saveMarketResume } from './market/resume';

/**
 * Work that runs on a clock (settlement, allocation, accrual, simulators): a job with one owner.
 * In one process the app owns them all; in a cluster (issue 19) the holder of the trading
 * partition's lease does, and a takeover starts them on the new owner. A product adds its job
 * to OWNED_JOBS and never starts a timer of its own in a route.
 *
 * The pattern: a pure-ish pass `run(db, now)` that does one round of the work and is what tests
 * call on a virtual clock, and a thin timer here that calls it on the engines' clock.
 */
export type JobContext = {
  db: Db;
  config: AppConfig;
  trading: Trading;
  market: MarketSource;
  log: { error(obj: object, msg: string): void };
};
export type RunningJob = { stop(): Promise<void> };

export type OwnedJob = { name: string; start(ctx: JobContext): RunningJob };

export const OWNED_JOBS: readonly OwnedJob[] = [
  {
    name: 'market-listings',
    // IPO stocks and sale tokens trade in the simulator only from their listing date (also told
    // once before the market starts: server/app.ts, server/cluster/partition.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'market listings',
        intervalMs: LISTINGS_PASS_MS,
        clock: ctx.trading.clock,
        pass: () => applyListings(ctx.db, ctx.market),
        log: ctx.log,
      }),
  },
  {
    name: 'funding-simulator',
    // The sandbox payment and chain simulators (settings `funding.simulator`, `coinFunding.simulator`).
    start: (ctx) =>
      startPeriodicPass({
        name: 'funding simulator',
        intervalMs: ctx.config.funding.simulatorIntervalMs,
        clock: ctx.trading.clock,
        pass: (now) => simulateFunding(ctx.db, now),
        log: ctx.log,
      }),
  },
  {
    name: 'ipo-pass',
    // Auto-apply, allocation, refunds and listing (server/primary/ipo/pass.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'IPO',
        intervalMs: IPO_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => runIpoPass(ctx.db, now),
        log: ctx.log,
      }),
  },
  {
    name: 'option-pass',
    // Settles expired stock options at the price the source printed at expiry (server/options/pass.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'options',
        intervalMs: OPTION_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => runOptionPass(ctx.db, ctx.market, now),
        log: ctx.log,
      }),
  },
  // robots (issue 16)
  {
    name: 'robot-pass',
    // Feeds closed candles to running robot orders, executes their decisions and releases the
    // orders whose lock-in ended (server/robots/pass.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'robots',
        intervalMs: ROBOT_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => runRobotPass(ctx.db, ctx.market, now),
        log: ctx.log,
      }),
  },
  {
    name: 'ico-pass',
    // Coin sales: allocation, refunds and token delivery (server/primary/ico/pass.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'ICO',
        intervalMs: ICO_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => runIcoPass(ctx.db, now),
        log: ctx.log,
      }),
  },
  {
    name: 'offline-pass',
    // Offline (institutional) tranches: pro-rata allotment and listing (server/primary/bulk/offline-pass.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'offline subscription',
        intervalMs: IPO_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => runOfflinePass(ctx.db, now),
        log: ctx.log,
      }),
  },
  // AI stock products (issue 16): rebalances due orders while BIST is open (server/ai-products/pass.ts).
  {
    name: 'ai-products-pass',
    start: (ctx) =>
      startPeriodicPass({
        name: 'AI products',
        intervalMs: AI_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => runAiPass(ctx.db, ctx.market, now),
        log: ctx.log,
      }),
  },
  {
    name: 'loan-pass',
    // Loans (issue 17): daily interest accrual and overdue marking (server/loans/accrual.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'loans',
        intervalMs: LOAN_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => runLoanPass(ctx.db, now),
        log: ctx.log,
      }),
  },
  {
    name: 'request-keys-purge',
    // Forgets idempotency keys past their retention (server/http/request-keys-purge.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'request keys purge',
        intervalMs: REQUEST_KEYS_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => purgeRequestKeys(ctx.db, now),
        log: ctx.log,
      }),
  },
  {
    name: 'contract-closes-purge',
    // Forgets contract closes the day P&L no longer reads (server/trading/contracts/closes-purge.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'contract closes purge',
        intervalMs: CLOSES_PASS_MS,
        clock: ctx.trading.clock,
        pass: (now) => purgeContractCloses(ctx.db, now),
        log: ctx.log,
      }),
  },
  {
    name: 'market-resume',
    // The simulated market's last prices, for a restart or a takeover to go on from (server/market/resume.ts).
    start: (ctx) =>
      startPeriodicPass({
        name: 'market resume',
        intervalMs: MARKET_RESUME_MS,
        clock: ctx.trading.clock,
        pass: () => saveMarketResume(ctx.db, ctx.market),
        log: ctx.log,
      }),
  },
];

/** Starts every owned job; the stop ends them all (in reverse order) and waits for running passes. */
export function startOwnedJobs(ctx: JobContext, jobs: readonly OwnedJob[] = OWNED_JOBS): RunningJob {
  const running = jobs.map((job) => job.start(ctx));
  return {
    async stop() {
      for (const job of running.reverse()) await job.stop();
    },
  };
}
