import { afterAll, beforeAll, describe } from 'vitest';
import { epochFence, takeEpoch } from '../../server/cluster/fence';
import { partitionName } from '../../server/cluster/partition-map';
import type { Database, Db } from '../../server/db/client';
import { fundFromSandbox } from '../../server/ledger/moves';
import type { MarketSource } from '../../server/market/source';
import type { TradingDeps, TradingLog } from '../../server/trading/deps';
import { createSpotTrading, type SpotEngine } from '../../server/trading/spot/engine';
import { createWriter, type Writer } from '../../server/trading/writer';
import { bareUser } from '../support/accounts';
import { dbTargets, freshDatabase, testConfig } from '../support/server';

type Wallet = Parameters<typeof fundFromSandbox>[1]['wallet'];

/** One sandbox funding of a user's real wallet: `[wallet, currency, amount]`. */
export type Funding = readonly [wallet: Wallet, currency: string, amount: string];

type Engine = { start(): Promise<void>; stop(): void };

export type PartitionWorld = {
  /** The block's database; there once beforeAll has run, so tests read it, the describe body cannot. */
  readonly db: Db;
  /** A writer fenced by partition `p`'s epoch, taken by one node, as a cluster node's partition writes. */
  fencedWriter(p: number): Promise<Writer>;
  /**
   * Trading deps on `market` and `clock` with a started spot engine, stopped when the block ends:
   * on partition `p`'s fenced writer trading only `symbol`, or (no partition) on a writer of its own
   * trading every symbol, as one process does.
   */
  spotEngine(
    market: MarketSource,
    clock: { now(): number },
    options: { partition?: { p: number; symbol: string }; log?: TradingLog },
  ): Promise<{ deps: TradingDeps; spot: SpotEngine }>;
  /** Starts `engine` and stops it when the block ends. */
  start<E extends Engine>(engine: E): Promise<E>;
  /** A bare user with each of `funds` moved in from the sandbox. */
  fundedUser(prefix: string, funds: readonly Funding[]): Promise<bigint>;
};

/**
 * A describe block on its own fresh PostgreSQL database, for the tests of several partitions'
 * writers racing over one set of users' accounts. PostgreSQL only: PGlite runs one transaction at
 * a time, so nothing there can race, and without DATABASE_URL the block is not declared at all.
 */
export function describePartitions(title: string, body: (world: PartitionWorld) => void): void {
  for (const target of dbTargets().filter((t) => t === 'postgres'))
    describe(`${title}, on ${target}`, () => {
      let database: Database | undefined;
      let dispose: (() => Promise<void>) | undefined;
      const engines: Engine[] = [];
      beforeAll(async () => {
        ({ database, dispose } = await freshDatabase(target));
      });
      afterAll(async () => {
        engines.forEach((e) => e.stop());
        await dispose?.();
      });
      const db = (): Db => {
        if (!database) throw new Error('the partition world is built in beforeAll');
        return database.db;
      };
      const world: PartitionWorld = {
        get db() {
          return db();
        },
        async fencedWriter(p) {
          const name = partitionName(p);
          return createWriter(db(), {
            fence: epochFence(name, await takeEpoch(db(), name, 'node-a'), () => {}),
          });
        },
        async spotEngine(market, clock, { partition, log }) {
          const writer = partition ? await world.fencedWriter(partition.p) : createWriter(db());
          const holds = partition ? (s: string) => s === partition.symbol : undefined;
          const deps: TradingDeps = { db: db(), market, config: testConfig(), clock, writer, log, holds };
          return { deps, spot: await world.start(createSpotTrading(deps)) };
        },
        async start(engine) {
          await engine.start();
          engines.push(engine);
          return engine;
        },
        async fundedUser(prefix, funds) {
          const userId = await bareUser(db(), prefix);
          for (const [wallet, currency, amount] of funds)
            await fundFromSandbox(db(), {
              reason: 'sandbox_funding',
              referenceType: 'test',
              referenceId: `${prefix}-${userId}-${currency}`,
              userId,
              accountType: 'real',
              wallet,
              currency,
              amount,
            });
          return userId;
        },
      };
      body(world);
    });
}
