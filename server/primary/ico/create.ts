import Decimal from 'decimal.js';
import { desc, eq } from 'drizzle-orm';
import { checkOfferable } from '../../../domain/ipo/offerable';
import { checkIpoWindow } from '../../../domain/ipo/lifecycle';
import { icoAllocation } from '../../../domain/ipo/ico';
import { amountProblem } from '../../../domain/funding/amounts';
import type { LocalizedText } from '../../db/schema/content';
import type { Db } from '../../db/client';
import { icoOfferings } from '../../db/schema/ico';
import { decimalField } from '../../http/decimal-field';
import { ApiError } from '../../http/errors';
import { createOffering } from '../lifecycle/offering-lock';
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

/**
 * The sale's figures as their money columns keep them: a price past 18 decimals would be stored
 * rounded (other terms than those checked), one past 20 integer digits would fail the insert.
 */
function checkColumns(draft: IcoDraft): void {
  const figures = {
    tokenPrice: draft.tokenPrice,
    tokensOffered: draft.tokensOffered,
    minCommit: draft.minCommit,
  };
  for (const [field, value] of Object.entries({ ...figures, maxCommit: draft.maxCommit ?? '0' }))
    decimalField(value, field);
}

/**
 * Checks the draft (dates in order, terms valid for the pro-rata maths, the token not trading yet)
 * and stores it. `trades`: the market lists the token's USDT pair already (the operator's route
 * asks the catalogue), so it cannot be sold in a coin sale.
 */
export async function createIco(
  db: Db,
  draft: IcoDraft,
  now: number,
  opts: { trades?: boolean } = {},
): Promise<bigint> {
  const window = checkIpoWindow(draft);
  if (window) throw new ApiError(window.key, window.params);
  if (!/^[A-Z0-9]{2,12}$/.test(draft.token) || draft.token === 'USDT')
    throw new ApiError('FIELD_INVALID', { field: 'token' });
  // The maths' own checks of price, offer and scale, on an empty sale.
  const terms = icoAllocation(draft, []);
  if (terms.ok) checkColumns(draft);
  if (!terms.ok) throw new ApiError(terms.error.key, terms.error.params);
  for (const [field, value] of [
    ['minCommit', draft.minCommit],
    ['maxCommit', draft.maxCommit ?? draft.minCommit],
  ] as const)
    if (amountProblem(value, { min: '0.00000001', decimals: USDT_SCALE, unit: 'USDT' }))
      throw new ApiError('FIELD_INVALID', { field });
  if (draft.maxCommit !== null && new Decimal(draft.maxCommit).lt(draft.minCommit))
    throw new ApiError('FIELD_INVALID', { field: 'maxCommit' });
  const id = await createOffering(db, draft.token, async (tx) => {
    const earlier = await tx
      .select()
      .from(icoOfferings)
      .where(eq(icoOfferings.token, draft.token))
      .orderBy(desc(icoOfferings.id));
    const refusal = checkOfferable(
      draft.token,
      earlier.map((r) => ({ id: String(r.id), window: r })),
      now,
      { trades: opts.trades, product: 'ico' },
    );
    if (refusal) throw new ApiError(refusal.key, refusal.params);
    const [row] = await tx
      .insert(icoOfferings)
      .values({ ...draft, createdAt: now })
      .returning({ id: icoOfferings.id });
    if (!row) throw new Error('ICO insert returned nothing');
    return row.id;
  });
  icoSymbolsChanged(db);
  return id;
}
