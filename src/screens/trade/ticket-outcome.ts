import Decimal from 'decimal.js';
import type { OrderResult } from '../../../domain/protocol/trading';
import type { OrderOutcome } from '../../components/trade/result-sheet';

/**
 * How a placed order ended up, for the result sheet: filled, partly filled and still open,
 * resting untouched, cut short after some fills, or nothing done (no one on the other side).
 */
export function outcomeOf(result: OrderResult): OrderOutcome {
  const { order } = result;
  const filled = new Decimal(order.filledQty);
  switch (order.status) {
    case 'closed':
      return 'filled';
    case 'partial':
    case 'in_transaction':
      return filled.gt(0) ? 'partial' : 'resting';
    case 'open':
      return filled.gt(0) ? 'partial' : 'resting';
    case 'cancelled':
    case 'system_closed':
      return filled.gt(0) ? 'cancelled' : 'rejected';
  }
}

/** A fresh idempotency id: the same id is resent when the user retries one confirmation. */
export function newClientOrderId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `t${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
