import { useState } from 'react';
import { useLiveData } from '../../components/content/use-live-data';
import { lastStock } from '../../state/last-stock';
import { loadMostTraded, MOST_TRADED_KEY } from './symbol-picker';

/**
 * The stock the ticket shows: the one the URL asks for; else, as Midas opens its ticket, the stock
 * the user last opened, or today's most traded one of the markets list. The URL stays as the user
 * opened it: `why` lets the ticket say where the choice came from.
 */
export type StockChoice =
  { symbol: string; why: 'asked' | 'last' | 'top' } | { symbol: ''; why: 'loading' | 'none' };

export function useStockChoice(asked: string): StockChoice {
  // Read once: the ticket itself remembers the stock it shows, which must not move the choice.
  const [last] = useState(lastStock);
  const top = useLiveData(MOST_TRADED_KEY, loadMostTraded, asked === '' && last === null);
  if (asked !== '') return { symbol: asked, why: 'asked' };
  if (last !== null) return { symbol: last, why: 'last' };
  if (top.status === 'loading') return { symbol: '', why: 'loading' };
  const first = top.data?.[0]?.symbol;
  return first ? { symbol: first, why: 'top' } : { symbol: '', why: 'none' };
}
