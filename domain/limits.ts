/**
 * The most of each thing one user may keep on the broker: every collection a user can grow has a
 * cap, written once here and listed in docs/limits.md. A create past one is refused with its
 * error key and `{ max }` and stores nothing; the broker counts and inserts under one per-user
 * serialisation, so a burst cannot take the last slot twice. Bank cards and withdrawal addresses
 * are operator settings (server/settings.ts) and push subscriptions are server/alerts' own.
 */
export const LIMITS = {
  /** Waiting conditional orders per account (real and demo apart, both wallets); an OCO pair is one. */
  conditionalPending: 50,
  /** Alerts per account (real and demo apart): plenty for a portfolio, bounded for the engine's index. */
  alerts: 50,
  /** Passkeys per user: a phone, a laptop and a few security keys. */
  passkeys: 10,
  /** Chart lines per user over all symbols: one symbol's list is always one small answer. */
  drawings: 200,
  /** Watchlist entries per user and kind (stocks, coins): each answer prices them all. */
  watchlist: 200,
} as const;
