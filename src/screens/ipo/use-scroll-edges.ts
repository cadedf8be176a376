import { useLayoutEffect, type RefObject } from 'react';

/** Under this many pixels left to scroll, a row counts as at its end (zoom rounds scroll offsets). */
const SLACK_PX = 2;

/**
 * Marks a sideways-scrolling row with what lies beyond its edges: `data-more-start` once it has
 * scrolled, `data-more-end` while more lies to the right, read by CSS for a static edge fade. Set
 * on the node (no render per scroll) from a passive scroll listener and a ResizeObserver, not a
 * scroll-driven animation: those never finish, and whatever waits for the page's animations to
 * settle would wait for ever.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    const mark = () => {
      const beyond = row.scrollWidth - row.clientWidth - row.scrollLeft;
      row.toggleAttribute('data-more-start', row.scrollLeft > SLACK_PX);
      row.toggleAttribute('data-more-end', beyond > SLACK_PX);
    };
    mark();
    row.addEventListener('scroll', mark, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(mark) : null;
    resized?.observe(row);
    return () => {
      row.removeEventListener('scroll', mark);
      resized?.disconnect();
    };
  }, [ref]);
}
