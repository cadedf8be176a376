import { useRef } from 'react';

/**
 * Decimals for figures that must add up as shown (domain/format/addends.ts), steady while the
 * inputs stay the same. At a live price a preview's figures needed 2, then 5, then 3 decimals
 * tick after tick (measured: a 123.45 USDT margin went through all four in 5 s) and jumped in
 * width. While `key` (the typed inputs) is unchanged the decimals only grow: `decimalsFrom(min)`
 * answers the fewest decimals from `min` up at which the figures add up, so they still do.
 *
 * Answers a function to call while rendering (after a screen's early returns, which a hook can't
 * follow). Its memory is a ref: a render React throws away can only make the decimals grow
 * sooner, and the figures add up whatever it holds (they are computed from it, not taken from it).
 */
export function useSteadyDecimals(floor = 2): (key: string, decimalsFrom: (min: number) => number) => number {
  const held = useRef({ key: '', places: floor });
  return (key, decimalsFrom) => {
    const places = decimalsFrom(held.current.key === key ? held.current.places : floor);
    held.current = { key, places };
    return places;
  };
}
