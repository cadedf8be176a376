import type { ConditionalOrder } from '../../../domain/protocol/conditional';
import type { ConditionalRow } from '../../db/schema/conditional';
import { canonical } from '../../ledger/decimal';
import type { Instrument } from '../../market/source';
import { currenciesOf } from '../spot/booking';

/** A conditional order as the wire carries it. */
export function conditionalToWire(row: ConditionalRow): ConditionalOrder {
  const dec = (v: string | null) => (v === null ? null : canonical(v));
  return {
    id: String(row.id),
    groupId: String(row.groupId ?? row.id),
    wallet: row.wallet,
    symbol: row.symbol,
    kind: row.kind,
    side: row.side,
    quantity: canonical(row.quantity),
    trigger: canonical(row.triggerPrice),
    limit: dec(row.limitPrice),
    trailBy: row.trailBy,
    trailValue: dec(row.trailValue),
    best: dec(row.best),
    frozen: canonical(row.frozen),
    state: row.state,
    reason: row.reason,
    reasonParams: row.reasonParams ?? null,
    fired:
      row.firedPrice !== null && row.firedAt !== null && row.firedTradeId !== null
        ? { price: canonical(row.firedPrice), t: row.firedAt, tradeId: row.firedTradeId }
        : null,
    placedOrderId: row.placedOrderId === null ? null : String(row.placedOrderId),
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The currency a conditional order holds: the cash a buy will spend, the asset a sell will deliver. */
export function heldCurrency(
  row: Pick<ConditionalRow, 'wallet' | 'symbol' | 'side'>,
  instrument: Pick<Instrument, 'quote' | 'base'> | undefined,
): string {
  const { cash, asset } = currenciesOf(row, instrument);
  return row.side === 'buy' ? cash : asset;
}
