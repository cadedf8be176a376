/** BIST session state (DECISIONS §5); coins are always `open`. A file of its own, so reading it needs no zod. */
export const MARKET_STATES = ['open', 'closed', 'weekend', 'holiday', 'always_open'] as const;
