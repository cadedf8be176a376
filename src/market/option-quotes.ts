import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { OptionQuote, OptionQuoteInput } from '../../domain/market-data/contract';
import { applyOptionQuotes, dropOptionQuote, optionQuotes } from '../state/option-quotes';
import { optionQuotesLine } from './client';

/**
 * Option quotes priced by the worker on every tick of the stock. Screens register what
 * they show (the ticket its pick, the positions tab its open positions); the worker is sent one
 * list, the union, whenever a screen's part changes.
 */
const owners = new Map<number, readonly OptionQuoteInput[]>();
let nextOwner = 1;
/** What each id was last asked to price (its identity, spot aside: the worker keeps it then). */
let asked = new Map<string, string>();

/** Ids asked for a different option, by the last flush asked for before: its answer may be stale. */
const askedAt = new Map<string, number>();

const setOptionQuotes = optionQuotesLine((changes, flush) => {
  // The worker posts a renewed id's new quote after the list, so an older flush's is dropped.
  for (const id in changes) if ((askedAt.get(id) ?? 0) >= flush) delete changes[id];
  applyOptionQuotes(changes);
});

const identity = (o: OptionQuoteInput) =>
  `${o.symbol}|${o.kind}|${o.strike}|${o.expiresAt}|${o.rate}|${JSON.stringify(o.process)}|${JSON.stringify(o.sessions)}`;

function send(): void {
  const list = [...owners.values()].flat();
  const now = new Map<string, string>();
  const renewed: string[] = [];
  for (const input of list) {
    const key = identity(input);
    if (asked.get(input.id) !== key) renewed.push(input.id);
    now.set(input.id, key);
  }
  asked = now;
  // Forgotten at once, so no figure shows the previous option's price meanwhile.
  for (const id of renewed) dropOptionQuote(id);
  const before = setOptionQuotes(list);
  for (const id of renewed) askedAt.set(id, before);
}

/** One option's quote, undefined until the worker priced it: only this id's leaves are read. */
export function useOptionQuote(id: string): Readonly<OptionQuote> | undefined {
  return useSnapshot(optionQuotes).byId[id];
}

/**
 * Keeps these options priced while the caller is mounted (a new list replaces the caller's part).
 * `list` should change identity only when the options do, not on every render.
 */
export function useFollowOptionQuotes(list: readonly OptionQuoteInput[] | null): void {
  const [owner] = useState(() => nextOwner++);
  useEffect(() => {
    if (!list) return;
    owners.set(owner, list);
    send();
  }, [owner, list]);
  useEffect(
    () => () => {
      owners.delete(owner);
      send();
    },
    [owner],
  );
}
