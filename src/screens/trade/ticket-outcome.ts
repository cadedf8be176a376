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
