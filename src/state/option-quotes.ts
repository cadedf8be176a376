import { proxy } from 'valtio';
import { applyChangedLeaves } from './keyed-leaves';
import type { OptionQuote } from '../../domain/market-data/contract';

/**
 * Live option quotes by id ('ticket' or a position id), fed only by the worker's patches
 * (patch.optionQuotes). Only changed leaves are written, so a figure re-renders when its own
 * string changes (ARCHITECTURE rule 7).
 */
export const optionQuotes = proxy({ byId: {} as Record<string, OptionQuote> });

export function applyOptionQuotes(changes: Record<string, OptionQuote | null>): void {
  applyChangedLeaves(optionQuotes.byId, changes);
}

/** Forgets a quote the worker is asked to replace, so no figure shows the old option's price. */
export function dropOptionQuote(id: string): void {
  if (id in optionQuotes.byId) delete optionQuotes.byId[id];
}

export function resetOptionQuotes(): void {
  optionQuotes.byId = {};
}
