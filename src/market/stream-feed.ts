import type { FeedState, StreamLiveness } from '../../domain/market-data/contract';

/**
 * The feed state a ticket acts on for one instrument: the socket's, unless one of the streams the
 * ticket prices from is not live (starved, refused, or no price yet) — then `stale`, so market
 * orders stay off exactly while that instrument's figures are shown stale (issue 18).
 */
export function instrumentFeed(feed: FeedState, streams: readonly (StreamLiveness | undefined)[]): FeedState {
  if (feed !== 'live' && feed !== 'polling') return feed;
  return streams.every((state) => state === 'live') ? feed : 'stale';
}

/**
 * What a screen's badge says: the socket's state, unless one of the streams followed right now
 * (those of the figures on screen) has gone stale or was refused — then `stale`. A proxy can
 * starve a ticker while heartbeats pass: the badge said "Live" over frozen lists, holdings and
 * positions (issue 18 audit). A stream still waiting for its first frame does not count: its
 * figure shows a placeholder, not a stale value.
 */
export function screenFeed(feed: FeedState, streams: readonly StreamLiveness[]): FeedState {
  if (feed !== 'live' && feed !== 'polling') return feed;
  return streams.some((state) => state === 'stale' || state === 'refused') ? 'stale' : feed;
}
