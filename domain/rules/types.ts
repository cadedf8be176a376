import type { ErrorKey } from '../protocol/error-keys';

/** A broken trading rule: the key the server answers with and the message's parameters. */
export type RuleError = { key: ErrorKey; params?: Record<string, string | number> };

/** The parts of a catalogue instrument the rules look at (server Instrument and client info both fit). */
export type RuleInstrument = {
  symbol: string;
  market: 'stock' | 'index' | 'coin';
  /** BIST group (band width); null for coins and indices. */
  group: 1 | 2 | 3 | null;
  lot: number;
  priceScale: number;
  qtyScale: number;
  minQty: string;
  /** A coin pair's quote currency; coin spot trades only USDT pairs (the coin wallet's cash). */
  quote?: string | null;
};
