import type { AppConfig } from '../app-config';
import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { Writer } from './writer';

/** What every trading engine is built from. The clock is injectable: tests run in virtual time. */
export type TradingDeps = {
  db: Db;
  market: MarketSource;
  config: AppConfig;
  clock: { now(): number };
  /** The one group-commit writer all engines share, so their postings are ordered. */
  writer: Writer;
};
