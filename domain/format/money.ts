/**
 * Decimals a cash amount carries on the wire, in balances and in every rule and form that reads
 * one: TRY to the kuruş, USDT to 8 (every coin quantity × price we list is exact within it, and
 * the ledger's 18 hold it exactly). One definition, so a form can never accept a decimal the
 * broker refuses, nor the broker book one no screen shows.
 */
export const TRY_SCALE = 2;
export const USDT_SCALE = 8;

/** The decimals of a cash currency's amounts: TRY 2, USDT (and any other quote) 8. */
export function cashScale(currency: string): number {
  return currency === 'TRY' ? TRY_SCALE : USDT_SCALE;
}
