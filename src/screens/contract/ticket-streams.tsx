import { useCallback, useLayoutEffect, useState } from 'react';
import type { Topic } from '../../../domain/market-data/contract';
import { afterLargestPaint, holdPageStart } from '../../components/content/after-largest-paint';
import { useTopic } from '../../market/client-start';
import { useBalancesRefetch } from '../../market/use-private-refetch';

/** Whether a largest paint is the ticket's own (its funding line, mostly), not the tab's title. */
const inTicket = (element: Element | null) => !!element?.closest('.spot-panel');
/** Set once a spot ticket's largest paint is behind it in this page. */
let painted = false;

/**
 * Once the ticket's largest paint is behind it (after-largest-paint.ts), or at the first input.
 * The ticket follows its streams only then: following the pair from the render that painted it
 * started the market worker (~20 KB of gzip) before that paint, and in Lighthouse's simulation
 * every byte asked for before the funding line counts toward it. That paint had no streamed
 * figure then either (the worker was only being fetched): the last price shows `--` until the
 * stream's first tick, as before, a worker's download later.
 */
export const afterTicketPaint = (start: () => void) =>
  afterLargestPaint(() => {
    painted = true;
    start();
  }, inTicket);

/**
 * Whether the ticket's largest paint is behind it (at once on a visit after the first), and how
 * to say it is. Until then the page's own start of the worker is held too (the tab's title
 * painted first, and the page went idle while the ticket's answers were on their way).
 */
export function useTicketPainted(): [boolean, () => void] {
  const [now, setNow] = useState(painted);
  useLayoutEffect(() => (now ? undefined : holdPageStart()), [now]);
  return [now, useCallback(() => setNow(true), [])];
}

/**
 * The ticket's live parts once it has painted: the pair's book (what a market order or a limit
 * buy is estimated at) and its balances re-read when the private stream says they moved. Either
 * starts the market worker. The balances' resync on the first subscription reads them again, so
 * nothing that moved before it is missed.
 */
export function TicketStreams({ book, refresh }: { book: Topic | null; refresh: () => void }) {
  useTopic(book);
  useBalancesRefetch(refresh);
  return null;
}
