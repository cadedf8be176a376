import type { Bus } from '../bus/bus';
import { SUBJECTS } from './subjects';

/** How often a node says which partitions it owns. */
export const ANNOUNCE_MS = 500;
/** A node not heard from for this long is gone (its partitions are anyone's to take). */
const GONE_MS = 2_000;
/** A partition nobody has said they own for this long is taken by any node, share or not. */
const ORPHAN_MS = 1_500;
/** Between two hand-offs of one node: the node taking the last one is heard from first. */
const HAND_OFF_GAP_MS = 3 * ANNOUNCE_MS;

type Heard = { owns: number[]; at: number };

export type PartitionBalance = {
  /** Whether this node should try for partition `p`'s lease now. */
  shouldTry(p: number): boolean;
  /** A partition this node should hand to another (it owns more than its share), or null. */
  surplus(): number | null;
  stop(): void;
};

/**
 * Spreads a cluster's trading partitions over its nodes, so more nodes trade more. Every node
 * says which partitions it owns (SUBJECTS.partitionOwners); a node tries for a free partition's
 * lease while it owns fewer than its share (the partitions over the live nodes, rounded up),
 * and a node owning more than its share hands one partition off at a time, to be taken by a node
 * below it. A partition nobody has claimed for ORPHAN_MS is anyone's, so a dead owner's
 * partitions move within seconds whatever the shares say (its connection's end freed the lock).
 * The leases keep ownership exclusive; this only decides who competes.
 */
export function partitionBalance(opts: {
  bus: Bus;
  nodeName: string;
  count: number;
  /** The partitions this node owns now. */
  owned: () => number[];
  now?: () => number;
}): PartitionBalance {
  const { bus, nodeName, count, owned } = opts;
  const now = opts.now ?? Date.now;
  const started = now();
  const heard = new Map<string, Heard>();
  /** When each partition was last said to be owned, by anyone (this node included). */
  const claimed = new Map<number, number>();
  let lastHandOff = 0;

  const take = (node: string, owns: number[], at: number) => {
    heard.set(node, { owns, at });
    for (const p of owns) claimed.set(p, at);
  };
  const off = bus.subscribe(SUBJECTS.partitionOwners, (message) => {
    const { node, owns } = message as { node: string; owns: number[] };
    if (node !== nodeName) take(node, owns, now());
  });
  const announce = () => {
    const owns = owned();
    take(nodeName, owns, now());
    bus.publish(SUBJECTS.partitionOwners, { node: nodeName, owns });
  };
  const timer = setInterval(announce, ANNOUNCE_MS);
  timer.unref();
  announce();

  const live = () => {
    const t = now();
    return [...heard].filter(([node, h]) => node === nodeName || t - h.at < GONE_MS);
  };
  const share = () => Math.ceil(count / Math.max(1, live().length));
  const orphan = (p: number) => now() - (claimed.get(p) ?? started) > ORPHAN_MS;

  return {
    shouldTry: (p) => owned().length < share() || orphan(p),
    surplus() {
      const mine = owned();
      if (mine.length <= share() || now() - lastHandOff < HAND_OFF_GAP_MS) return null;
      // Only while a live node is below its share: it is the one to take what is handed off.
      const below = live().some(([node, h]) => node !== nodeName && h.owns.length < share());
      if (!below) return null;
      lastHandOff = now();
      return mine[mine.length - 1] ?? null;
    },
    stop() {
      clearInterval(timer);
      off();
    },
  };
}
