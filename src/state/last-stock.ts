import { readStored, writeStored } from './persisted';

/**
 * The stock the user last opened (its screen, or a ticket for it), kept in SPEC's `stockData` key as
 * `{ symbol }`: the Trade tab opened without ?symbol= starts on it, as Midas does, instead of a
 * blank ticket. Any other stored shape (an older app's whole quote object included) reads as none
 * unless it carries a symbol.
 */
export function lastStock(): string | null {
  const stored = readStored('stockData');
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const { symbol } = stored as { symbol?: unknown };
  return typeof symbol === 'string' && /^[A-Z0-9]{1,20}$/.test(symbol) ? symbol : null;
}

export function rememberStock(symbol: string): void {
  if (lastStock() !== symbol) writeStored('stockData', { symbol });
}
