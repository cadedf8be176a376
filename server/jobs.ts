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
// AI stock products
import { AI_PASS_MS, runAiPass } from './ai-products/pass';
// robots
import { ROBOT_PASS_MS, runRobotPass } from './robots/pass';
// Loans.
import { LOAN_PASS_MS, runLoanPass } from './loans/accrual';
import { purgeRequestKeys, REQUEST_KEYS_PASS_MS } from './http/request-keys-purge';
import { CLOSES_PASS_MS, purgeContractCloses } from './trading/contracts/closes-purge';
import { MARKET_RESUME_MS, saveMarketResume } from './market/resume';
import { CONDITIONAL_EXPIRY_MS } from './trading/conditional/engine';
import { HistorySaver } from './market/history-store';
import { startAlertJob } from './alerts/job';
import { MarketRecorder, RECORD_FLUSH_MS } from './replay/recorder';
import { purgeRecords, REPLAY_PURGE_MS } from './replay/sessions';

/**
 * Work that runs on a clock (settlement, allocation, accrual, simulators): a job with one owner.
 * In one process the app owns them all; in a cluster the holder of the trading
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
  /** A cluster's owner: whether the partition is still this node's (absent: one process, always). */
  owns?: () => Promise<boolean>;
  /** A trading partition's symbols, whose rows its jobs load (absent: every symbol). */
  holds?: ((symbol: string) => boolean) | undefined;
};
export type RunningJob = { stop(): Promise<void> };

/**
 * A job's timer: `pass` every `intervalMs`, on the engines' clock. In a cluster a pass runs only
 * while this node still owns the partition (`owns`, the epoch row: fence.ts): an owner woken from
 * a stop (SIGSTOP, a paused VM) runs its overdue timers before it hears its lease is gone, and
 * settled options at prints its own market made up while the cluster's had moved on.
 */
export function every(
  ctx: JobContext,
  name: string,
  intervalMs: number,
  pass: (now: number) => Promise<unknown>,
): RunningJob {
  return startPeriodicPass({
    name,
    intervalMs,
    clock: ctx.trading.clock,
    log: ctx.log,
    pass: async (now) => {
      if (ctx.owns && !(await ctx.owns())) return;
      await pass(now);
    },
  });
}

export type OwnedJob = { name: string; start(ctx: JobContext): RunningJob };

export const OWNED_JOBS: readonly OwnedJob[] = [
  {
    name: 'alerts',
    // Price, move and contract risk alerts on every tick, told live and by Web Push (server/alerts).
    start: startAlertJob,
  },
  {
    name: 'market-listings',
    // IPO stocks and sale tokens trade in the simulator only from their listing date (also told
    // once before the market starts: server/app.ts, server/cluster/partition.ts).
    start: (ctx) => every(ctx, 'market listings', LISTINGS_PASS_MS, () => applyListings(ctx.db, ctx.market)),
  },
  {
    name: 'funding-simulator',
    // The sandbox payment and chain simulators (settings `funding.simulator`, `coinFunding.simulator`).
    start: (ctx) =>
      every(ctx, 'funding simulator', ctx.config.funding.simulatorIntervalMs, (now) =>
        simulateFunding(ctx.db, now),
      ),
  },
  {
    name: 'ipo-pass',
    // Auto-apply, allocation, refunds and listing (server/primary/ipo/pass.ts).
    start: (ctx) => every(ctx, 'IPO', IPO_PASS_MS, (now) => runIpoPass(ctx.db, now)),
  },
  {
    name: 'option-pass',
    // Settles expired stock options at the price the source printed at expiry (server/options/pass.ts).
    start: (ctx) => every(ctx, 'options', OPTION_PASS_MS, (now) => runOptionPass(ctx.db, ctx.market, now)),
  },
  // robots
  {
    name: 'robot-pass',
    // Feeds closed candles to running robot orders, executes their decisions and releases the
    // orders whose lock-in ended (server/robots/pass.ts).
    start: (ctx) => {
      // The first look also marks ended runs recorded before marking from their bars (remark.ts).
      let first = true;
      return every(ctx, 'robots', ROBOT_PASS_MS, (now) => {
        const remarkEnded = first;
        first = false;
        return runRobotPass(ctx.db, ctx.market, now, remarkEnded);
      });
    },
  },
  {
    name: 'ico-pass',
    // Coin sales: allocation, refunds and token delivery (server/primary/ico/pass.ts).
    start: (ctx) => every(ctx, 'ICO', ICO_PASS_MS, (now) => runIcoPass(ctx.db, now)),
  },
  {
    name: 'offline-pass',
    // Offline (institutional) tranches: pro-rata allotment and listing (server/primary/bulk/offline-pass.ts).
    start: (ctx) => every(ctx, 'offline subscription', IPO_PASS_MS, (now) => runOfflinePass(ctx.db, now)),
  },
  // AI stock products: rebalances due orders while BIST is open (server/ai-products/pass.ts).
  {
    name: 'ai-products-pass',
    start: (ctx) => every(ctx, 'AI products', AI_PASS_MS, (now) => runAiPass(ctx.db, ctx.market, now)),
  },
  {
    name: 'loan-pass',
    // Loans: daily interest accrual and overdue marking (server/loans/accrual.ts).
    start: (ctx) => every(ctx, 'loans', LOAN_PASS_MS, (now) => runLoanPass(ctx.db, now)),
  },
  {
    name: 'request-keys-purge',
    // Forgets idempotency keys past their retention (server/http/request-keys-purge.ts).
    start: (ctx) =>
      every(ctx, 'request keys purge', REQUEST_KEYS_PASS_MS, (now) => purgeRequestKeys(ctx.db, now)),
  },
  {
    name: 'contract-closes-purge',
    // Forgets contract closes the day P&L no longer reads (server/trading/contracts/closes-purge.ts).
    start: (ctx) =>
      every(ctx, 'contract closes purge', CLOSES_PASS_MS, (now) => purgeContractCloses(ctx.db, now)),
  },
  {
    name: 'conditional-expiry',
    // Conditional orders whose expiry passed end and release their holds (server/trading/conditional).
    start: (ctx) =>
      every(ctx, 'conditional expiry', CONDITIONAL_EXPIRY_MS, () => ctx.trading.conditional.expireDue()),
  },
  {
    name: 'market-resume',
    // The simulated market's last prices, for a restart or a takeover to go on from (server/market/resume.ts).
    start: (ctx) => every(ctx, 'market resume', MARKET_RESUME_MS, () => saveMarketResume(ctx.db, ctx.market)),
  },
  {
    name: 'market-history',
    // The simulated market's bars, for a restart or a cold start to go on from
    // (server/market/history-store.ts); written once more as the job stops, while still the owner.
    start: (ctx) => {
      const saver = new HistorySaver();
      const save = (now: number) => saver.save(ctx.db, ctx.market, now);
      const job = every(ctx, 'market history', ctx.config.market.historySaveMs, save);
      return {
        async stop() {
          await job.stop();
          try {
            if (!ctx.owns || (await ctx.owns())) await save(ctx.trading.clock.now());
          } catch (error) {
            ctx.log.error({ err: error }, 'market history not saved at stop');
          }
        },
      };
    },
  },
  {
    name: 'market-recorder',
    // What the market did, for replays (server/replay/recorder.ts): heard from the start, written
    // every few seconds in one statement; once more as the job stops, while still the owner.
    start: (ctx) => {
      const recorder = new MarketRecorder(ctx.market);
      const off = recorder.listen();
      const job = every(ctx, 'market recorder', RECORD_FLUSH_MS, (now) => recorder.flush(ctx.db, now));
      return {
        async stop() {
          off();
          await job.stop();
          try {
            if (!ctx.owns || (await ctx.owns())) await recorder.flush(ctx.db, ctx.trading.clock.now());
          } catch (error) {
            ctx.log.error({ err: error }, 'market record not written at stop');
          }
        },
      };
    },
  },
  {
    name: 'replay-purge',
    // Forgets market records past the retention setting (server/replay/sessions.ts).
    start: (ctx) => every(ctx, 'replay purge', REPLAY_PURGE_MS, (now) => purgeRecords(ctx.db, now)),
  },
];

/**
 * The jobs of one market and its engines. With several trading partitions each partition's owner
 * runs these over its own market slice and engines; the others (options, robots, AI products,
 * allotments, accrual, purges) run once in the cluster, on the holder of a lease of their own
 * (server/cluster/partitions.ts).
 */
const PER_PARTITION = new Set([
  'alerts',
  'market-listings',
  'conditional-expiry',
  'market-resume',
  'market-history',
  'market-recorder',
]);
export const PARTITION_JOBS: readonly OwnedJob[] = OWNED_JOBS.filter((job) => PER_PARTITION.has(job.name));
export const CLUSTER_JOBS: readonly OwnedJob[] = OWNED_JOBS.filter((job) => !PER_PARTITION.has(job.name));

/** Starts every owned job; the stop ends them all (in reverse order) and waits for running passes. */
export function startOwnedJobs(ctx: JobContext, jobs: readonly OwnedJob[] = OWNED_JOBS): RunningJob {
  const running = jobs.map((job) => job.start(ctx));
  return {
    async stop() {
      for (const job of running.reverse()) await job.stop();
    },
  };
}
