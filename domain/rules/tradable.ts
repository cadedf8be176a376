/**
 * Which coin pairs take orders: the one rule behind the broker's refusals (coin spot and USDT
 * perpetuals alike) and the tickets' pair lists, so a pair is offered exactly when it would be
 * accepted. Pure: the caller passes the time (the server its clock, the client its own).
 */

/** The coin wallet's cash and the contracts' margin: every traded pair is quoted in it. */
export const COIN_QUOTE = 'USDT';

/** What decides it, as POST /coin/infos carries it (a server Instrument plus its listing date fits too). */
export type CoinPairFacts = {
  /** The quote currency (USDT/TRY, quoted in TRY, is the rate that values the wallets, not a market). */
  quote: string | null;
  /** A coin sale's token: when it starts trading (epoch ms); absent or null for other pairs. */
  listingAt?: number | null | undefined;
};

/** Why a pair takes no orders at `now`: a quote other than USDT, a token not listed yet; null: it does. */
export type CoinPairRefusal = 'quote' | 'not_listed';

/**
 * The listing date of a stock going public that has no offering yet (a catalogue IPO stock the
 * operator has not offered): it takes no orders and shows no trading until an offering dates it.
 */
export const NOT_SCHEDULED = Number.MAX_SAFE_INTEGER;

/** Before its listing date a sale's token (a coin ICO's, or an IPO's stock) takes no orders. */
export function isListed(listingAt: number | null | undefined, now: number): boolean {
  return listingAt === null || listingAt === undefined || now >= listingAt;
}

export function coinPairRefusal(pair: CoinPairFacts, now: number): CoinPairRefusal | null {
  if (pair.quote !== COIN_QUOTE) return 'quote';
  if (!isListed(pair.listingAt, now)) return 'not_listed';
  return null;
}

/** Whether the pair can be bought and sold on spot, and a perpetual on it opened, at `now`. */
export function isCoinPairTradable(pair: CoinPairFacts, now: number): boolean {
  return coinPairRefusal(pair, now) === null;
}
