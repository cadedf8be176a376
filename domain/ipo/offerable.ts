import type { IpoError } from './errors';
import { ipoStatus, type IpoWindow } from './lifecycle';

/** An offering already made of the symbol: its id and dates. */
export type EarlierOffering = { id: string; window: IpoWindow };

/**
 * Whether a new offering of a symbol (a stock, or a coin sale's token) may be made at `t`: one
 * already listed cannot be offered again, whether it traded from the start (`trades`: the market
 * lists it) or listed through an earlier offering whose listing date has passed; and one with an
 * offering still under way (upcoming, taking applications or being allotted) cannot be offered a
 * second time beside it, since two offerings of one symbol would list it twice at two prices. The
 * refusal, in the product's own key, names that offering.
 */
export function checkOfferable(
  symbol: string,
  earlier: readonly EarlierOffering[],
  t: number,
  opts: { trades?: boolean | undefined; product?: 'ipo' | 'ico' } = {},
): IpoError | null {
  const ico = opts.product === 'ico';
  const listed = ico ? 'ICO_TOKEN_LISTED' : 'IPO_SYMBOL_LISTED';
  if (opts.trades) return { key: listed, params: { symbol } };
  for (const offering of earlier)
    if (ipoStatus(offering.window, t) === 'listed')
      return { key: listed, params: { symbol, id: offering.id } };
  const underWay = earlier[0];
  if (underWay)
    return { key: ico ? 'ICO_TOKEN_OFFERED' : 'IPO_SYMBOL_OFFERED', params: { symbol, id: underWay.id } };
  return null;
}
