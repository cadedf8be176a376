/**
 * How often the IPO clock looks (the pass runs as an owned job, server/jobs.ts): dates are to the
 * minute, so a few seconds late is on time.
 */
export const IPO_PASS_MS = 5_000;
