/**
 * Fixed spans of time in milliseconds, for durations (a lock-up's 30 days, a VIP month, the years
 * to an option's expiry). A calendar day in Istanbul is the market calendar's to say
 * (server/market/calendar.ts), not 24 hours from now.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
