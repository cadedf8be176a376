import { readStored, type TradeType } from './persisted';

/**
 * The ticket a ?symbol= belongs on: a coin pair (…USDT) trades on the spot ticket, or on the contract
 * ticket when that is the one already chosen; anything else is a BIST ticker. None: the stored choice.
 */
export function ticketFor(symbol: string, stored: TradeType): TradeType {
  if (symbol === '') return stored;
  if (symbol.endsWith('USDT')) return stored === 'contract' ? 'contract' : 'coin';
  return 'stock';
}

/** The ticket the Trade tab opens on at `search` (its query string), as the tab chooses it. */
export function openingTicket(search: string): TradeType {
  const symbol = (new URLSearchParams(search).get('symbol') ?? '').trim().toUpperCase();
  return ticketFor(symbol, readStored('systemTradeType'));
}
