import { useEffect, useState, type RefObject } from 'react';

/** Rows this far outside the viewport already stream, so a fling shows live prices on arrival. */
const MARGIN = '200px 0px';

type Watcher = (visible: boolean) => void;
const watchers = new WeakMap<Element, Watcher>();
let shared: IntersectionObserver | null = null;

// One observer for every row: 200 observers would each schedule their own intersection work.
function observer(): IntersectionObserver {
  shared ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  return shared;
}

/**
 * Whether an element is on (or near) the screen, so a long list streams only the rows a user can
 * see. Without IntersectionObserver (old browsers, jsdom) everything counts as visible.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const supported = typeof IntersectionObserver !== 'undefined';
  const [visible, setVisible] = useState(!supported);
  useEffect(() => {
    const element = ref.current;
    if (!supported || !element) return;
    watchers.set(element, setVisible);
    observer().observe(element);
    return () => {
      watchers.delete(element);
      shared?.unobserve(element);
    };
  }, [ref, supported]);
  return visible;
}
