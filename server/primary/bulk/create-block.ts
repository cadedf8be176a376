import Decimal from 'decimal.js';
import { checkBlockTerms } from '../../../domain/ipo/block';
import { parseLots } from '../../../domain/ipo/lots';
import type { StockCostSettings } from '../../../domain/rules/costs';
import type { Db } from '../../db/client';
import { blockTrades } from '../../db/schema/bulk';
import { ApiError } from '../../http/errors';
import { readSetting } from '../../settings';

/** A block as the seed, the operator and the tests create it. Lots are whole-number strings. */
export type BlockDraft = {
  symbol: string;
  /** A fraction below 1: "0.08" is 8 % off the reference price. */
  discount: string;
  lotSize?: number;
  lotsOffered: string;
  minLots?: string;
  maxLots: string;
  opensAt: number;
  closesAt: number;
  lockupDays: number;
  vipOnly?: boolean;
  /** Absent: the stock costs in force now (settings `stockCosts`); null: no costs. */
  costs?: StockCostSettings | null;
};

const lotsOf = (field: string, value: string): bigint => {
  const lots = parseLots(value);
  if (lots === null) throw new ApiError('FIELD_INVALID', { field });
  return lots;
};

/**
 * Checks the draft with domain/ipo/block's `checkBlockTerms` (a reference of 100 stands in for
 * the live one: only the discount's range matters here) and stores it; answers the id.
 */
export async function createBlock(db: Db, draft: BlockDraft, now: number): Promise<bigint> {
  if (!/^[A-Z0-9]{2,20}$/.test(draft.symbol)) throw new ApiError('FIELD_INVALID', { field: 'symbol' });
  if (!/^0(\.\d{1,6})?$/.test(draft.discount)) throw new ApiError('BLOCK_DISCOUNT_INVALID');
  const lotsOffered = lotsOf('lotsOffered', draft.lotsOffered);
  const minLots = lotsOf('minLots', draft.minLots ?? '1');
  const maxLots = lotsOf('maxLots', draft.maxLots);
  const lotSize = draft.lotSize ?? 1;
  const costs = draft.costs === undefined ? await readSetting(db, 'stockCosts') : draft.costs;
  const refusal = checkBlockTerms({
    referencePrice: '100',
    discount: draft.discount,
    lotSize,
    lotsOffered,
    minLots,
    maxLots,
    opensAt: draft.opensAt,
    closesAt: draft.closesAt,
    lockupDays: draft.lockupDays,
    vipOnly: draft.vipOnly ?? false,
    costs,
  });
  if (refusal) throw new ApiError(refusal.key, refusal.params);
  const [row] = await db
    .insert(blockTrades)
    .values({
      symbol: draft.symbol,
      discount: new Decimal(draft.discount).toFixed(),
      lotSize,
      lotsOffered: lotsOffered.toString(),
      minLots: minLots.toString(),
      maxLots: maxLots.toString(),
      opensAt: draft.opensAt,
      closesAt: draft.closesAt,
      lockupDays: draft.lockupDays,
      vipOnly: draft.vipOnly ?? false,
      costs,
      createdAt: now,
    })
    .returning({ id: blockTrades.id });
  if (!row) throw new Error('block insert returned nothing');
  return row.id;
}
