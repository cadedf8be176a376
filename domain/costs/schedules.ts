/**
 * The fee and tax schedules a real venue would charge the same order, as published (sources and
 * dates in docs/real-costs.md). Rates are fractions of the traded amount ('0.002' is 0.2 %), except
 * BSMV, a fraction of the commission. They are the realistic side's constants, apart from the
 * broker's own configurable paper costs (domain/rules/costs.ts), which a sandbox may set to anything.
 */

/** Where the realistic counterpart of a fill is priced. */
export type Venue = 'bist' | 'binance-spot' | 'binance-usdm';

export type VenueSchedule = {
  venue: Venue;
  /** Commission of a fill that rested on the book before it traded. */
  makerRate: string;
  /** Commission of a fill that traded on arrival. */
  takerRate: string;
  /** BSMV (banking and insurance transactions tax) as a fraction of the commission; '0' where none. */
  bsmvRate: string;
  /** The exchange's own fee (BIST's "borsa payı"), a fraction of the amount; '0' where none. */
  exchangeFeeRate: string;
  /** Withholding on a sell's gain (stopaj); '0' where none is withheld. */
  gainsWithholdingRate: string;
  /** Decimals the venue books this cash in (TRY kuruş, USDT 8). */
  cashScale: number;
};

/**
 * A typical retail tier at a Turkish bank-owned broker: binde 2 (0.2 %) commission on each side,
 * BSMV 5 % of it, Borsa İstanbul's share fee yüzbinde 3 (0.003 %). Gains on BIST shares held by
 * resident individuals are withheld at 0 % (GVK geçici md. 67, the rate set to 0 for shares traded
 * on Borsa İstanbul, investment-trust shares aside).
 */
export const BIST_RETAIL: VenueSchedule = {
  venue: 'bist',
  makerRate: '0.002',
  takerRate: '0.002',
  bsmvRate: '0.05',
  exchangeFeeRate: '0.00003',
  gainsWithholdingRate: '0',
  cashScale: 2,
};

/** Binance spot, regular user (VIP 0), fees paid in the quote coin: 0.1 % maker and taker. */
export const BINANCE_SPOT_VIP0: VenueSchedule = {
  venue: 'binance-spot',
  makerRate: '0.001',
  takerRate: '0.001',
  bsmvRate: '0',
  exchangeFeeRate: '0',
  gainsWithholdingRate: '0',
  cashScale: 8,
};

/** Binance USDⓈ-M futures, regular user (VIP 0): 0.02 % maker, 0.05 % taker, funding every 8 h. */
export const BINANCE_USDM_VIP0: VenueSchedule = {
  venue: 'binance-usdm',
  makerRate: '0.0002',
  takerRate: '0.0005',
  bsmvRate: '0',
  exchangeFeeRate: '0',
  gainsWithholdingRate: '0',
  cashScale: 8,
};

/**
 * USDⓈ-M perpetuals settle funding every 8 hours; with no premium the rate is the interest part,
 * 0.01 % an interval (as exchanges show it: percent). The realistic side uses the source's own
 * published rate when it has one, this when it has none.
 */
export const USDM_FUNDING = { intervalHours: 8, defaultRatePercent: '0.01' } as const;

/** The schedule a spot fill of this wallet is priced on. */
export function spotScheduleOf(wallet: 'stock' | 'coin'): VenueSchedule {
  return wallet === 'stock' ? BIST_RETAIL : BINANCE_SPOT_VIP0;
}
