import Decimal from 'decimal.js';
import { checkIpoWindow } from '../../../domain/ipo/lifecycle';
import { icoAllocation } from '../../../domain/ipo/ico';
import { amountProblem } from '../../../domain/funding/amounts';
import type { LocalizedText } from '../../db/schema/content';
import type { Db } from '../../db/client';
import { icoOfferings } from '../../db/schema/ico';
import { ApiError } from '../../http/errors';
import { icoSymbolsChanged } from './listing';
import { USDT_SCALE } from '../../../domain/format/money';

/** A coin sale as the seed, the operator and the tests create it. Amounts are decimal strings. */
export type IcoDraft = {
  token: string;
  name: string;
  summary: LocalizedText;
  tokenPrice: string;
  tokensOffered: string;
  tokenScale: number;
  minCommit: string;
  maxCommit: string | null;
  subscribeStart: number;
  subscribeEnd: number;
  allocationAt: number;
  refundAt: number;
  listingAt: number;
};

/** Checks the draft (dates in order, terms valid for the pro-rata maths) and stores it. */
export async function createIco(db: Db, draft: IcoDraft, now: number): Promise<bigint> {
  const window = checkIpoWindow(draft);
  if (window) throw new ApiError(window.key, window.params);
  if (!/^[A-Z0-9]{2,12}$/.test(draft.token) || draft.token === 'USDT')
    throw new ApiError('FIELD_INVALID', { field: 'token' });
  // The maths' own checks of price, offer and scale, on an empty sale.
  const terms = icoAllocation(draft, []);
  if (!terms.ok) throw new ApiError(terms.error.key, terms.error.params);
  for (const [field, value] of [
    ['minCommit', draft.minCommit],
    ['maxCommit', draft.maxCommit ?? draft.minCommit],
  ] as const)
    if (amountProblem(value, { min: '0.00000001', decimals: USDT_SCALE }))
      throw new ApiError('FIELD_INVALID', { field });
  if (draft.maxCommit !== null && new Decimal(draft.maxCommit).lt(draft.minCommit))
    throw new ApiError('FIELD_INVALID', { field: 'maxCommit' });
  const [row] = await db
    .insert(icoOfferings)
    .values({ ...draft, createdAt: now })
    .returning({ id: icoOfferings.id });
  if (!row) throw new Error('ICO insert returned nothing');
  icoSymbolsChanged(db);
  return row.id;
}
