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
  /** Every node's trading partitions, said twice a second: `{ node, owns }` (partition-balance.ts). */
  partitionOwners: 'seans.partition-owners',
} as const;

/** The subjects of one trading partition's market, calls and owner announcements. */
export type PartitionSubjects = {
  market: string;
  marketSnapshot(owner: string): string;
  marketCandles(owner: string): string;
  trading(owner: string): string;
  tradingOwner: string;
};

/**
 * Partition `p`'s subjects: the first's are the ones a cluster of one partition always used
 * (`seans.market`, `seans.trading.<node>`); partition 2's are `seans.market.2`,
 * `seans.trading.2.<node>` and so on, so a node owning several serves each apart.
 */
export function partitionSubjects(p: number): PartitionSubjects {
  if (p === 0)
    return {
      market: SUBJECTS.market,
      marketSnapshot: SUBJECTS.marketSnapshot,
      marketCandles: SUBJECTS.marketCandles,
      trading: SUBJECTS.trading,
      tradingOwner: SUBJECTS.tradingOwner,
    };
  return {
    market: `${SUBJECTS.market}.${p}`,
    marketSnapshot: (owner) => `seans.market-snapshot.${p}.${token(owner)}`,
    marketCandles: (owner) => `seans.market-candles.${p}.${token(owner)}`,
    trading: (owner) => `seans.trading.${p}.${token(owner)}`,
    tradingOwner: `${SUBJECTS.tradingOwner}.${p}`,
  };
}
