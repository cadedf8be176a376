/** Tags and stops the processes a benchmark run or case started (scripts/reap.mjs). */
export const RUN_TAG: 'SEANS_BENCH_RUN';
export const CASE_TAG: 'SEANS_BENCH_CASE';
export function tagged(name: string, value: string): number[];
export function reap(name: string, value: string): Promise<number[]>;
