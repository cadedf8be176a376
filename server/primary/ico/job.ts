/** How often the ICO clock looks (an owned job, server/jobs.ts), as the IPO clock does. */
export const ICO_PASS_MS = 5_000;
