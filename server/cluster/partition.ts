import type { AppConfig } from '../app-config';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { OWNED_JOBS, startOwnedJobs, type OwnedJob } from '../jobs';
import { buildMarket } from '../market/create';
import { catalogue } from '../market/catalogue';
import { lastPrices, readMarketResume } from '../market/resume';
import { readMarketHistory, resumePrices } from '../market/history-store';
import { applyListings } from '../primary/market-listings';
import type { MarketSource } from '../market/source';
import { createTrading, type Trading } from '../trading/services';
import type { TradingLog } from '../trading/deps';
import { epochFence, holdsEpoch, takeEpoch } from './fence';
import type { Lease } from './lease';
import { MirrorMarket } from './mirror-market';
import { ownerDirectory } from './owner';
import { publishMarket } from './market-owner';
import { remoteTrading, serveTrading } from './remote-trading';
import { partitionSubjects, type PartitionSubjects } from './subjects';
import { offsetBookSeq, SwitchMarket } from './switch-market';

/**
 * The trading partition: the market source, the engines (matching, risk, the
 * group-commit writer) and the clock-driven jobs, run by exactly one node of the cluster, the
 * holder of the partition's lease. Every other node follows: its market is the owner's seen
 * through the bus, its engine calls go to the owner. When the owner dies its lease ends with its
 * database connection and another node takes over: it starts the same engines from the
 * database (resting orders and positions reload as after a restart) and the same seeded market.
 *
 * A cluster has one partition holding every instrument unless told to split them
 * (TRADING_PARTITIONS, server/cluster/partitions.ts): then each partition has its own lease,
 * epoch, subjects, market slice and writer, and runs only its symbols' rows.
 */
export type Partition = {
  /** What routes and sockets hold on to: switch with ownership. */
  market: MarketSource;
  trading: Trading;
  owner(): boolean;
  stop(): Promise<void>;
};

type Log = TradingLog & {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

type Owned = { stop(): Promise<void> };

/** Calls ahead of a follower's first snapshot fail fast and retry, as the owner may be starting. */
const FOLLOW_RETRY_MS = 500;

function switchTrading(initial: Trading): Trading & { use(next: Trading): void } {
  let current = initial;
  return {
    get spot() {
      return current.spot;
    },
    get contracts() {
      return current.contracts;
    },
    get exchange() {
      return current.exchange;
    },
    get conditional() {
      return current.conditional;
    },
    get clock() {
      return current.clock;
    },
    start: () => current.start(),
    stop: () => current.stop(),
    use(next) {
      current = next;
    },
  };
}

type PartitionOptions = {
  db: Db;
  config: AppConfig;
  bus: Bus;
  lease: Lease;
  log: Log;
  /** Who takes the partition's epoch (config.cluster.nodeName). */
  nodeName: string;
  /** Which partition (its subjects, subjects.ts); the first when absent. */
  index?: number;
  /** Its symbols (partition-map.ts); every symbol when absent. */
  slice?: (symbol: string) => boolean;
  /** The clock jobs its owner runs; all of them when absent (one partition). */
  jobs?: readonly OwnedJob[];
  /**
   * What a taking node's market build does between instruments (server/market/create.ts
   * buildMarket): a turn of the event loop when absent. A test makes each one slow, as a loaded
   * machine does.
   */
  buildPause?: () => Promise<void>;
};

/**
 * Where a taking node's market goes on from, read before its mirror stops: the previous owner's
 * prices as this node followed them (not the catalogue's), and its charts and tape from the bars
 * and trades it printed (generated anew, the past moved under an option expiring across the
 * takeover, which then settled at a price never traded). A cold start of the cluster, which
 * followed no owner, goes on from the prices and bars the last owner saved
 * (server/market/resume.ts, server/market/history-store.ts).
 */
async function takenMarket(db: Db, mirror: MirrorMarket) {
  const seen = lastPrices(mirror);
  const cold = seen.size === 0;
  const saved = cold ? await readMarketHistory(db) : null;
  const traded = saved ?? mirror.traded();
  const resume = cold ? resumePrices(await readMarketResume(db), saved) : seen;
  return { resume, traded };
}

/** The partition's market, engines and jobs on this node, which just took its lease. */
async function runOwned(
  opts: PartitionOptions & { subjects: PartitionSubjects },
  resume: Awaited<ReturnType<typeof takenMarket>>['resume'],
  traded: Awaited<ReturnType<typeof takenMarket>>['traded'],
) {
  const { db, config, bus, lease, log, nodeName, slice, subjects } = opts;
  // Raised before anything is written: the previous owner's open batch finishes first, its
  // later ones are refused (fence.ts).
  const epoch = await takeEpoch(db, lease.name, nodeName);
  const fence = epochFence(lease.name, epoch, () =>
    log.warn(
      { partition: lease.name, epoch: String(epoch) },
      'a newer owner holds the partition: writes refused',
    ),
  );
  // Built a slice at a time: the lease goes on proving itself meanwhile (a build in one go, seconds
  // on a loaded machine, outlasted its silence limit and the partition moved again). Book
  // sequences continue above any earlier owner's (µs of the takeover), see offsetBookSeq.
  const built = await buildMarket(config.market, resume, traded, slice, opts.buildPause);
  const source = offsetBookSeq(built, Date.now() * 1000);
  await applyListings(db, source);
  source.start();
  const local = createTrading({ db, market: source, config, log, fence, holds: slice });
  await local.start();
  const unserve = [
    publishMarket(bus, source, nodeName, epoch, subjects),
    serveTrading(bus, local, nodeName, subjects, log),
  ];
  // Followers address this node from now on (and read it from the epoch row if they missed it).
  bus.publish(subjects.tradingOwner, { owner: nodeName });
  const holds = holdsEpoch(db, lease.name, epoch);
  const owns = async () => lease.held() && (await holds());
  const ctx = { db, config, trading: local, market: source, log, owns, holds: slice };
  const jobs = startOwnedJobs(ctx, opts.jobs ?? OWNED_JOBS);
  return {
    source,
    local,
    async stop() {
      for (const off of unserve) off();
      await jobs.stop();
      await local.stop();
      source.stop();
    },
  };
}

/** The owner may be starting too: keep asking for its snapshot until it comes (or `still` ends). */
async function keepLoading(which: MirrorMarket, still: () => boolean): Promise<void> {
  while (still()) {
    try {
      await which.load();
      return;
    } catch {
      which.stop();
      await new Promise((r) => setTimeout(r, FOLLOW_RETRY_MS));
    }
  }
}

export async function startPartition(opts: PartitionOptions): Promise<Partition> {
  const { db, bus, lease, log } = opts;
  const subjects = partitionSubjects(opts.index ?? 0);
  // Who owns the partition, as this node addresses it while it follows (owner.ts).
  const owners = ownerDirectory(bus, db, lease.name, subjects);
  owners.start();
  const follower = () => new MirrorMarket(bus, owners, Date.now, subjects);
  let mirror = follower();
  let remote = remoteTrading(bus, db, owners, subjects);
  await remote.start();
  // The partition's symbols are known before any price of theirs: a subscription to one waits
  // while this node's market loads, and only a symbol outside them is unknown at once.
  const symbols = new Set(
    catalogue(opts.config.market.profile)
      .map((entry) => entry.instrument.symbol)
      .filter((symbol) => !opts.slice || opts.slice(symbol)),
  );
  const market = new SwitchMarket(mirror, (symbol) => symbols.has(symbol));
  const trading = switchTrading(remote);
  let owned: Owned | null = null;
  let stopped = false;

  async function own(): Promise<void> {
    const { resume, traded } = await takenMarket(db, mirror);
    mirror.stop();
    await remote.stop();
    const taken = await runOwned({ ...opts, subjects }, resume, traded);
    market.use(taken.source);
    trading.use(taken.local);
    owned = taken;
    log.info({ partition: lease.name }, 'this node owns the trading partition');
  }

  async function follow(): Promise<void> {
    if (owned) {
      const was = owned;
      owned = null;
      // Engines stop before anyone else can start them: the lease is already gone.
      await was.stop();
    }
    mirror = follower();
    remote = remoteTrading(bus, db, owners, subjects);
    await remote.start();
    market.use(mirror);
    trading.use(remote);
    const which = mirror;
    void keepLoading(which, () => !stopped && which === mirror && !owned);
  }

  // Ownership changes one at a time, in the order the lease reports them.
  let queue: Promise<void> = Promise.resolve();
  const change = (held: boolean) => {
    queue = queue
      .then(() => (held ? own() : follow()))
      .catch((error: unknown) => log.error({ err: error }, 'partition ownership change failed'));
  };
  const offLease = lease.onChange(change);
  if (lease.held()) change(true);
  else void follow();

  return {
    market,
    trading,
    owner: () => owned !== null,
    async stop() {
      stopped = true;
      offLease();
      await lease.release();
      await queue;
      if (owned) await owned.stop();
      mirror.stop();
      await remote.stop();
      owners.stop();
    },
  };
}
