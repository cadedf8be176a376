import type { SQL } from 'drizzle-orm';

/** One value a writer batch's prefetch statement reads (a scalar subquery answering JSON). */
export type Read = { query: SQL; take(value: unknown): void };
