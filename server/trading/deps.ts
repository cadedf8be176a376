import type { AppConfig } from '../app-config';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { RealisticTap } from './spot/booking';
import type { Writer } from './writer';

/** Where engines report what no caller is waiting to hear (pino's signature: the app's logger fits). */
export type TradingLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What every trading engine is built from. The clock is injectable: tests run in virtual time. */
export type TradingDeps = {
  db: Db;
  market: MarketSource;
  config: AppConfig;
  clock: { now(): number };
  /** The one group-commit writer all engines share, so their postings are ordered. */
  writer: Writer;
  /** Background work's failures (risk jobs): logged, never silently dropped. */
  log?: TradingLog | undefined;
  /**
   * The symbols this node's engines trade (a cluster's trading partition, server/cluster/partition-map.ts):
   * they load, expire and end only those rows, so two partitions never finish one order twice.
   * Absent: every symbol (one process, or a cluster of one partition).
   */
  holds?: ((symbol: string) => boolean) | undefined;
  /** Notes each spot execution for its realistic counterpart (server/costs/recorder.ts); absent: none kept. */
  realistic?: RealisticTap | undefined;
};
