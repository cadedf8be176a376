import { useState } from 'react';
import type { CoinOrderRequest, OrderResult } from '../../../domain/protocol/trading';
import { call } from '../../api/call';
import { newClientOrderId } from '../../api/client-order-id';
import { useMoneyAction } from '../../components/form/use-money-action';

/**
 * A spot order from confirm to answer: the confirm sheet, the send as a money action (one at a
 * time; one client order id per order the user means, so a retry after a lost answer, even from
 * the sheet opened again with the same order, places once), the answer (or why not) and a counter
 * the orders list re-reads on.
 */
export function useSpotSend(onPlaced: () => void) {
  const [confirming, setConfirming] = useState(false);
  const action = useMoneyAction({ form: 'spot-order', newId: newClientOrderId });
  const [result, setResult] = useState<OrderResult | null>(null);
  const [ordersEpoch, setOrdersEpoch] = useState(0);

  async function send(request: CoinOrderRequest, tradePassword: string | undefined) {
    const outcome = await action.run(async (clientOrderId) => {
      // The declaration (and zod) loads with the first order, not with the ticket's first paint;
      // by then the orders list under the ticket has usually loaded it.
      const { coinOrderEndpoints } = await import('../../../domain/protocol/endpoints/coin-orders');
      return call(coinOrderEndpoints.add, { ...request, clientOrderId, tradePassword }, { silent: true });
    }, request);
    if (outcome.status !== 'done') return;
    setConfirming(false);
    setResult(outcome.result);
    onPlaced();
    setOrdersEpoch((n) => n + 1);
  }

  return {
    confirming,
    busy: action.busy,
    error: action.error,
    result,
    ordersEpoch,
    send,
    open() {
      action.setError('');
      setConfirming(true);
    },
    cancel() {
      setConfirming(false);
      action.setError('');
    },
    closeResult: () => setResult(null),
  };
}
