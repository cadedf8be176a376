import type { Interval } from '../../domain/market/instrument';
import type { Bus } from '../bus/bus';
import { encode } from '../bus/bus';
import type { MarketSource } from '../market/source';
import { framesOf } from '../ws/stream-frames';
import { marketText } from './market-wire';
import { marketSnapshotOf, type SnapshotAsk } from './mirror-snapshot';
import { answerOf } from './rpc';
import { partitionSubjects, type PartitionSubjects } from './subjects';

/** Bars a follower gets on an interval's first use: what the simulator keeps. */
const HISTORY_BARS = 1_500;

/**
 * The partition owner's side of the market: every event of its source goes out once on the bus,
 * as the stream frame the owner's own sockets get (the source's one encoder, framesOf: encoded
 * once for the whole cluster), and followers' snapshot and history requests, addressed to `owner`
 * (this node's name), are answered from the source. Returns the stop.
 */
export function publishMarket(
  bus: Bus,
  source: MarketSource,
  owner: string,
  epoch?: bigint,
  subjects: PartitionSubjects = partitionSubjects(0),
): () => void {
  // Each message names the owner's epoch (fence.ts): a former owner that wakes from a stop and
  // prints a tick before it learns it lost the partition is not taken for the market.
  const offs = [
    framesOf(source).onFrame(({ key, seq, text }) =>
      bus.publishText(subjects.market, marketText(epoch, text, { key, seq })),
    ),
    // A market's status is no stream's: it goes as the event. Listeners run in the order they
    // were added, each event reaching one of the two, so the bus keeps the source's order.
    source.on((event) => {
      if (event.type === 'status') bus.publishText(subjects.market, marketText(epoch, encode(event)));
    }),
    bus.serve(subjects.marketSnapshot(owner), (d) =>
      answerOf(async () => marketSnapshotOf(source, d as SnapshotAsk)),
    ),
    bus.serve(subjects.marketCandles(owner), (d) =>
      answerOf(async () => {
        const { symbol, interval } = d as { symbol: string; interval: Interval };
        return source.candles(symbol, interval, HISTORY_BARS);
      }),
    ),
  ];
  return () => offs.forEach((off) => off());
}
