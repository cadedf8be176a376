import type { AppConfig } from '../app-config';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { createExchange } from '../funding/exchange/service';
import { CLUSTER_JOBS, PARTITION_JOBS, startOwnedJobs, type RunningJob } from '../jobs';
import { catalogue } from '../market/catalogue';
import type { MarketSource } from '../market/source';
import type { Trading } from '../trading/services';
import { holdsEpoch, takeEpoch } from './fence';
import type { Lease } from './lease';
import { startPartition, type Partition } from './partition';
import { ANNOUNCE_MS, partitionBalance } from './partition-balance';
import { JOBS_PARTITION, partitionMap, partitionName } from './partition-map';
import { partitionedMarket } from './partitioned-market';
import { tradingRouter } from './trading-router';

/** What a node runs of the cluster's trading: its market and engines as routes see them. */
export type Partitions = {
  market: MarketSource;
  trading: Trading;
  /** Whether this node owns the first partition (the one a cluster of one partition has). */
  owner(): boolean;
  /** The partitions this node owns now, by index. */
  owned(): number[];
  stop(): Promise<void>;
};

type Log = Parameters<typeof startPartition>[0]['log'];

type Options = {
  db: Db;
  config: AppConfig;
  bus: Bus;
  /** The lease of a name (partition-map.ts partitionName, JOBS_PARTITION), tried when `turn` says. */
  lease: (name: string, turn?: () => boolean) => Lease;
  log: Log;
  nodeName: string;
  /** TRADING_PARTITIONS: 1 keeps one partition holding every instrument and every clock job. */
  count: number;
};

/**
 * A node's share of the cluster's trading: `count` partitions, each with its own lease, epoch,
 * subjects, market slice, writer and per-market jobs (a node may own several, or none), and the
 * clock jobs that are no partition's on the holder of a lease of their own. Routes see one
 * market (partitioned-market.ts) and one set of engines (trading-router.ts).
 */
export async function startPartitions(opts: Options): Promise<Partitions> {
  const { db, config, bus, log, nodeName, count } = opts;
  if (count === 1) {
    const only = await startPartition({
      db,
      config,
      bus,
      log,
      nodeName,
      lease: opts.lease(partitionName(0)),
    });
    return { ...only, owned: () => (only.owner() ? [0] : []) };
  }
  const map = partitionMap(
    count,
    catalogue(config.market.profile).map((entry) => entry.instrument),
  );
  const leases: Lease[] = [];
  const balance = partitionBalance({
    bus,
    nodeName,
    count,
    owned: () => leases.flatMap((lease, p) => (lease.held() ? [p] : [])),
  });
  const parts: Partition[] = [];
  for (let p = 0; p < count; p++) {
    const lease = opts.lease(partitionName(p), () => balance.shouldTry(p));
    leases.push(lease);
    parts.push(
      await startPartition({
        db,
        config,
        bus,
        log,
        nodeName,
        lease,
        index: p,
        slice: (symbol) => map.holds(p, symbol),
        jobs: PARTITION_JOBS,
      }),
    );
  }
  // A node over its share hands a partition to one below it (partition-balance.ts).
  const handing = setInterval(() => {
    const p = balance.surplus();
    if (p !== null) void leases[p]?.handOff?.();
  }, ANNOUNCE_MS);
  handing.unref();
  const market = partitionedMarket(
    parts.map((part) => part.market),
    map,
  );
  const exchange = createExchange({ db, market, clock: { now: () => Date.now() } });
  const trading = tradingRouter(
    parts.map((part) => part.trading),
    map,
    db,
    exchange,
  );
  const jobs = clusterJobs({ ...opts, lease: opts.lease(JOBS_PARTITION), market, trading });
  return {
    market,
    trading,
    owner: () => parts[0]?.owner() ?? false,
    owned: () => parts.flatMap((part, p) => (part.owner() ? [p] : [])),
    async stop() {
      clearInterval(handing);
      balance.stop();
      await jobs.stop();
      for (const part of parts) await part.stop();
    },
  };
}

/**
 * The clock jobs of no one partition (options, robots, AI products, allotments, accrual,
 * purges), run by the holder of their lease over the node's whole market and engines. Like a
 * partition's, each pass first checks that the jobs' epoch is still this node's (fence.ts): a
 * holder woken from a stop does nothing before it hears its lease is gone.
 */
function clusterJobs(
  opts: Omit<Options, 'lease' | 'count'> & { lease: Lease; market: MarketSource; trading: Trading },
): RunningJob {
  const { db, config, lease, log, nodeName, market, trading } = opts;
  let running: RunningJob | null = null;
  let queue: Promise<void> = Promise.resolve();
  const change = (held: boolean) => {
    queue = queue
      .then(async () => {
        if (running) {
          const was = running;
          running = null;
          await was.stop();
        }
        if (!held) return;
        const epoch = await takeEpoch(db, lease.name, nodeName);
        const holds = holdsEpoch(db, lease.name, epoch);
        const owns = async () => lease.held() && (await holds());
        running = startOwnedJobs({ db, config, trading, market, log, owns }, CLUSTER_JOBS);
        log.info({ partition: lease.name }, 'this node runs the cluster jobs');
      })
      .catch((error: unknown) => log.error({ err: error }, 'cluster jobs ownership change failed'));
  };
  const off = lease.onChange(change);
  if (lease.held()) change(true);
  return {
    async stop() {
      off();
      await lease.release();
      await queue;
      if (running) await running.stop();
      running = null;
    },
  };
}
