import { describe, expect, it } from 'vitest';
import type { MarketPatch, OptionQuoteInput } from '../../domain/market-data/contract';
import type { PriceProcess } from '../../domain/options/model';
import { premiumOf } from '../../domain/options/money';
import { simulatedReturn, valueAt } from '../../domain/options/simulated-returns';
import { modelGreeks } from '../../server/options/terms';
import { LiveOptionQuotes } from '../../workers/option-quotes';

const NOW = 1_790_000_000_000;
const HOUR = 3_600_000;

/** The simulator's whole shape: jumps, their afterglow and clustered variance. */
const process: PriceProcess = {
  volatility: 0.35,
  sessionsPerYear: 250,
  sessionMs: 8 * HOUR,
  jumpsPerSession: 0.5,
  jumpShare: 0.18 / 1.275,
  clusterStepMs: 60_000,
  persistence: 0.96,
  afterglowShare: 0.095 / 1.275,
  clustering: 0.8,
};
const sessions = [0, 1, 2].map((d) => ({ open: NOW + d * 24 * HOUR, close: NOW + d * 24 * HOUR + 8 * HOUR }));
const expiresAt = sessions[2]!.close;

/**
 * The simulated view at today's date and today's price is the quote the ticket shows (the
 * worker's) and the broker charges (the server's): one model, not a second.
 */
describe('simulated returns and the quote', () => {
  it.each([
    ['call', '52.5', '51.35'],
    ['put', '52.5', '51.35'],
    ['call', '48', '51.35'],
  ] as const)('a %s at %s with the stock at %s: the same premium three ways', (kind, strike, spot) => {
    const input: OptionQuoteInput = {
      id: 'q',
      symbol: 'SIM',
      kind,
      strike,
      expiresAt,
      rate: '0.45',
      spot,
      process,
      sessions,
    };
    const quotes = new LiveOptionQuotes({ now: () => NOW + HOUR, subscribe: () => 1, release: () => {} });
    quotes.set([input]);
    const patch: MarketPatch = {};
    quotes.flushInto(patch);
    const quoted = patch.optionQuotes?.q?.premium;
    const server = premiumOf(
      modelGreeks(
        { process, sessions, settings: { rate: '0.45' } } as Parameters<typeof modelGreeks>[0],
        kind,
        spot,
        strike,
        NOW + HOUR,
        expiresAt,
      ).price,
    );
    const terms = {
      kind,
      strike,
      premium: quoted!,
      multiplier: 100,
      contracts: '3',
      expiresAt,
      rate: '0.45',
      process,
      sessions,
    };
    expect(valueAt(terms, spot, NOW + HOUR)?.toFixed()).toBe(quoted);
    expect(server?.toFixed()).toBe(quoted);
    // Bought at the quote and valued at once: nothing gained or lost but the fees.
    expect(simulatedReturn(terms, spot, NOW + HOUR)?.pnl.toFixed()).toBe('0');
  });
});
