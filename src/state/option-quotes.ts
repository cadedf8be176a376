import { proxy } from 'valtio';
import type { OptionQuote } from '../../domain/market-data/contract';

/**
 * Live option quotes by id ('ticket' or a position id), fed only by the worker's patches
 * (patch.optionQuotes). Only changed leaves are written, so a figure re-renders when its own
 * string changes (ARCHITECTURE rule 7).
 */
export const optionQuotes = proxy({ byId: {} as Record<string, OptionQuote> });

export function applyOptionQuotes(changes: Record<string, OptionQuote | null>): void {
  const byId = optionQuotes.byId;
  for (const id in changes) {
    const next = changes[id];
    if (!next) {
      if (id in byId) delete byId[id];
      continue;
    }
    const current = byId[id];
    if (!current) {
      byId[id] = next;
      continue;
    }
    if (current.spot !== next.spot) current.spot = next.spot;
    if (current.premium !== next.premium) current.premium = next.premium;
    if (current.delta !== next.delta) current.delta = next.delta;
    if (current.gamma !== next.gamma) current.gamma = next.gamma;
    if (current.vega !== next.vega) current.vega = next.vega;
    if (current.theta !== next.theta) current.theta = next.theta;
    if (current.rho !== next.rho) current.rho = next.rho;
  }
}

/** Forgets a quote the worker is asked to replace, so no figure shows the old option's price. */
export function dropOptionQuote(id: string): void {
  if (id in optionQuotes.byId) delete optionQuotes.byId[id];
}

export function resetOptionQuotes(): void {
  optionQuotes.byId = {};
}
