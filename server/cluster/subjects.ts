/** The bus subjects of a cluster (issue 19), in one place. */
export const SUBJECTS = {
  /** Every event of the owner's market source, in its order. */
  market: 'seans.market',
  /** A follower's start (or a book gap): the owner's catalogue, quotes and books. */
  marketSnapshot: 'seans.market.snapshot',
  /** One symbol-interval's bars, on a follower's first use. */
  marketCandles: 'seans.market.candles',
  /**
   * A trading engine call to the partition owner by name (`seans.trading.<node>`): addressed, not
   * to a queue group, so an owner that stopped without dying (still subscribed) gets none of the
   * calls once another node has taken the partition over.
   */
  trading: (owner: string) => `seans.trading.${owner.replace(/[^A-Za-z0-9_-]/g, '_')}`,
  /** A node took the trading partition: `{ owner }`, where followers send their calls now. */
  tradingOwner: 'seans.trading-owner',
  /** A user's private events: `seans.user.<id>`. */
  user: (userId: bigint | string) => `seans.user.${userId}`,
  /** Platform messages to every signed-in user. */
  allUsers: 'seans.users',
  /** Sessions ended on one node: every node forgets what it cached for the user. */
  sessionsForget: 'seans.sessions.forget',
} as const;
