import { useRef, useState } from 'react';
import type { CoinOrderRequest, OrderResult } from '../../../domain/protocol/trading';
import { coinOrderEndpoints } from '../../../domain/protocol/endpoints/coin-orders';
import { call } from '../../api/call';
import { newClientOrderId } from '../../api/client-order-id';
import { isApiError } from '../../api/request';
import { isFinalRefusal, RequestIntent } from '../../state/request-intent';
import { useErrorText } from '../../components/content/state-views';

/**
 * A spot order from confirm to answer: the confirm sheet, one client order id per order the user
 * means, one send at a time, the answer (or why not) and a counter the orders list re-reads on.
 */
export function useSpotSend(onPlaced: () => void) {
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  // One id per order the user means: a retry after a lost answer resends it, even from the sheet
  // opened again with the same order, so the broker places once.
  const [clientOrderId, setClientOrderId] = useState('');
  const [orderIds] = useState(() => new RequestIntent('spot-order', newClientOrderId));
  const [busy, setBusy] = useState(false);
  // Set at once, unlike `busy`: a second send while the first is in flight is dropped.
  const inFlight = useRef(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<OrderResult | null>(null);
  const [ordersEpoch, setOrdersEpoch] = useState(0);

  async function send(request: CoinOrderRequest, tradePassword: string | undefined) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError('');
    try {
      const answer = await call(
        coinOrderEndpoints.add,
        { ...request, clientOrderId, tradePassword },
        { silent: true },
      );
      orderIds.done();
      setConfirming(false);
      setResult(answer);
      onPlaced();
      setOrdersEpoch((n) => n + 1);
    } catch (failure) {
      // A refusal is the order's answer (nothing placed): the same order confirmed again is a new one.
      // Not one whose outcome is unknown (REQUEST_IN_PROGRESS, TRADING_UNCONFIRMED): it may be placed.
      if (isFinalRefusal(failure)) orderIds.done();
      if (!isApiError(failure) || failure.kind !== 'session') setError(errorText(failure));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return {
    confirming,
    busy,
    error,
    result,
    ordersEpoch,
    send,
    open(request: CoinOrderRequest) {
      setClientOrderId(orderIds.idFor(request));
      setConfirming(true);
    },
    cancel() {
      setConfirming(false);
      setError('');
    },
    closeResult: () => setResult(null),
  };
}
