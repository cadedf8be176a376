/** A node's name as one subject token. */
const token = (node: string) => node.replace(/[^A-Za-z0-9_-]/g, '_');

/** The bus subjects of a cluster, in one place. */
export const SUBJECTS = {
  /** Every event of the owner's market source, in its order. */
  market: 'seans.market',
  /**
   * A follower's start (or a book gap): the owner's catalogue, quotes and books, asked of the
   * owner by name as trading calls are (a stopped former owner in a queue group got half).
   */
  marketSnapshot: (owner: string) => `seans.market-snapshot.${token(owner)}`,
  /** One symbol-interval's bars, on a follower's first use: of the owner by name. */
  marketCandles: (owner: string) => `seans.market-candles.${token(owner)}`,
  /**
   * A trading engine call to the partition owner by name (`seans.trading.<node>`): addressed, not
   * to a queue group, so an owner that stopped without dying (still subscribed) gets none of the
   * calls once another node has taken the partition over.
   */
  trading: (owner: string) => `seans.trading.${token(owner)}`,
  /** A node took the trading partition: `{ owner }`, where followers send their calls now. */
  tradingOwner: 'seans.trading-owner',
  /** A user's private events: `seans.user.<id>`. */
  user: (userId: bigint | string) => `seans.user.${userId}`,
  /** Platform messages to every signed-in user. */
  allUsers: 'seans.users',
  /** Sessions ended on one node: every node forgets what it cached for the user. */
  sessionsForget: 'seans.sessions.forget',
  /** An alert added or deleted on a node without the partition: for the owner's alert engine. */
  alerts: 'seans.alerts',
} as const;
