import type { IpoError } from './errors';
import { ipoStatus, type IpoWindow } from './lifecycle';

/** An offering already made of the symbol: its id and dates. */
export type EarlierOffering = { id: string; window: IpoWindow };

/**
 * Whether a new offering of a symbol may be made at `t`: a symbol already listed cannot go public
 * again, whether it traded from the start (`trades`: the market lists it) or listed through an
 * earlier offering whose listing date has passed. The refusal names that offering.
 */
export function checkOfferable(
  symbol: string,
  earlier: readonly EarlierOffering[],
  t: number,
  trades = false,
): IpoError | null {
  if (trades) return { key: 'IPO_SYMBOL_LISTED', params: { symbol } };
  for (const offering of earlier)
    if (ipoStatus(offering.window, t) === 'listed')
      return { key: 'IPO_SYMBOL_LISTED', params: { symbol, id: offering.id } };
  return null;
}
