import type { FeedState, StreamLiveness } from '../../domain/market-data/contract';

/**
 * The feed state a ticket acts on for one instrument: the socket's, unless one of the streams the
 * ticket prices from is not live (starved, refused, or no price yet) — then `stale`, so market
 * orders stay off exactly while that instrument's figures are shown stale.
 */
export function instrumentFeed(feed: FeedState, streams: readonly (StreamLiveness | undefined)[]): FeedState {
  if (feed !== 'live' && feed !== 'polling') return feed;
  return streams.every((state) => state === 'live') ? feed : 'stale';
}
