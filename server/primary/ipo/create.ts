import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { checkIpoWindow, type AllocationMethod } from '../../../domain/ipo/lifecycle';
import { checkOfferable } from '../../../domain/ipo/offerable';
import { parseLots } from '../../../domain/ipo/lots';
import type { StockCostSettings } from '../../../domain/rules/costs';
import type { LocalizedText } from '../../db/schema/content';
import type { Db } from '../../db/client';
import { ipoOfferings } from '../../db/schema/primary';
import { decimalField } from '../../http/decimal-field';
import { ApiError } from '../../http/errors';
import { readSetting } from '../../settings';
import { ipoSymbolsChanged } from './listing';
import { createOffering } from '../lifecycle/offering-lock';
import { windowOf } from './terms';

/** An IPO as the seed, the operator and the tests create it. Lots are whole-number strings. */
export type IpoDraft = {
  symbol: string;
  name: string;
  summary: LocalizedText;
  sector: LocalizedText;
  issuePrice: string;
  lotSize?: number;
  lotsRetail: string;
  lotsInstitutional: string;
  minLots?: string;
  maxLots: string;
  subscribeStart: number;
  subscribeEnd: number;
  allocationAt: number;
  refundAt: number;
  listingAt: number;
  method?: AllocationMethod;
  ticketLots?: string;
  /**
   * `hold` (the default): the application holds its cost; `pay_after`: nothing is held and the lots
   * won are paid after allocation, by the refund date (domain/ipo/lifecycle paymentDeadline).
   */
  paymentMode?: 'hold' | 'pay_after';
  /** Absent: the stock costs in force now (settings `stockCosts`); null: no costs. */
  costs?: StockCostSettings | null;
  lotterySeed?: string;
};

const lotsOf = (field: string, value: string): bigint => {
  const lots = parseLots(value);
  if (lots === null) throw new ApiError('FIELD_INVALID', { field });
  return lots;
};

/**
 * Checks the draft (dates in order, lots whole, price positive, the symbol offerable) and stores
 * it; answers the id. `trades`: the market lists the symbol already (the operator's route asks
 * the catalogue), so it cannot go public.
 */
export async function createIpo(
  db: Db,
  draft: IpoDraft,
  now: number,
  opts: { trades?: boolean } = {},
): Promise<bigint> {
  const window = checkIpoWindow(draft);
  if (window) throw new ApiError(window.key, window.params);
  if (!/^[A-Z0-9]{2,20}$/.test(draft.symbol)) throw new ApiError('FIELD_INVALID', { field: 'symbol' });
  if (!/^(0|[1-9]\d*)(\.\d{1,2})?$/.test(draft.issuePrice) || Number(draft.issuePrice) <= 0)
    throw new ApiError('FIELD_INVALID', { field: 'issuePrice' });
  // Past the money column's 20 integer digits the insert would fail: out of range instead.
  decimalField(draft.issuePrice, 'issuePrice');
  const lotSize = draft.lotSize ?? 1;
  if (!Number.isSafeInteger(lotSize) || lotSize < 1)
    throw new ApiError('FIELD_INVALID', { field: 'lotSize' });
  const minLots = lotsOf('minLots', draft.minLots ?? '1');
  const maxLots = lotsOf('maxLots', draft.maxLots);
  lotsOf('lotsRetail', draft.lotsRetail);
  lotsOf('lotsInstitutional', draft.lotsInstitutional);
  if (minLots < 1n || maxLots < minLots) throw new ApiError('FIELD_INVALID', { field: 'maxLots' });
  const method = draft.method ?? 'equal';
  const ticketLots = method === 'lottery' ? lotsOf('ticketLots', draft.ticketLots ?? '1') : null;
  if (ticketLots !== null && ticketLots < 1n) throw new ApiError('FIELD_INVALID', { field: 'ticketLots' });
  // A lottery takes whole tickets: the limits must leave at least one valid application.
  if (ticketLots !== null && (maxLots / ticketLots) * ticketLots < minLots)
    throw new ApiError('FIELD_INVALID', { field: 'ticketLots' });
  const costs = draft.costs === undefined ? await readSetting(db, 'stockCosts') : draft.costs;
  const id = await createOffering(db, draft.symbol, async (tx) => {
    const earlier = await tx
      .select()
      .from(ipoOfferings)
      .where(eq(ipoOfferings.symbol, draft.symbol))
      .orderBy(desc(ipoOfferings.id));
    const refusal = checkOfferable(
      draft.symbol,
      earlier.map((r) => ({ id: String(r.id), window: windowOf(r) })),
      now,
      { trades: opts.trades },
    );
    if (refusal) throw new ApiError(refusal.key, refusal.params);
    const [row] = await tx
      .insert(ipoOfferings)
      .values({
        symbol: draft.symbol,
        name: draft.name,
        summary: draft.summary,
        sector: draft.sector,
        issuePrice: draft.issuePrice,
        lotSize,
        lotsRetail: draft.lotsRetail,
        lotsInstitutional: draft.lotsInstitutional,
        minLots: minLots.toString(),
        maxLots: maxLots.toString(),
        subscribeStart: draft.subscribeStart,
        subscribeEnd: draft.subscribeEnd,
        allocationAt: draft.allocationAt,
        refundAt: draft.refundAt,
        listingAt: draft.listingAt,
        method,
        ticketLots: ticketLots?.toString() ?? null,
        paymentMode: draft.paymentMode ?? 'hold',
        costs,
        lotterySeed: draft.lotterySeed ?? randomBytes(16).toString('hex'),
        createdAt: now,
      })
      .returning({ id: ipoOfferings.id });
    if (!row) throw new Error('IPO insert returned nothing');
    return row.id;
  });
  ipoSymbolsChanged(db);
  return id;
}
