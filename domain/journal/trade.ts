import Decimal from 'decimal.js';

/** Journal maths: exact enough that a hand vector's cents come out (no float, no early rounding). */
export const JournalDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export const jd = (v: Decimal.Value): Decimal => new JournalDecimal(v);

export const JOURNAL_PRODUCTS = ['stock', 'coin', 'contract', 'option'] as const;
export type JournalProduct = (typeof JOURNAL_PRODUCTS)[number];
/** Where a trade happened: the live market, or a replay of a past session. */
export const JOURNAL_SOURCES = ['live', 'replay'] as const;
export type JournalSourceName = (typeof JOURNAL_SOURCES)[number];

/**
 * One closed trade: a position opened and closed again. Money in the trade's currency (TRY for
 * stocks and options, USDT for coins and contracts); `pnl` is after `costs` (fees, taxes, funding).
 */
export type ClosedTrade = {
  /** Stable across reads: `<source>:<product>:<closing order or position id>`. */
  id: string;
  source: JournalSourceName;
  product: JournalProduct;
  symbol: string;
  currency: string;
  side: 'long' | 'short';
  openedAt: number;
  closedAt: number;
  /** Average entry and exit prices (an option's: premium a share in and out). */
  entry: Decimal;
  exit: Decimal;
  qty: Decimal;
  pnl: Decimal;
  costs: Decimal;
  /** A contract's leverage; null for everything else. */
  leverage: number | null;
  /**
   * The fills it was made of and how much of each it took (a buy's units may close in two
   * trades): the realistic counterpart of a fill counts in a trade for that share.
   */
  fills: { id: string; qty: Decimal; of: Decimal }[];
};

/** entry × qty: what the trade put at risk before leverage (the size compared trade to trade). */
export function notionalOf(t: ClosedTrade): Decimal {
  return t.entry.mul(t.qty);
}

export const holdingMs = (t: ClosedTrade): number => t.closedAt - t.openedAt;
