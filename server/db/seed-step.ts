import type { Db } from './client';

/** A step of the first start's seed: run once per database, recorded in seed_log. */
export type SeedStep = { name: string; run: (db: Db) => Promise<void> };
